package diff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// Blame says, for every cell of every rule table of a revision, which
// revision gave the cell its current value, and for every row, the
// revision where it appeared. Formatting-only edits do not count (a value
// that stayed the same keeps its origin), and tables, rows and columns are
// followed across renames and moves the way Compare matches them.
type Blame struct {
	Page string `json:"page"`
	// Revision is the revision blamed.
	Revision BlameRevision `json:"revision"`
	Tables   []BlameTable  `json:"tables"`
}

// BlameRevision identifies the revision blamed.
type BlameRevision struct {
	Timestamp string `json:"timestamp"`
	Author    string `json:"author"`
}

// BlameTable is one rule table with the origin of each row and cell.
type BlameTable struct {
	ID   string     `json:"id"`
	Rows []BlameRow `json:"rows"`
	// Title and Columns are the table's, for the text form.
	Title   string   `json:"-"`
	Columns []string `json:"-"`
	// Renames are the ids the table had before, oldest first, each with
	// the revision that changed it.
	Renames []TableRename `json:"-"`
}

// TableRename is a table's id changing: From is the id it had before the
// revision At.
type TableRename struct {
	From, To string
	At       Origin
}

// BlameRow is a row: its key (the key column's text, or #N), the revision
// where it appeared, and its cells in column order.
type BlameRow struct {
	Key   string     `json:"key"`
	Since Origin     `json:"since"`
	Cells BlameCells `json:"cells"`
}

// Origin is the revision a row or a value comes from.
type Origin struct {
	Timestamp string `json:"timestamp"`
	Author    string `json:"author"`
	Summary   string `json:"summary"`
	// Boundary is set when the value was already in the first revision
	// the blame read and that revision is not the page's first (--since
	// cut the history there): the value is at least that old.
	Boundary bool `json:"boundary,omitempty"`
	// Index is the revision's position among those given to the Blamer
	// (0 is the first).
	Index int `json:"-"`
}

// BlameCell is a cell's value and the revision that set it.
type BlameCell struct {
	Column string `json:"-"`
	Value  any    `json:"value"`
	Origin
}

// BlameCells are a row's cells in column order; they are written in JSON
// as an object from column name to cell, in that order.
type BlameCells []BlameCell

// MarshalJSON writes the cells as an object keyed by column, in column
// order.
func (cs BlameCells) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(c.Column)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads cells written by MarshalJSON, in their order.
func (cs *BlameCells) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("blame cells: want an object")
	}
	*cs = (*cs)[:0]
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		var c BlameCell
		if err := dec.Decode(&c); err != nil {
			return err
		}
		c.Column, _ = t.(string)
		*cs = append(*cs, c)
	}
	return nil
}

// Blamer follows the rule tables of a page through its revisions, oldest
// first, one Add per revision: each revision is compared with the one
// before only, so a blame costs one parse and extraction per revision,
// however long the history.
type Blamer struct {
	page     string
	boundary bool
	revs     []Origin
	prev     *Side
	state    []tableState // by table of prev
}

// tableState is where each cell of a table came from: revision indices.
type tableState struct {
	rows    []rowState
	renames []TableRename
}

type rowState struct {
	since int
	cells []int // by column
}

// NewBlamer starts the blame of page. With boundary set, the first
// revision added is not the page's first: the values found there are
// marked as at least that old (Origin.Boundary).
func NewBlamer(page string, boundary bool) *Blamer {
	return &Blamer{page: page, boundary: boundary}
}

func (b *Blamer) origin(r *model.Revision, idx int) Origin {
	o := Origin{Index: idx, Boundary: idx == 0 && b.boundary}
	if r != nil {
		o.Timestamp, o.Author, o.Summary = model.FormatTime(r.Timestamp), r.AuthorLabel(), r.SummaryLabel()
	}
	return o
}

