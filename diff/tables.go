package diff

import (
	"cmp"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/extract"
)

// TableSimilarity is how alike two tables of different ids must be to be
// one table renamed or moved. A table is read as the bag of its column
// names and its cells' texts (white space normalized, empty cells left
// out), and two tables are compared by the Dice coefficient of their bags:
// 2·common / (cells of one + cells of the other). 0.5 keeps a table whose
// section was renamed and a few cells edited, and tells apart two tables
// that only share a column name or two. The same threshold pairs a column
// whose header changed with its old self by the column's values.
//
// Tables alike enough pair first, the most similar first (the same id or
// place breaking ties); then tables with the same id, or at the same place
// in sections the section diff matched (one renamed, say), pair whatever
// their similarity.
const TableSimilarity = 0.5

// CellChange is a value that changed: row (its key), column, old and new.
type CellChange struct {
	Row    string `json:"row"`
	Column string `json:"column"`
	From   any    `json:"from"`
	To     any    `json:"to"`
}

// ColumnRename is a column whose header changed and whose values are
// (mostly) the same.
type ColumnRename struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// TableChange is what changed in one rule table.
type TableChange struct {
	// ID is the table's id: the new one, or for a removed table the old.
	ID     string          `json:"id"`
	Title  string          `json:"title,omitempty"`
	Change TableChangeKind `json:"change"`
	// FromID and ToID are a renamed table's old and new ids.
	FromID string `json:"from_id,omitempty"`
	ToID   string `json:"to_id,omitempty"`
	// ValuesChanged is true when a value changed, a row or a column was
	// added or removed, or the table itself was: what the exit status of
	// `wikirules diff` reports. Renames (of the table or of a column),
	// moves and formatting change no value.
	ValuesChanged  bool             `json:"values_changed"`
	ColumnsAdded   []string         `json:"columns_added,omitempty"`
	ColumnsRemoved []string         `json:"columns_removed,omitempty"`
	ColumnsRenamed []ColumnRename   `json:"columns_renamed,omitempty"`
	RowsAdded      []map[string]any `json:"rows_added"`
	RowsRemoved    []map[string]any `json:"rows_removed"`
	Cells          []CellChange     `json:"cells"`
	// FormattingCells counts cells whose wikitext changed but whose value
	// did not (bold added, spacing, a template giving the same text).
	FormattingCells int `json:"formatting_cells,omitempty"`
}

// ValueChanged reports whether the change touches values (not only
// formatting, renames or moves).
func (c TableChange) ValueChanged() bool { return c.ValuesChanged }

func rowMap(t *extract.Table, r extract.Row) map[string]any {
	m := make(map[string]any, len(t.Columns))
	for i, c := range t.Columns {
		if i < len(r) {
			m[c] = r[i].Value
		} else {
			m[c] = nil
		}
	}
	return m
}

func normSpace(s string) string {
	if spacedOnce(s) {
		// Most cells are already so: no copy.
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// spacedOnce reports whether s is its words each separated by one space,
// as normSpace makes it: ASCII, no space at either end, no other space.
func spacedOnce(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= utf8.RuneSelf:
			return false // Fields knows the spaces outside ASCII
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				return false
			}
		case c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		}
	}
	return true
}

func sameValue(a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
	case string:
		y, ok := b.(string)
		return ok && normSpace(x) == normSpace(y)
	}
	return false
}

// Tables compares the rule tables of two revisions without their trees:
// tables pair by id, by content, or by the title of their section.
// Compare, which has the trees, also follows renamed sections.
func Tables(a, b *extract.PageTables) []TableChange {
	sameSection := func(ta, tb *extract.Table) bool {
		return len(ta.Section) > 0 && len(tb.Section) > 0 && normTitle(ta.Section[len(ta.Section)-1]) == normTitle(tb.Section[len(tb.Section)-1])
	}
	return tableChanges(matchTables(a.Tables, b.Tables, func(i, j int) bool { return sameSection(a.Tables[i], b.Tables[j]) }))
}

// tableMatching pairs the tables of two revisions; pairs are in the new
// revision's order.
type tableMatching struct {
	a, b []*extract.Table
	// pairOf[j] is table j of b with the table of a it continues, or
	// nil for a table added.
	pairOf []*tablePair
	matchA []int // index in b, or -1
	matchB []int // index in a, or -1
}

