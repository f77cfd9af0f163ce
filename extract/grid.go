package extract

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// gridCell is a cell placed on the table grid.
type gridCell struct {
	node   *model.Node
	header bool
	origin bool // the slot where the cell starts (not a span copy)
	wide   bool // spans more than one column
}

// gridTable extracts a wikitable or HTML table: the grid with colspan and
// rowspan expanded, header rows (a spanning title row above the real
// header row included), and the data rows.
func (x *extractor) gridTable(n *model.Node) {
	form := FormWikitable
	if src := x.doc.Source; n.Pos < len(src) && n.Pos+6 <= len(src) && strings.EqualFold(src[n.Pos:n.Pos+6], "<table") {
		form = FormHTML
	}
	t := x.newTable(n, form)
	totalRows, srcCells := 0, 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind == model.KindRow {
			totalRows++
			for cell := c.FirstChild; cell != nil; cell = cell.NextSibling {
				if cell.Kind == model.KindCell {
					srcCells++
				}
			}
		}
	}
	// The grid is bounded by the input: at most gridBudget(srcCells)
	// slots (rows × width), however large the spans, so a 1 KB table of
	// colspan=1000 rowspan=65534 cells cannot make gigabytes. maxWidth
	// follows from it; spans are clamped to it, and cells that start past
	// it are left out, with a warning.
	budget := gridBudget(srcCells)
	maxWidth := max(1, budget/max(1, totalRows))
	spanWork := 0 // slots written by spans, conflicts included
	bounded := false
	rows := make([][]gridCell, totalRows)
	rowIndex := 0
	conflict := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Kind {
		case model.KindCaption:
			t.Caption = strings.TrimSpace(cellText(c))
		case model.KindRow:
			r := rowIndex
			rowIndex++
			col := 0
			for cell := c.FirstChild; cell != nil; cell = cell.NextSibling {
				if cell.Kind != model.KindCell {
					continue
				}
				for col < len(rows[r]) && rows[r][col].node != nil {
					col++
				}
				if col >= maxWidth {
					bounded = true
					break
				}
				cs := spanAttr(cell, "colspan")
				// A rowspan past the last row stops there.
				rs := min(spanAttr(cell, "rowspan"), totalRows-r)
				if col+cs > maxWidth {
					cs, bounded = maxWidth-col, true
				}
				if spanWork+cs*rs > 2*budget {
					// Overlapping spans could write the same slots again
					// and again: past the budget, a cell is 1×1.
					cs, rs, bounded = 1, 1, true
				}
				spanWork += cs * rs
				for dr := 0; dr < rs; dr++ {
					row := rows[r+dr]
					for len(row) < col+cs {
						row = append(row, gridCell{})
					}
					for dc := 0; dc < cs; dc++ {
						if row[col+dc].node != nil {
							conflict = true
						}
						row[col+dc] = gridCell{node: cell, header: cell.Header(), origin: dr == 0 && dc == 0, wide: cs > 1}
					}
					rows[r+dr] = row
				}
				col += cs
			}
		}
	}
	if bounded {
		x.warn(n.Pos, model.MsgTableSize, "table %s: its spans make a grid larger than its %d cells allow (at most %d slots, %d columns); spans are cut there and cells past it left out", t.ID, srcCells, budget, maxWidth)
	}
	// Rows made only by a rowspan past the end are dropped.
	for len(rows) > 0 && len(rows[len(rows)-1]) == 0 {
		rows = rows[:len(rows)-1]
	}
	if len(rows) == 0 {
		return
	}
	if conflict {
		x.warn(n.Pos, model.MsgSpanConflict, "table %s: cells overlap (conflicting rowspan/colspan); extracted as laid out", t.ID)
	}
	// A header row of its own inside the data ("! Bonus !! VP" under
	// rows of "! Hand !! Points") starts another table: read as a row,
	// it put its names among the values and the rows under it in columns
	// they are not in.
	// The parts are found with the table's width and each made with its
	// own: the width of the rows left, measured for each part, was time
	// quadratic in the parts.
	width := gridWidth(rows)
	for {
		nh := x.headerRows(rows, width)
		k := x.nextPart(rows, nh, width)
		if k < len(rows) {
			t.Source.End = min(max(partPos(rows[k]), t.Source.Pos), t.Source.End)
		}
		x.gridPart(t, rows[:k], nh, gridWidth(rows[:k]))
		if k == len(rows) {
			return
		}
		rows = rows[k:]
		end := t.Source.End
		t = x.newTable(n, form)
		t.Source.Pos = end
		t.Source.Line = x.doc.Line(end)
	}
}