// rowCells returns room for the cells of t's rows, a row each, all in one
// array: a table's state is made anew for every revision.
func rowCells(t *extract.Table) [][]int {
	n := len(t.Columns)
	all := make([]int, len(t.Rows)*n)
	rows := make([][]int, len(t.Rows))
	for r := range rows {
		rows[r] = all[r*n : (r+1)*n : (r+1)*n]
	}
	return rows
}

// fresh is a table whose every row and cell come from revision idx.
func fresh(t *extract.Table, idx int) tableState {
	st := tableState{rows: make([]rowState, len(t.Rows))}
	cells := rowCells(t)
	for r := range t.Rows {
		st.rows[r] = rowState{since: idx, cells: cells[r]}
		for c := range st.rows[r].cells {
			st.rows[r].cells[c] = idx
		}
	}
	return st
}

func value(r extract.Row, c int) any {
	if c >= 0 && c < len(r) {
		return r[c].Value
	}
	return nil
}

// Add takes the next revision of the page.
func (b *Blamer) Add(s *Side) {
	idx := len(b.revs)
	b.revs = append(b.revs, b.origin(s.Rev, idx))
	cur := s.Tables.Tables
	next := make([]tableState, len(cur))
	if b.prev == nil {
		for j, t := range cur {
			next[j] = fresh(t, idx)
		}
		b.prev, b.state = s, next
		return
	}
	m := matchSides(b.prev, s)
	for j, t := range cur {
		p := m.tables.pairOf[j]
		if p == nil {
			next[j] = fresh(t, idx)
			continue
		}
		old := b.state[m.tables.matchB[j]]
		st := tableState{rows: make([]rowState, len(t.Rows)), renames: old.renames}
		if p.a.ID != t.ID {
			st.renames = append(st.renames[:len(st.renames):len(st.renames)], TableRename{From: p.a.ID, To: t.ID, At: b.revs[idx]})
		}
		cells := rowCells(t)
		for r, row := range t.Rows {
			rs := rowState{since: idx, cells: cells[r]}
			ra := p.rowOf[r]
			if ra >= 0 {
				rs.since = old.rows[ra].since
			}
			for c := range t.Columns {
				rs.cells[c] = idx
				if ca := p.colOf[c]; ra >= 0 && ca >= 0 && sameValue(value(p.a.Rows[ra], ca), value(row, c)) {
					rs.cells[c] = old.rows[ra].cells[ca]
				}
			}
			st.rows[r] = rs
		}
		next[j] = st
	}
	b.prev, b.state = s, next
}

// Renamed maps the former ids of the latest revision's tables to the ids
// they have now (a table renamed twice is found by either old id), with
// the rename that gave the current id. An id that a table of the latest
// revision has is not in the map.
func (b *Blamer) Renamed() map[string]TableRename {
	out := map[string]TableRename{}
	if b.prev == nil {
		return out
	}
	now := map[string]bool{}
	for _, t := range b.prev.Tables.Tables {
		now[t.ID] = true
	}
	for j, t := range b.prev.Tables.Tables {
		rs := b.state[j].renames
		for _, r := range rs {
			if !now[r.From] {
				last := rs[len(rs)-1]
				out[r.From] = TableRename{From: r.From, To: t.ID, At: last.At}
			}
		}
	}
	return out
}

// Blame returns the blame of the latest revision added (nil before any).
func (b *Blamer) Blame() *Blame {
	if b.prev == nil {
		return nil
	}
	s := b.prev
	out := &Blame{Page: b.page, Tables: []BlameTable{}}
	if s.Rev != nil {
		out.Revision = BlameRevision{Timestamp: model.FormatTime(s.Rev.Timestamp), Author: s.Rev.AuthorLabel()}
	}
	for j, t := range s.Tables.Tables {
		st := b.state[j]
		bt := BlameTable{ID: t.ID, Title: t.Title, Columns: t.Columns, Rows: make([]BlameRow, len(t.Rows)), Renames: st.renames}
		key := t.Column(t.Key)
		for r, row := range t.Rows {
			br := BlameRow{Key: fmt.Sprintf("#%d", r+1), Since: b.revs[st.rows[r].since], Cells: make(BlameCells, len(t.Columns))}
			if key >= 0 {
				br.Key = cellText(row, key)
			}
			for c, col := range t.Columns {
				br.Cells[c] = BlameCell{Column: col, Value: value(row, c), Origin: b.revs[st.rows[r].cells[c]]}
			}
			bt.Rows[r] = br
		}
		out.Tables = append(out.Tables, bt)
	}
	return out
}

