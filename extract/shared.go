package extract

import (
	"slices"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// SectionCache keeps the tables found in the top-level parts of a page's
// revisions (its lead and each top-level section, with its subsections),
// by the part's text, for ExtractShared: a revision mostly repeats the one
// before, and a part whose text an earlier revision had holds the same
// tables, moved. One cache serves the revisions of one page.
type SectionCache struct {
	parts map[partKey]*partTables
	// Reused and Read count the parts whose tables came from the cache
	// and those read.
	Reused, Read int
}

type partKey struct {
	lead bool
	text string
}

// partTables are the tables read from a part, as read in the revision that
// had it first: at byte pos and line there. begun are the slugs of the
// tables begun in it, kept or not, in order (each took an ID), and a
// table's seq is its place among them.
type partTables struct {
	pos, line int
	tables    []*Table
	begun     []string
}

// NewSectionCache returns an empty cache.
func NewSectionCache() *SectionCache { return &SectionCache{parts: map[partKey]*partTables{}} }

// Has reports whether the cache holds the tables of the part with this
// text (the lead's, or a top-level section's): ExtractShared does not read
// such a part's nodes.
func (c *SectionCache) Has(lead bool, text string) bool {
	return c != nil && c.parts[partKey{lead, text}] != nil
}

// ExtractShared is Extract for a document whose top-level parts are each
// the tree their text makes wherever it stands: a document that
// wiki.HistoryParser.ParseShared made of parts shared with other revisions
// (it says so). The tables of a part whose text is in the cache are the
// cache's, moved to where the part is and numbered among the others as
// Extract numbers them; the other parts are read, and kept in the cache
// unless reading them gave a warning (whose text names a table, and which
// Extract locates in its revision). The result is Extract's
// (wiki's TestHistoryParserSameTrees compares them).
func ExtractShared(doc *model.Document, page *model.Page, rev *model.Revision, cache *SectionCache) *PageTables {
	if cache == nil {
		return Extract(doc, page, rev)
	}
	parts, ok := doc.Parts()
	if !ok {
		return Extract(doc, page, rev)
	}
	x := newExtractor(doc, page, rev)
	for _, p := range parts {
		x.part(cache, p)
	}
	return x.out
}

// part adds the tables of one part.
func (x *extractor) part(cache *SectionCache, p model.Part) {
	key, pos := partKey{p.Lead, p.Text}, p.Pos
	line := x.partLine(pos)
	if c := cache.parts[key]; c != nil {
		ts := make([]*Table, len(c.tables))
		for i, t := range c.tables {
			ts[i] = t.moved(pos-c.pos, line-c.line)
		}
		// Numbered as newTable numbered them: every table begun takes an
		// ID in turn, those kept get theirs.
		ids := make([]string, len(c.begun))
		base := len(x.begun)
		for k, slug := range c.begun {
			ids[k] = x.nextID(slug)
			x.begun = append(x.begun, slug)
		}
		for _, t := range ts {
			t.ID = ids[t.seq]
			t.seq += base
		}
		x.out.Tables = append(x.out.Tables, ts...)
		cache.Reused++
		return
	}
	cache.Read++
	tables, warnings, begun := len(x.out.Tables), len(x.out.Warnings), len(x.begun)
	x.walk(p.Nodes...)
	if len(x.out.Warnings) > warnings {
		return
	}
	c := &partTables{pos: pos, line: line, begun: slices.Clone(x.begun[begun:])}
	for _, t := range x.out.Tables[tables:] {
		m := t.moved(0, 0)
		m.seq -= begun // its place in the part
		c.tables = append(c.tables, m)
	}
	cache.parts[key] = c
}

// partLine is x.doc.Line(pos) for the parts' positions, which come in
// order: it counts the newlines since the last part's, where the
// document's line index reads the whole revision into an array (one for
// every revision of a history, most of which then read no table).
func (x *extractor) partLine(pos int) int {
	src := x.doc.Source
	if pos < x.linePos || pos > len(src) {
		return x.doc.Line(pos)
	}
	x.lineNo += strings.Count(src[x.linePos:pos], "\n")
	x.linePos = pos
	return x.lineNo
}

// moved returns a copy of t whose places are d bytes and dl lines further
// (a cell at 0 is a cell that the table's layout padded, and stays 0).
func (t *Table) moved(d, dl int) *Table {
	c := *t
	c.Source.Pos += d
	c.Source.End += d
	c.Source.Line += dl
	if d == 0 {
		// The cells have not moved (a part before the edit of a
		// revision): the copy shares them, capped, as nothing writes
		// into a table once it is read and an append must copy.
		c.Section, c.Columns, c.Rows = slices.Clip(t.Section), slices.Clip(t.Columns), slices.Clip(t.Rows)
		return &c
	}
	c.Section = slices.Clone(t.Section)
	c.Columns = slices.Clone(t.Columns)
	if t.Rows == nil {
		return &c
	}
	// The rows' cells in one array (a table's copy per revision that
	// has it was an array per row).
	n := 0
	for _, r := range t.Rows {
		n += len(r)
	}
	cells := make([]Cell, 0, n)
	c.Rows = make([]Row, len(t.Rows))
	for i, r := range t.Rows {
		if r == nil {
			continue
		}
		from := len(cells)
		cells = append(cells, r...)
		nr := Row(cells[from:len(cells):len(cells)])
		for j := range nr {
			if nr[j].Pos != 0 {
				nr[j].Pos += d
			}
		}
		c.Rows[i] = nr
	}
	return &c
}