// tablePair is a table and what it became: which column and row of the
// old table each column and row of the new one continues.
type tablePair struct {
	a, b *extract.Table
	// colOf[c] is the column of a that column c of b continues, or -1.
	colOf []int
	// rowOf[r] is the row of a that row r of b continues, or -1.
	rowOf []int
	// keyB is the column of b whose values name the rows (-1: rows are
	// named by their position).
	keyB int
}

// bag is a table read as a multiset of texts: its non-empty cells. Column
// names are left out: two small tables with the generic columns of the
// same form ("label", "value") and one number in common are not alike.
func bag(t *extract.Table) map[string]int {
	m := make(map[string]int, len(t.Columns)*(len(t.Rows)+1))
	for _, r := range t.Rows {
		for _, c := range r {
			if s := normSpace(c.Text); s != "" {
				m[s]++
			}
		}
	}
	return m
}

// dice is the Dice coefficient of two bags.
func dice(a, b map[string]int) float64 {
	na, nb, common := 0, 0, 0
	for s, k := range a {
		na += k
		common += min(k, b[s])
	}
	for _, k := range b {
		nb += k
	}
	if na+nb == 0 {
		return 0
	}
	return 2 * float64(common) / float64(na+nb)
}

// matchTables pairs tables: the same id with the same wikitext first; then
// the best pairs among same id, linked (the caller's notion of "the same
// place": the same section, or one the section diff matched) and
// similar content (TableSimilarity).
func matchTables(a, b []*extract.Table, linked func(i, j int) bool) *tableMatching {
	m := &tableMatching{a: a, b: b, matchA: make([]int, len(a)), matchB: make([]int, len(b))}
	for i := range m.matchA {
		m.matchA[i] = -1
	}
	for j := range m.matchB {
		m.matchB[j] = -1
	}
	byID := map[string]int{}
	for i, t := range a {
		byID[t.ID] = i
	}
	for j, t := range b {
		if i, ok := byID[t.ID]; ok && a[i].Raw == t.Raw {
			m.matchA[i], m.matchB[j] = j, i
		}
	}
	ua, ub := unmatched(m.matchA), unmatched(m.matchB)
	if len(ua) > 0 && len(ub) > 0 {
		bagsA := make([]map[string]int, len(ua))
		for x, i := range ua {
			bagsA[x] = bag(a[i])
		}
		bagsB := make([]map[string]int, len(ub))
		for y, j := range ub {
			bagsB[y] = bag(b[j])
		}
		window := len(ub)
		if len(ua)*len(ub) > maxRenameCandidates {
			window = max(1, maxRenameCandidates/len(ua)/2)
		}
		type cand struct {
			i, j  int
			score float64
			dist  int
		}
		// Similar content first: a table's id or place breaks ties there,
		// but never outweighs content (two numeric tables share many
		// numbers). Then, among the tables left, those with the same id or
		// place, whatever their content.
		var similar, placed []cand
		for x, i := range ua {
			center := x * len(ub) / len(ua)
			for y := max(0, center-window); y < min(len(ub), center+window+1); y++ {
				j := ub[y]
				d := dice(bagsA[x], bagsB[y])
				same, link := a[i].ID == b[j].ID, linked != nil && linked(i, j)
				bonus := 0.0
				if same {
					bonus += 0.01
				}
				if link {
					bonus += 0.01
				}
				c := cand{i, j, d + bonus, abs(i - j)}
				switch {
				case d >= TableSimilarity:
					similar = append(similar, c)
				case same || link:
					placed = append(placed, c)
				}
			}
		}
		for _, cands := range [][]cand{similar, placed} {
			sort.SliceStable(cands, func(x, y int) bool {
				if cands[x].score != cands[y].score {
					return cands[x].score > cands[y].score
				}
				return cands[x].dist < cands[y].dist
			})
			for _, c := range cands {
				if m.matchA[c.i] < 0 && m.matchB[c.j] < 0 {
					m.matchA[c.i], m.matchB[c.j] = c.j, c.i
				}
			}
		}
	}
	m.pairOf = make([]*tablePair, len(b))
	for j, i := range m.matchB {
		if i >= 0 {
			m.pairOf[j] = pairTable(a[i], b[j])
		}
	}
	return m
}

// columnFinder returns t.Column, by a map for a table of many columns:
// each column of a table of a hundred thousand looked for its name among
// all of the other's.
func columnFinder(t *extract.Table) func(name string) int {
	if len(t.Columns) <= 16 {
		return t.Column
	}
	at := make(map[string]int, len(t.Columns))
	for i, c := range t.Columns {
		if _, ok := at[c]; !ok {
			at[c] = i // the first, as Column finds it
		}
	}
	return func(name string) int {
		if i, ok := at[name]; ok {
			return i
		}
		return -1
	}
}