// gridWidth is the number of columns of rows: the widest row's.
func gridWidth(rows [][]gridCell) int {
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	return width
}

// partPos is where a row of the grid starts in the revision: its first
// own cell's row.
func partPos(r []gridCell) int {
	for _, gc := range r {
		if gc.node != nil && gc.origin {
			if gc.node.Parent != nil && gc.node.Parent.Kind == model.KindRow {
				return gc.node.Parent.Pos
			}
			return gc.node.Pos
		}
	}
	return -1
}

// nextPart is the index of the row where the table's next part starts
// (len(rows) when it has none): a row under the first data row whose
// cells are all "!" cells of its own reading as text, not the header row
// again, with a row of data cells after it; a full-width row right
// above it is its title. One of numbers ("! Straight !! 5") is data
// written as headers, and one with nothing but header rows or a Total
// after it ends the table as it is.
func (x *extractor) nextPart(rows [][]gridCell, nh, width int) int {
	if nh == 0 {
		return len(rows)
	}
	for i := nh + 1; i < len(rows)-1; i++ {
		if !ownHeaderRow(rows[i]) || spanRow(rows[i], width) || repeatsHeader(rows[i], rows[nh-1]) {
			continue
		}
		data := false
		for _, r := range rows[i+1:] {
			if !x.headerRow(r) {
				data = true
				break
			}
		}
		if !data {
			break
		}
		if spanRow(rows[i-1], width) && i-1 > nh {
			return i - 1
		}
		return i
	}
	return len(rows)
}

// ownHeaderRow reports whether every cell of a row is a header cell of
// the row (none brought down by a rowspan, none missing) and at least two
// of them, every one that is not empty, read as text.
func ownHeaderRow(r []gridCell) bool {
	texts := 0
	for _, gc := range r {
		if gc.node == nil || !gc.header || gc.node.Parent != r[0].node.Parent {
			return false
		}
		switch CellValue(cellText(gc.node)).(type) {
		case nil:
		case string:
			if gc.origin {
				texts++
			}
		default:
			return false
		}
	}
	return texts >= 2
}

// headerRows is the number of header rows rows start with.
func (x *extractor) headerRows(rows [][]gridCell, width int) int {
	// Header rows: the leading rows whose cells all read as headers. A
	// full-width cell after a real header row starts a group of rows; it
	// is not a header.
	nh := 0
	multi := false
	// A first row that is one cell across the table, above a header row,
	// is the table's title even when it is not written as a header
	// ("| colspan=2 | Scores"): adding one changes no value.
	if len(rows) > 2 && spanRow(rows[0], width) && !spanRow(rows[1], width) && x.headerRow(rows[1]) {
		nh = 1
	}
	for nh < len(rows)-1 && x.headerRow(rows[nh]) {
		if spanRow(rows[nh], width) && multi {
			break
		}
		if multi && !ownHeaderCell(rows[nh]) {
			// Under a header row, a row of bold cells and no "!" one is
			// data made to stand out ("| '''Gold''' || '''10'''").
			break
		}
		if multi && dataUnder(rows[nh], rows[nh-1]) {
			break
		}
		if !spanRow(rows[nh], width) {
			multi = true
		}
		nh++
	}
	if nh == 0 && len(rows) > 1 && x.headerRow(rows[0]) {
		nh = 1
	}
	return nh
}