// Table returns the blame of the table with an id, or nil.
func (bl *Blame) Table(id string) *BlameTable {
	for i := range bl.Tables {
		if bl.Tables[i].ID == id {
			return &bl.Tables[i]
		}
	}
	return nil
}

// WriteBlameText writes a blame the way git blame does: each row and each
// cell with, at the left, the time and author of the revision that set it
// (^ marks a boundary: a value at least that old), then the revisions
// named with their summaries.
func WriteBlameText(w io.Writer, bl *Blame, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	p := painter{w: bw, color: opt.Color}
	p.paint(ansiBold, bl.Page)
	fmt.Fprintf(bw, " at %s", bl.Revision.Timestamp)
	if bl.Revision.Author != "" {
		fmt.Fprintf(bw, " by %s", model.EscapeControls(bl.Revision.Author))
	}
	bw.WriteByte('\n')
	// Annotations are as wide as the widest author.
	width := 0
	used := map[int]Origin{}
	for _, t := range bl.Tables {
		for _, r := range t.Rows {
			width = max(width, utf8.RuneCountInString(r.Since.Author))
			used[r.Since.Index] = r.Since
			for _, c := range r.Cells {
				width = max(width, utf8.RuneCountInString(c.Author))
				used[c.Index] = c.Origin
			}
		}
	}
	annotate := func(o Origin) {
		mark := " "
		if o.Boundary {
			mark = "^"
		}
		bw.WriteString(mark)
		p.paint(ansiCyan, o.Timestamp)
		bw.WriteString(" " + model.EscapeControls(o.Author) + strings.Repeat(" ", width-utf8.RuneCountInString(o.Author)) + " │ ")
	}
	if len(bl.Tables) == 0 {
		bw.WriteString("\nNo rule table.\n")
	}
	for _, t := range bl.Tables {
		bw.WriteByte('\n')
		p.paint(ansiBold, t.ID)
		if t.Title != "" {
			fmt.Fprintf(bw, " (%s)", model.EscapeControls(t.Title))
		}
		bw.WriteByte('\n')
		for _, rn := range t.Renames {
			fmt.Fprintf(bw, "  renamed from %s at %s by %s\n", model.EscapeControls(rn.From), rn.At.Timestamp, model.EscapeControls(rn.At.Author))
		}
		for _, r := range t.Rows {
			annotate(r.Since)
			bw.WriteString("row ")
			p.paint(ansiBold, r.Key)
			bw.WriteByte('\n')
			for _, c := range r.Cells {
				annotate(c.Origin)
				fmt.Fprintf(bw, "    %s: %s\n", model.EscapeControls(c.Column), model.EscapeControls(FormatValue(c.Value)))
			}
		}
	}
	if len(used) > 0 {
		idx := make([]int, 0, len(used))
		for i := range used {
			idx = append(idx, i)
		}
		sort.Ints(idx)
		bw.WriteString("\nRevisions:\n")
		for _, i := range idx {
			o := used[i]
			fmt.Fprintf(bw, "  %s  %s", o.Timestamp, model.EscapeControls(o.Author))
			if o.Summary != "" {
				fmt.Fprintf(bw, ": %s", model.EscapeControls(oneLine(o.Summary)))
			}
			if o.Boundary {
				bw.WriteString(" (^: the history read starts here; values marked ^ are at least that old)")
			}
			bw.WriteByte('\n')
		}
	}
	return bw.Flush()
}