// pairTable matches the columns of two tables (by name, then by values)
// and their rows (by the key column, or by position).
func pairTable(ta, tb *extract.Table) *tablePair {
	p := &tablePair{a: ta, b: tb, colOf: make([]int, len(tb.Columns)), keyB: -1}
	usedA := make([]bool, len(ta.Columns))
	columnA := columnFinder(ta)
	for c, name := range tb.Columns {
		p.colOf[c] = -1
		if k := columnA(name); k >= 0 {
			p.colOf[c], usedA[k] = k, true
		}
	}
	p.renameColumns(usedA)
	// The key: the old table's, when the new table still has that column;
	// else the new table's, when the old one had it.
	if k := ta.Column(ta.Key); k >= 0 {
		for c, ca := range p.colOf {
			if ca == k {
				p.keyB = c
			}
		}
	}
	if k := tb.Column(tb.Key); p.keyB < 0 && k >= 0 && p.colOf[k] >= 0 {
		p.keyB = k
	}
	switch {
	case p.rowsInPlace():
	case p.keyB >= 0:
		p.rowsByKey()
	default:
		p.rowsByPosition()
	}
	return p
}

// rowsInPlace pairs every row with the row at its place when the tables
// have their columns in the same places and the same rows, as most tables
// of most edits do: rowsByKey and rowsByPosition pair them so too (every
// key and every row's fingerprint is the one at its place), through maps
// of the rows' texts.
func (p *tablePair) rowsInPlace() bool {
	if len(p.a.Rows) != len(p.b.Rows) || len(p.a.Columns) != len(p.b.Columns) {
		return false
	}
	for c, ca := range p.colOf {
		if ca != c {
			return false
		}
	}
	for r, rb := range p.b.Rows {
		ra := p.a.Rows[r]
		for c := range p.b.Columns {
			if c < len(ra) && c < len(rb) && ra[c].Text == rb[c].Text {
				continue
			}
			if cellText(ra, c) != cellText(rb, c) {
				return false
			}
		}
	}
	p.rowOf = make([]int, len(p.b.Rows))
	for r := range p.rowOf {
		p.rowOf[r] = r
	}
	return true
}

// columnValues are the normalized non-empty texts of a column.
func columnValues(t *extract.Table, c int) map[string]int {
	m := map[string]int{}
	for _, r := range t.Rows {
		if c < len(r) {
			if s := normSpace(r[c].Text); s != "" {
				m[s]++
			}
		}
	}
	return m
}

// renameColumns pairs the columns left over on both sides whose values
// are alike (TableSimilarity); two empty columns at the same place are
// the same column too.
func (p *tablePair) renameColumns(usedA []bool) {
	var freeB []int
	for c, ca := range p.colOf {
		if ca < 0 {
			freeB = append(freeB, c)
		}
	}
	if len(freeB) == 0 {
		return
	}
	type cand struct {
		ca, cb int
		sim    float64
	}
	var cands []cand
	valsB := map[int]map[string]int{}
	for _, cb := range freeB {
		valsB[cb] = columnValues(p.b, cb)
	}
	var freeA []int
	for ca := range p.a.Columns {
		if !usedA[ca] {
			freeA = append(freeA, ca)
		}
	}
	// Past maxRenameCandidates pairs (a table of a thousand columns), a
	// column is compared only with the free columns near its place.
	window := len(freeB)
	if len(freeA)*len(freeB) > maxRenameCandidates {
		window = max(1, maxRenameCandidates/max(1, len(freeA))/2)
	}
	for x, ca := range freeA {
		va := columnValues(p.a, ca)
		center := x * len(freeB) / len(freeA)
		for y := max(0, center-window); y < min(len(freeB), center+window+1); y++ {
			cb := freeB[y]
			vb := valsB[cb]
			s := dice(va, vb)
			if len(va) == 0 && len(vb) == 0 && ca == cb {
				s = 1
			}
			if s >= TableSimilarity {
				cands = append(cands, cand{ca, cb, s})
			}
		}
	}
	sort.SliceStable(cands, func(x, y int) bool {
		if cands[x].sim != cands[y].sim {
			return cands[x].sim > cands[y].sim
		}
		return abs(cands[x].ca-cands[x].cb) < abs(cands[y].ca-cands[y].cb)
	})
	for _, c := range cands {
		if !usedA[c.ca] && p.colOf[c.cb] < 0 {
			p.colOf[c.cb], usedA[c.ca] = c.ca, true
		}
	}
}

