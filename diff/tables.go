package diff

import (
	"fmt"
	"strings"

	"github.com/wikirules/wikirules/extract"
)

// CellChange is a value that changed: row (its key), column, old and new.
type CellChange struct {
	Row    string `json:"row"`
	Column string `json:"column"`
	From   any    `json:"from"`
	To     any    `json:"to"`
}

// TableChange is what changed in one rule table.
type TableChange struct {
	ID             string           `json:"id"`
	Title          string           `json:"title,omitempty"`
	Change         TableChangeKind  `json:"change"`
	ColumnsAdded   []string         `json:"columns_added,omitempty"`
	ColumnsRemoved []string         `json:"columns_removed,omitempty"`
	RowsAdded      []map[string]any `json:"rows_added"`
	RowsRemoved    []map[string]any `json:"rows_removed"`
	Cells          []CellChange     `json:"cells"`
	// FormattingCells counts cells whose wikitext changed but whose value
	// did not (bold added, spacing, a template giving the same text).
	FormattingCells int `json:"formatting_cells,omitempty"`
}

// ValueChanged reports whether the change touches values (not only
// formatting).
func (c TableChange) ValueChanged() bool { return c.Change != TableFormatting }

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

// rowKey identifies a row: its key cell's text, or its position.
func rowKey(t *extract.Table, key string, r extract.Row, i int) string {
	if k := t.Column(key); k >= 0 && k < len(r) {
		return strings.Join(strings.Fields(r[k].Text), " ")
	}
	return fmt.Sprintf("#%d", i+1)
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
		return ok && strings.Join(strings.Fields(x), " ") == strings.Join(strings.Fields(y), " ")
	}
	return false
}

// Tables compares the rule tables of two revisions, matching tables by id
// and rows by their key column.
func Tables(a, b *extract.PageTables) []TableChange {
	var out []TableChange
	old := map[string]*extract.Table{}
	for _, t := range a.Tables {
		old[t.ID] = t
	}
	seen := map[string]bool{}
	for _, tb := range b.Tables {
		seen[tb.ID] = true
		ta := old[tb.ID]
		if ta == nil {
			c := TableChange{ID: tb.ID, Title: tb.Title, Change: TableAdded, RowsRemoved: []map[string]any{}, Cells: []CellChange{}}
			for _, r := range tb.Rows {
				c.RowsAdded = append(c.RowsAdded, rowMap(tb, r))
			}
			out = append(out, c)
			continue
		}
		if c, changed := compareTable(ta, tb); changed {
			out = append(out, c)
		}
	}
	for _, ta := range a.Tables {
		if !seen[ta.ID] {
			c := TableChange{ID: ta.ID, Title: ta.Title, Change: TableRemoved, RowsAdded: []map[string]any{}, Cells: []CellChange{}}
			for _, r := range ta.Rows {
				c.RowsRemoved = append(c.RowsRemoved, rowMap(ta, r))
			}
			out = append(out, c)
		}
	}
	return out
}

func compareTable(ta, tb *extract.Table) (TableChange, bool) {
	c := TableChange{ID: tb.ID, Title: tb.Title, RowsAdded: []map[string]any{}, RowsRemoved: []map[string]any{}, Cells: []CellChange{}}
	// Columns.
	inA := map[string]bool{}
	for _, col := range ta.Columns {
		inA[col] = true
	}
	inB := map[string]bool{}
	for _, col := range tb.Columns {
		inB[col] = true
		if !inA[col] {
			c.ColumnsAdded = append(c.ColumnsAdded, col)
		}
	}
	for _, col := range ta.Columns {
		if !inB[col] {
			c.ColumnsRemoved = append(c.ColumnsRemoved, col)
		}
	}
	// The key: the old table's, when both tables have that column.
	key := ta.Key
	if key == "" || tb.Column(key) < 0 {
		key = tb.Key
	}
	if key != "" && ta.Column(key) < 0 {
		key = ""
	}
	// Rows by key; rows with the same key pair up in order.
	byKey := map[string][]int{}
	for i, r := range ta.Rows {
		k := rowKey(ta, key, r, i)
		byKey[k] = append(byKey[k], i)
	}
	matched := make([]bool, len(ta.Rows))
	for j, rb := range tb.Rows {
		k := rowKey(tb, key, rb, j)
		is := byKey[k]
		if len(is) == 0 {
			c.RowsAdded = append(c.RowsAdded, rowMap(tb, rb))
			continue
		}
		i := is[0]
		byKey[k] = is[1:]
		matched[i] = true
		ra := ta.Rows[i]
		for cb, col := range tb.Columns {
			ca := ta.Column(col)
			if ca < 0 || col == key && key != "" {
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
				c.Cells = append(c.Cells, CellChange{Row: k, Column: col, From: va, To: vb})
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
	valueChange := len(c.Cells) > 0 || len(c.RowsAdded) > 0 || len(c.RowsRemoved) > 0 || len(c.ColumnsAdded) > 0 || len(c.ColumnsRemoved) > 0
	switch {
	case valueChange:
		c.Change = TableModified
	case ta.Raw != tb.Raw || c.FormattingCells > 0 || ta.Caption != tb.Caption:
		c.Change = TableFormatting
	default:
		return c, false
	}
	return c, true
}