// dataUnder reports whether a row of header cells under a header row is
// data written in "!" cells ("! Hand !! Points" over "! Pair !! 2"): it
// starts with a name of its own and holds a number, and the row above
// groups no columns for it (no cell over several columns, none that
// runs down into it), as "! colspan=3 | Players" does over "! 2 !! 3 !!
// 4". Read as header rows, such rows named the columns ("Trips", "5")
// and the rows under them were all the data left.
func dataUnder(r, above []gridCell) bool {
	if len(r) == 0 || r[0].node == nil || !r[0].origin || strings.TrimSpace(cellText(r[0].node)) == "" {
		return false
	}
	for c, gc := range above {
		if gc.wide || gc.node != nil && c < len(r) && r[c].node == gc.node {
			return false
		}
	}
	for _, gc := range r[1:] {
		if gc.node == nil || !gc.origin {
			continue
		}
		switch CellValue(cellText(gc.node)).(type) {
		case int64, float64:
			return true
		}
	}
	return false
}

// gridPart makes t of rows, the grid of a table or of a part of one (see
// nextPart), whose first nh rows are headers, and adds it.
func (x *extractor) gridPart(t *Table, rows [][]gridCell, nh, width int) {
	ragged := false
	for i, r := range rows {
		if len(r) != width && i >= nh {
			ragged = true
		}
	}
	if ragged {
		x.warn(t.Source.Pos, model.MsgRaggedTable, "table %s: rows have different numbers of cells (widest %d); short rows are padded with empty cells", t.ID, width)
	}
	// Column names from the last header row; an empty one takes the text
	// of the header above it. A header cell over some of the columns, not
	// all, groups them: its text goes before theirs ("! colspan=3 |
	// Players" over "! 2 !! 3 !! 4" names "Players 2", "Players 3",
	// "Players 4"), where the columns were "2", "3", "4" and the group
	// the table's caption (two groups over "Top" and "Bottom" named
	// "Top", "Bottom", "Top_2" and "Bottom_2").
	cols := make([]string, width)
	for c := 0; c < width; c++ {
		name := -1 // the header row the name is from
		for h := nh - 1; h >= 0; h-- {
			if c < len(rows[h]) && rows[h][c].node != nil {
				if txt := strings.TrimSpace(cellText(rows[h][c].node)); txt != "" {
					cols[c], name = txt, h
					break
				}
			}
		}
		// A unit in parentheses under a name ("! Cost" over "! (coins)")
		// goes after it: the column was "(coins)", its name lost.
		if name > 0 && strings.HasPrefix(cols[c], "(") && strings.HasSuffix(cols[c], ")") {
			for h := name - 1; h >= 0; h-- {
				if c >= len(rows[h]) {
					continue
				}
				if gc := rows[h][c]; gc.node != nil && !gc.wide && gc.node != rows[name][c].node {
					if txt := strings.TrimSpace(cellText(gc.node)); txt != "" {
						cols[c] = txt + " " + cols[c]
						break
					}
				}
			}
		}
		var groups []string
		for h := 0; h < name; h++ {
			if c >= len(rows[h]) {
				continue
			}
			if gc := rows[h][c]; gc.node != nil && gc.wide && !titleRow(rows[h]) && gc.node != rows[name][c].node {
				if txt := strings.TrimSpace(cellText(gc.node)); txt != "" {
					groups = append(groups, txt)
				}
			}
		}
		if len(groups) > 0 {
			cols[c] = strings.Join(append(groups, cols[c]), " ")
		}
	}
	if nh == 0 {
		for c := range cols {
			cols[c] = "col" + strconv.Itoa(c+1)
		}
	}
	// A spanning title row above the header (one cell across it) names
	// the table when it has no caption.
	if nh >= 2 && t.Caption == "" && titleRow(rows[0]) {
		t.Caption = strings.TrimSpace(cellText(rows[0][0].node))
	}
	data := rows[nh:]
	groupedRows := false // the first column is the rows' group
	// A table that is laid out sideways (a header row, then a few rows
	// that each start with a header cell, many columns) is transposed:
	// each column becomes a row.
	if nh == 0 && labelledRows(rows, width) {
		// No header row, but every row starts with a header cell and
		// runs wider than the table is tall ("! Players | 2 | 3 | 4",
		// "! Cards each | 13 | 10 | 8"): the rows are the columns.
		t.Columns = uniqueColumns(firstCells(rows))
		for c := 1; c < width; c++ {
			var row Row
			for _, r := range rows {
				row = append(row, x.gridValue(r, c))
			}
			t.Rows = append(t.Rows, row)
		}
	} else if x.sideways(rows, nh, width) {
		t.Columns = uniqueColumns(append([]string{cols[0]}, firstCells(data)...))
		for c := 1; c < width; c++ {
			row := Row{x.gridValue(rows[nh-1], c)}
			for _, r := range data {
				row = append(row, x.gridValue(r, c))
			}
			t.Rows = append(t.Rows, row)
		}
	} else {
		// Full-width rows inside the data name groups of rows: they
		// become a "group" column. Those after the last row of cells
		// group nothing: they are notes under the table ("''* in the
		// 5-player game only''"), not rows, and gave every row a group
		// column of nulls.
		last := -1
		for i, r := range data {
			if !spanRow(r, width) {
				last = i
			}
		}
		grouped := false
		for _, r := range data[:last+1] {
			if spanRow(r, width) {
				grouped = true
			}
		}
		if grouped {
			cols = append([]string{"group"}, cols...)
			groupedRows = true
		}
		t.Columns = uniqueColumns(cols)
		var group Cell
		for _, r := range data {
			if nh > 0 && repeatsHeader(r, rows[nh-1]) {
				// The header row again, as long tables repeat it.
				continue
			}
			if spanRow(r, width) {
				group = x.gridValue(r, 0)
				continue
			}
			row := make(Row, 0, len(cols))
			if grouped {
				row = append(row, group)
			}
			for c := 0; c < width; c++ {
				row = append(row, x.gridValue(r, c))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	totalRow(t, groupedRows)
	t.Key = chooseKey(t)
	x.add(t, false)
}

// totalRow takes a table's last row out when it totals one column ("!
// Total !! 34", "| Sum || 34" after two rows or more): its number is the
// table's declared total, checked against the column as a list's "108
// cards:" is, rather than counted among the rows it adds up. The column
// may hold text cells too ("varies", "5 or more"): the row is a total all
// the same, and kept as a row it was a data row of the table, counted in
// every sum of the column, while in a column of numbers only it was not.
// A dash in the row's other columns is nothing there, as an empty cell
// is. A total row of several numbers, or whose value is text, stays a
// row (the table has one declared total, and text is no total to check).
// grouped says the first column is the group a full-width row above gave
// the rows, which is not the total row's own.
func totalRow(t *Table, grouped bool) {
	if len(t.Rows) < 3 {
		return
	}
	last := t.Rows[len(t.Rows)-1]
	label, col := -1, -1
	for i, c := range last {
		switch {
		case grouped && i == 0:
		case c.Value == nil && strings.TrimSpace(c.Text) == "", dashes[strings.TrimSpace(c.Text)]:
			// Nothing, or a dash for nothing ("! Total !! 20 !! —").
		case label < 0:
			label = i
		case c.Pos == last[label].Pos && c.Source == last[label].Source:
			// The label's cell again: it spans columns ("| colspan=2 |
			// Total || 30").
		case col >= 0:
			return // a second value
		default:
			col = i
		}
	}
	if label < 0 || col < 0 || col >= len(t.Columns) {
		return
	}
	word := strings.ToLower(strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimSpace(last[label].Text), ":")), " "))
	if _, isText := last[label].Value.(string); !isText || !totalWords[word] {
		return
	}
	switch last[col].Value.(type) {
	case int64, float64:
	default:
		return
	}
	t.DeclaredTotal, t.TotalColumn = last[col].Value, t.Columns[col]
	t.Rows = t.Rows[:len(t.Rows)-1]
}