func cellText(r extract.Row, c int) string {
	if c >= 0 && c < len(r) {
		return normSpace(r[c].Text)
	}
	return ""
}

// keyOf is what names a row by its cell in column c: the cell's number
// when it is one (a key written "1,000" in one revision and "1000" or
// "1,000 VP" in the next names the same row, as sameValue finds its
// value the same), else its text.
func keyOf(r extract.Row, c int) string {
	if c >= 0 && c < len(r) {
		switch v := r[c].Value.(type) {
		case int64:
			return "\x00" + strconv.FormatInt(v, 10)
		case float64:
			if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
				return "\x00" + strconv.FormatInt(int64(v), 10) // 5.0 is 5
			}
			return "\x00" + strconv.FormatFloat(v, 'g', -1, 64)
		}
	}
	return cellText(r, c)
}

// distinctKeys reports whether no two rows have one keyOf in column c.
func distinctKeys(rows []extract.Row, c int) bool {
	seen := make(map[string]bool, len(rows))
	for _, r := range rows {
		k := keyOf(r, c)
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// rowsByKey pairs rows with the same key (keyOf); rows with the same key
// pair up in order. Keys are the cells' numbers only when no two rows of
// either revision have one number ("4 players" and "4 teams", "+1" and
// "1", "5%" and "5" are rows of their own, named by their texts).
func (p *tablePair) rowsByKey() {
	ka := p.colOf[p.keyB]
	key := keyOf
	if !distinctKeys(p.a.Rows, ka) || !distinctKeys(p.b.Rows, p.keyB) {
		key = cellText
	}
	byKey := map[string][]int{}
	for i, r := range p.a.Rows {
		k := key(r, ka)
		byKey[k] = append(byKey[k], i)
	}
	p.rowOf = make([]int, len(p.b.Rows))
	for j, r := range p.b.Rows {
		p.rowOf[j] = -1
		k := key(r, p.keyB)
		if is := byKey[k]; len(is) > 0 {
			p.rowOf[j] = is[0]
			byKey[k] = is[1:]
		}
	}
}

// rowsByPosition pairs the rows of tables without a key column: equal rows
// (on the columns both have) by a sequence diff, and the rows between them
// by position, so an inserted row is an added row and an edited one a
// changed cell.
func (p *tablePair) rowsByPosition() {
	in := newInterner()
	defer in.release()
	var sb strings.Builder
	fingerprint := func(r extract.Row, cols func(c int) int, n int) int {
		sb.Reset()
		for c := 0; c < n; c++ {
			if k := cols(c); k >= 0 {
				sb.WriteString(cellText(r, k))
				sb.WriteByte(0)
			}
		}
		return in.id(sb.String())
	}
	// The columns both tables have, in b's order.
	colA := func(c int) int { return p.colOf[c] }
	colB := func(c int) int {
		if p.colOf[c] >= 0 {
			return c
		}
		return -1
	}
	fa := make([]int, len(p.a.Rows))
	for i, r := range p.a.Rows {
		fa[i] = fingerprint(r, colA, len(p.b.Columns))
	}
	fb := make([]int, len(p.b.Rows))
	for j, r := range p.b.Rows {
		fb[j] = fingerprint(r, colB, len(p.b.Columns))
	}
	p.rowOf = make([]int, len(p.b.Rows))
	for j := range p.rowOf {
		p.rowOf[j] = -1
	}
	ops := Sequences(fa, fb)
	for k := 0; k < len(ops); k++ {
		op := ops[k]
		switch op.Kind {
		case OpEqual:
			for d := 0; d < op.AEnd-op.AStart; d++ {
				p.rowOf[op.BStart+d] = op.AStart + d
			}
		case OpDelete:
			if k+1 < len(ops) && ops[k+1].Kind == OpInsert {
				ins := ops[k+1]
				for d := 0; d < min(op.AEnd-op.AStart, ins.BEnd-ins.BStart); d++ {
					p.rowOf[ins.BStart+d] = op.AStart + d
				}
				k++
			}
		}
	}
}

// rowLabel names row j of the new table: its key, or its position.
func (p *tablePair) rowLabel(j int) string {
	if p.keyB >= 0 {
		return cellText(p.b.Rows[j], p.keyB)
	}
	return fmt.Sprintf("#%d", j+1)
}

// change describes what changed between the two tables; ok is false when
// nothing did.
func (p *tablePair) change() (TableChange, bool) {
	ta, tb := p.a, p.b
	c := TableChange{ID: tb.ID, Title: tb.Title, RowsAdded: []map[string]any{}, RowsRemoved: []map[string]any{}, Cells: []CellChange{}}
	usedA := make([]bool, len(ta.Columns))
	for cb, ca := range p.colOf {
		switch {
		case ca < 0:
			c.ColumnsAdded = append(c.ColumnsAdded, tb.Columns[cb])
		default:
			usedA[ca] = true
			if ta.Columns[ca] != tb.Columns[cb] {
				c.ColumnsRenamed = append(c.ColumnsRenamed, ColumnRename{From: ta.Columns[ca], To: tb.Columns[cb]})
			}
		}
	}
	for ca, used := range usedA {
		if !used {
			c.ColumnsRemoved = append(c.ColumnsRemoved, ta.Columns[ca])
		}
	}
	matched := make([]bool, len(ta.Rows))
	for j, rb := range tb.Rows {
		i := p.rowOf[j]
		if i < 0 {
			c.RowsAdded = append(c.RowsAdded, rowMap(tb, rb))
			continue
		}
		matched[i] = true
		ra := ta.Rows[i]
		for cb, ca := range p.colOf {
			if ca < 0 || cb == p.keyB {
				continue
			}
			var va, vb any
			var sa, sb string
			if ca < len(ra) {
				va, sa = ra[ca].Value, ra[ca].Source
			}
			if cb < len(rb) {
				vb, sb = rb[cb].Value, rb[cb].Source
			}
			if !sameValue(va, vb) {
				c.Cells = append(c.Cells, CellChange{Row: p.rowLabel(j), Column: tb.Columns[cb], From: va, To: vb})
			} else if sa != sb {
				c.FormattingCells++
			}
		}
	}
	for i, ra := range ta.Rows {
		if !matched[i] {
			c.RowsRemoved = append(c.RowsRemoved, rowMap(ta, ra))
		}
	}
	if !sameValue(ta.DeclaredTotal, tb.DeclaredTotal) {
		// The total the page states ("108 cards:", a table's Total row) is
		// a value too, shown as a cell of its own.
		col := cmp.Or(tb.TotalColumn, ta.TotalColumn, "count")
		c.Cells = append(c.Cells, CellChange{Row: "declared total", Column: col, From: ta.DeclaredTotal, To: tb.DeclaredTotal})
	}
	c.ValuesChanged = len(c.Cells) > 0 || len(c.RowsAdded) > 0 || len(c.RowsRemoved) > 0 || len(c.ColumnsAdded) > 0 || len(c.ColumnsRemoved) > 0
	switch {
	case ta.ID != tb.ID:
		c.Change, c.FromID, c.ToID = TableRenamed, ta.ID, tb.ID
	case c.ValuesChanged || len(c.ColumnsRenamed) > 0:
		c.Change = TableModified
	case ta.Raw != tb.Raw || c.FormattingCells > 0 || ta.Caption != tb.Caption:
		c.Change = TableFormatting
	default:
		return c, false
	}
	return c, true
}

// tableChanges lists the changes of a matching: the new revision's tables
// in order (changed, renamed or added), then the removed ones.
func tableChanges(m *tableMatching) []TableChange {
	var out []TableChange
	for j, tb := range m.b {
		if m.matchB[j] < 0 {
			c := TableChange{ID: tb.ID, Title: tb.Title, Change: TableAdded, ValuesChanged: true, RowsRemoved: []map[string]any{}, Cells: []CellChange{}}
			for _, r := range tb.Rows {
				c.RowsAdded = append(c.RowsAdded, rowMap(tb, r))
			}
			out = append(out, c)
			continue
		}
		if c, changed := m.pairOf[j].change(); changed {
			out = append(out, c)
		}
	}
	for i, ta := range m.a {
		if m.matchA[i] < 0 {
			c := TableChange{ID: ta.ID, Title: ta.Title, Change: TableRemoved, ValuesChanged: true, RowsAdded: []map[string]any{}, Cells: []CellChange{}}
			for _, r := range ta.Rows {
				c.RowsRemoved = append(c.RowsRemoved, rowMap(ta, r))
			}
			out = append(out, c)
		}
	}
	return out
}