// totalWords are the labels of a row that adds up the column above it.
var totalWords = map[string]bool{"total": true, "totals": true, "sum": true, "grand total": true}

// ownHeaderCell reports whether a row has a header cell of its own (not
// one a rowspan brings down from a row above).
func ownHeaderCell(r []gridCell) bool {
	for _, gc := range r {
		if gc.header && gc.origin {
			return true
		}
	}
	return false
}

// repeatsHeader reports whether a data row is the header row again: as
// wide, every cell a header cell (not one of the header row's, a rowspan
// brings down) reading as the header's does.
func repeatsHeader(r, header []gridCell) bool {
	if len(r) != len(header) {
		return false
	}
	for c, gc := range r {
		h := header[c]
		if gc.node == nil || !gc.header || h.node == nil || gc.node == h.node ||
			strings.TrimSpace(cellText(gc.node)) != strings.TrimSpace(cellText(h.node)) {
			return false
		}
	}
	return true
}

func firstCells(rows [][]gridCell) []string {
	var out []string
	for _, r := range rows {
		if len(r) > 0 && r[0].node != nil {
			out = append(out, strings.TrimSpace(cellText(r[0].node)))
		} else {
			out = append(out, "")
		}
	}
	return out
}

// sideways reports whether a table is written transposed: a few rows,
// each starting with a header cell, many columns, under a first row of
// values (valueCells: "! Rank !! 7 !! 6 !! Ace", "! Players !! 2 !! 3 !!
// 4"). Under a header row of names ("! Hand !! Top !! Middle !! Bottom")
// the header cells down the left are the rows' names, as in any scoring
// table ("! Pair | 1 || 2 || 3"): turned round, its Hand column held
// Top, Middle and Bottom.
func (x *extractor) sideways(rows [][]gridCell, nh, width int) bool {
	data := rows[nh:]
	if nh == 0 || len(data) == 0 || len(data) > 3 || width < 4 || width <= len(data)+1 {
		return false
	}
	for _, r := range rows {
		if len(r) == 0 || !r[0].header {
			return false
		}
	}
	for _, r := range rows[:nh-1] {
		if !titleRow(r) {
			// Column groups over the first row: it names columns.
			return false
		}
	}
	return valueCells(rows[nh-1])
}

// titleRow reports whether a row of the grid is one cell across it, a
// cell wider than one column (a title row above a header row: "!
// colspan=3 | Scores"), wherever the rows under it end.
func titleRow(r []gridCell) bool {
	if len(r) < 2 || r[0].node == nil {
		return false
	}
	for _, gc := range r {
		if gc.node != r[0].node {
			return false
		}
	}
	return true
}

// valueCells reports whether the cells of a row after its first read as
// values, not as names of columns: at least half of them a number or a
// token (one word) that starts with one ("7", "1st", "3-4", "5+"), or of
// one or two characters ("A", "♠", "J♦"). "Top", "Face cards" and "2
// players" are names.
//
// A number in words ("! Players !! Two !! Three") is a value, and so is
// a number of what the first cell names ("! Number of players !! 2
// players"): the rows under them are what each count of players has.
func valueCells(r []gridCell) bool {
	values, cells := 0, 0
	var first []string // the first cell's words, singular
	if len(r) > 0 && r[0].node != nil {
		first = strings.Fields(singular(strings.ToLower(cellText(r[0].node))))
	}
	for _, gc := range r[1:] {
		if gc.node == nil || !gc.origin {
			continue
		}
		t := strings.Join(strings.Fields(cellText(gc.node)), " ")
		if t == "" {
			continue
		}
		cells++
		if !strings.Contains(t, " ") && (startsNumber(t) || utf8.RuneCountInString(t) <= 2 || numberWords[strings.ToLower(t)]) {
			values++
		} else if n, w, ok := strings.Cut(t, " "); ok && startsNumber(n) && !strings.Contains(w, " ") && slices.Contains(first, singular(strings.ToLower(w))) {
			values++
		}
	}
	return cells > 0 && 2*values >= cells
}

// numberWords are the numbers of players, rounds or cards written in
// words.
var numberWords = map[string]bool{
	"one": true, "two": true, "three": true, "four": true, "five": true, "six": true, "seven": true,
	"eight": true, "nine": true, "ten": true, "eleven": true, "twelve": true,
}

// labelledRows reports whether a table without a header row is rows
// that each start with a header cell, then data only, a few rows wider
// than they are many: a table written sideways without its header row.
func labelledRows(rows [][]gridCell, width int) bool {
	if len(rows) < 2 || len(rows) > 4 || width < 3 || width-1 <= len(rows) {
		return false
	}
	for _, r := range rows {
		if len(r) < 2 || !r[0].header {
			return false
		}
		for _, gc := range r[1:] {
			if gc.header {
				return false
			}
		}
	}
	return true
}

func (x *extractor) gridValue(r []gridCell, c int) Cell {
	if c >= len(r) || r[c].node == nil {
		return Cell{}
	}
	return x.cellOf(r[c].node)
}

// headerRow reports whether every non-empty cell of a row is a header:
// a <th>, or a cell whose whole content is bold.
func (x *extractor) headerRow(r []gridCell) bool {
	if len(r) == 0 {
		return false
	}
	th := 0
	for _, gc := range r {
		if gc.node == nil {
			continue
		}
		if gc.header {
			th++
			continue
		}
		if strings.TrimSpace(cellText(gc.node)) == "" {
			continue
		}
		if !allBold(gc.node) {
			return false
		}
	}
	return th > 0 || len(r) > 0
}

// allBold reports whether all the text of n is inside bold.
func allBold(n *model.Node) bool {
	ok := true
	sawText := false
	var walk func(m *model.Node, bold bool)
	walk = func(m *model.Node, bold bool) {
		for c := m.FirstChild; c != nil && ok; c = c.NextSibling {
			switch {
			case c.Kind == model.KindText:
				if strings.TrimSpace(c.Text) != "" {
					sawText = true
					if !bold {
						ok = false
					}
				}
			case c.Kind == model.KindBold || c.Tag == "strong":
				walk(c, true)
			default:
				walk(c, bold)
			}
		}
	}
	walk(n, false)
	return ok && sawText
}

func spanAttr(n *model.Node, name string) int {
	v, ok := n.Attr(name)
	if !ok {
		return 1
	}
	// As browsers read it (HTML's rules for parsing non-negative
	// integers): white space, an optional '+', then the leading digits;
	// what follows them ("2px", "2;") does not matter.
	v = strings.TrimLeft(v, " \t\n\f\r")
	v = strings.TrimPrefix(v, "+")
	d := 0
	for d < len(v) && d < 9 && isDigitByte(v[d]) {
		d++
	}
	k, err := strconv.Atoi(v[:d])
	if err != nil || k < 1 {
		return 1
	}
	// Bound spans as browsers do, so a hostile table stays small.
	if name == "colspan" {
		return min(k, 1000)
	}
	return min(k, 65534)
}

// gridBudget is the most slots (rows × columns) the grid of a table with
// cells source cells may have: generous for real tables (whose spans
// rarely multiply their cells by more than a few), and proportional to the
// input, so memory and time stay linear in it.
func gridBudget(cells int) int {
	return max(1<<14, 64*cells)
}

// spanRow reports whether a row is one cell spanning the whole width.
func spanRow(r []gridCell, width int) bool {
	if len(r) == 0 || r[0].node == nil || len(r) < width {
		return false
	}
	for _, gc := range r {
		if gc.node != r[0].node {
			return false
		}
	}
	return width > 1
}
