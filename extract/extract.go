package extract

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// Cell is one value of a row, with what it came from.
type Cell struct {
	Value Value
	// Text is the cell's plain text.
	Text string
	// Source is the cell's wikitext, used to tell a formatting change
	// (bold added, spacing) from a value change.
	Source string
	// Pos is the cell's byte offset in the revision.
	Pos int
}

// Row is one row, a cell per column.
type Row []Cell

// Source says where a table is in the revision.
type Source struct {
	Form Form
	Line int // 1-based
	Pos  int // byte offset
	End  int
}

// Table is an extracted rule table.
type Table struct {
	ID      string
	Title   string
	Section []string
	Kind    Kind // set by classify unless the form decides it
	Source  Source
	Caption string
	// DeclaredTotal is a total the page states: before a count list ("108
	// cards:"), or in a table's last row ("! Total !! 34"), which is then
	// not one of its rows. TotalColumn is the column it adds up: "count"
	// for a list, the column of the number for a table's Total row.
	DeclaredTotal Value
	TotalColumn   string
	Columns       []string
	// Key is the column whose values identify rows (for diffs); "" when
	// rows are only identified by position.
	Key  string
	Rows []Row

	// Raw is the table's wikitext; a change to it that changes no value
	// is a formatting change.
	Raw string

	// intro is the text just before the table ("Points are pegged as
	// they happen:"), used to classify it.
	intro string
	// slug and seq are what the table's ID was made of: its section's
	// slug, and the order its extraction began in (ExtractShared numbers
	// the tables it reuses as Extract numbers them).
	slug string
	seq  int
}

// Get returns the value of column col in row r.
func (t *Table) Get(r Row, col string) Value {
	for i, c := range t.Columns {
		if c == col && i < len(r) {
			return r[i].Value
		}
	}
	return nil
}

// Column returns the index of a column, or -1.
func (t *Table) Column(name string) int {
	for i, c := range t.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// PageTables is everything extracted from one revision of a page.
type PageTables struct {
	Page     string
	Game     string
	Revision RevisionInfo
	Tables   []*Table
	// Warnings are the problems found while extracting, located by page,
	// revision and line.
	Warnings model.MsgList
}

// RevisionInfo identifies the revision the tables come from.
type RevisionInfo struct {
	Timestamp string
	Author    string
	rev       *model.Revision // SHA1 reads its digest
	sha1      string          // SHA1 without a revision (tests)
}

// SHA1 is the revision's SHA-1: the export's <sha1>, or the digest of its
// text when the input has none. It is computed when asked for, not when
// the tables are read: a site reads the tables of every revision and
// writes the SHA-1 of the latest only (10,000 pages × 10 revisions: 0.32 s
// of CPU spent on digests nobody read).
func (r RevisionInfo) SHA1() string {
	if r.rev != nil {
		return r.rev.Digest()
	}
	return r.sha1
}

// Table finds a table by id.
func (p *PageTables) Table(id string) *Table {
	for _, t := range p.Tables {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// extractor is the state of one extraction.
type extractor struct {
	doc    *model.Document
	page   *model.Page
	rev    *model.Revision
	out    *PageTables
	prefix string
	ids    map[string]bool
	begun  []string // the slugs of the tables begun, in order
	// linePos and lineNo: the last part's position and line (partLine).
	linePos, lineNo int
	// suffix is the number nextID tries first for a slug.
	suffix map[string]int
}

// IDPrefix is what the ids of page's tables start with: the game's slug
// for its rules page, the game's slug and "/tips" for its tips page (a
// game's two pages often have sections of the same name, and a table id
// names one table of the game), the page title's slug for another page.
func IDPrefix(page *model.Page) string {
	switch {
	case page.Game == "":
		return model.Slug(page.Title)
	case page.Kind == model.PageTips:
		return page.Game + "/tips"
	}
	return page.Game
}

// Extract finds the rule tables of a parsed revision of page.
func Extract(doc *model.Document, page *model.Page, rev *model.Revision) *PageTables {
	x := newExtractor(doc, page, rev)
	x.walk(doc.Root)
	return x.out
}

func newExtractor(doc *model.Document, page *model.Page, rev *model.Revision) *extractor {
	x := &extractor{doc: doc, page: page, rev: rev, ids: map[string]bool{}, lineNo: 1}
	x.out = &PageTables{Page: page.Title, Game: page.Game}
	if rev != nil {
		x.out.Revision = RevisionInfo{Timestamp: model.FormatTime(rev.Timestamp), Author: rev.Author, rev: rev}
	}
	x.prefix = IDPrefix(page)
	return x
}

// walk visits the blocks of nodes (the document's root, or a run of its
// top-level parts) in order.
func (x *extractor) walk(nodes ...*model.Node) {
	var run lineRun
	flush := func() {
		x.lineTables(&run)
		run = lineRun{}
	}
	inCell := 0 // inside a table cell only nested tables count
	visit := func(n *model.Node, entering bool) model.WalkStatus {
		if !entering {
			switch n.Kind {
			case model.KindSection:
				flush()
			case model.KindCell, model.KindCaption:
				inCell--
			}
			return model.WalkContinue
		}
		if inCell > 0 && n.Kind != model.KindTable && n.Kind != model.KindRow && n.Kind != model.KindCell {
			if n.Kind == model.KindText {
				return model.WalkContinue
			}
			return model.WalkContinue
		}
		switch n.Kind {
		case model.KindCell, model.KindCaption:
			inCell++
			return model.WalkContinue
		case model.KindSection, model.KindDocument:
			flush()
			return model.WalkContinue
		case model.KindHeading:
			flush()
			return model.WalkSkipChildren
		case model.KindTable:
			flush()
			x.gridTable(n)
			// Nested tables are tables of their own.
			return model.WalkContinue
		case model.KindList:
			flush()
			x.listTable(n)
			return model.WalkSkipChildren
		case model.KindParagraph:
			run.add(x, n, false)
			return model.WalkSkipChildren
		case model.KindPre:
			flush()
			run.add(x, n, true)
			flush()
			return model.WalkSkipChildren
		case model.KindRow, model.KindTemplate:
			return model.WalkContinue
		case model.KindElement:
			if n.Tag == "div" || n.Tag == "blockquote" || n.Tag == "center" {
				flush()
				return model.WalkContinue
			}
			return model.WalkSkipChildren
		}
		return model.WalkSkipChildren
	}
	for _, n := range nodes {
		model.Walk(n, visit)
	}
	flush()
}

// newTable starts a table at node n: id, title, section and source.
func (x *extractor) newTable(n *model.Node, form Form) *Table {
	path := model.SectionPath(n)
	t := &Table{Section: path, Source: Source{Form: form, Pos: n.Pos, End: n.End, Line: x.doc.Line(n.Pos)}}
	if t.Section == nil {
		t.Section = []string{}
	}
	slug := "lead"
	if len(path) > 0 {
		t.Title = path[len(path)-1]
		if s := model.Slug(t.Title); s != "" {
			slug = s
		}
	}
	// A second table of the same section takes the next number free:
	// "setup-2" may be a section's own slug ("Setup 2").
	t.slug, t.seq = slug, len(x.begun)
	x.begun = append(x.begun, slug)
	t.ID = x.nextID(slug)
	for p := n.PrevSibling; p != nil; p = p.PrevSibling {
		if p.Kind == model.KindText && strings.TrimSpace(p.Text) == "" {
			continue
		}
		if p.Kind == model.KindParagraph {
			intro := model.PlainText(p)
			if len(intro) > 300 {
				intro = intro[len(intro)-300:]
			}
			t.intro = intro
		}
		break
	}
	return t
}

// nextID is the ID of slug that no table begun before has (a table begun
// and then not kept still takes its ID).
func (x *extractor) nextID(slug string) string {
	id := x.prefix + "/" + slug
	// The suffixes below the last one given to slug were all taken then,
	// and still are: the search starts there (from 2 for each table, a
	// page of many tables of one name was quadratic).
	k := max(x.suffix[slug], 2)
	for ; x.ids[id]; k++ {
		id = x.prefix + "/" + slug + "-" + strconv.Itoa(k)
	}
	if k > 2 {
		if x.suffix == nil {
			x.suffix = map[string]int{}
		}
		x.suffix[slug] = k
	}
	x.ids[id] = true
	return id
}

func (x *extractor) warn(pos int, id model.MsgID, format string, args ...any) {
	m := model.Msg{Pos: pos, Severity: model.SevWarning, ID: id, Text: fmt.Sprintf(format, args...)}
	m.Locate(x.doc.Lines(), x.out.Page, x.out.Revision.Timestamp)
	x.out.Warnings = append(x.out.Warnings, m)
}

// classify picks a table's kind from its section path and columns.
func classify(t *Table, countList bool) Kind {
	path := strings.ToLower(strings.Join(t.Section, " / ") + " " + t.Caption)
	intro := strings.ToLower(t.intro)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(path, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has("royalt"):
		return KindRoyalties
	case countList:
		return KindCards
	case has("scor", "point", "prime", "primiera", "penalt", "payout", "reward"):
		return KindScoring
	}
	// A column of points, by itself or in a group ("Points Top", under
	// "! colspan=2 | Points"), or with its unit ("Points (VP)").
	for _, c := range t.Columns {
		for _, w := range strings.FieldsFunc(strings.ToLower(c), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if w == "points" || w == "score" || w == "penalty" || w == "royalty" {
				return KindScoring
			}
		}
	}
	if has("deck", "card", "component", "content", "material", "tile") {
		return KindCards
	}
	if strings.Contains(intro, "point") || strings.Contains(intro, "score") || strings.Contains(intro, "pegged") {
		return KindScoring
	}
	return KindTable
}

// add appends a finished table.
func (x *extractor) add(t *Table, countList bool) {
	if src := x.doc.Source; 0 <= t.Source.Pos && t.Source.Pos <= t.Source.End && t.Source.End <= len(src) {
		t.Raw = src[t.Source.Pos:t.Source.End]
	}
	if t.Kind == 0 {
		t.Kind = classify(t, countList)
	}
	x.out.Tables = append(x.out.Tables, t)
}

// cellOf makes a cell from a node's content.
func (x *extractor) cellOf(n *model.Node) Cell {
	text := cellText(n)
	src := ""
	if n.Pos <= n.End && n.End <= len(x.doc.Source) {
		src = x.doc.Source[n.Pos:n.End]
	}
	return Cell{Value: CellValue(text), Text: text, Source: src, Pos: n.Pos}
}

// textCell makes a cell from text.
func textCell(text string, value Value, src string, pos int) Cell {
	return Cell{Value: value, Text: text, Source: src, Pos: pos}
}

// uniqueColumns makes names unique and non-empty.
func uniqueColumns(cols []string) []string {
	seen := map[string]int{}
	out := make([]string, len(cols))
	for i, c := range cols {
		c = strings.TrimSpace(c)
		if c == "" {
			c = fmt.Sprintf("col%d", i+1)
		}
		seen[c]++
		if seen[c] > 1 {
			c = fmt.Sprintf("%s_%d", c, seen[c])
		}
		out[i] = c
	}
	return out
}

// chooseKey picks the first column whose values are distinct, non-empty
// text or numbers, to identify rows.
func chooseKey(t *Table) string {
	for ci, c := range t.Columns {
		seen := map[string]bool{}
		ok := len(t.Rows) > 0
		for _, r := range t.Rows {
			if ci >= len(r) || r[ci].Text == "" || seen[r[ci].Text] {
				ok = false
				break
			}
			seen[r[ci].Text] = true
		}
		if ok {
			return c
		}
	}
	return ""
}

// hiddenText reports whether n is an element the page hides with
// display:none (a sortable table's sort key, "<span
// style=\"display:none\">0011</span>11") or visibility:hidden (a digit
// that pads a column of numbers, "<span
// style=\"visibility:hidden\">1</span>9" shows as 9): the reader does
// not see its text.
func hiddenText(n *model.Node) bool {
	if n.Kind != model.KindElement {
		return false
	}
	style, ok := n.Attr("style")
	if !ok {
		return false
	}
	style = strings.ToLower(strings.Join(strings.Fields(style), ""))
	for _, decl := range strings.Split(style, ";") {
		if v, ok := strings.CutPrefix(decl, "display:"); ok && strings.TrimSuffix(v, "!important") == "none" {
			return true
		}
		if v, ok := strings.CutPrefix(decl, "visibility:"); ok && strings.TrimSuffix(v, "!important") == "hidden" {
			return true
		}
	}
	return false
}

// unseen reports whether the text of n is not part of a value: a
// footnote mark (superscript, or subscript after a number), hidden
// text, struck-out text, or a table nested in a cell (a table of its
// own, extracted as one: its text read into the cell around it made a
// value of the nested cells, "3" of "{| | 3 |}").
func unseen(n *model.Node) bool {
	return footnoteMark(n) || hiddenText(n) || struck(n) || n.Kind == model.KindTable
}

// struck reports whether n is struck-out text (<s>, <del>, <strike>): a
// value the page says is no longer the rule ("<s>5</s>6" read 56, and
// "<s>5</s> 6" was no number, where the page says 6).
func struck(n *model.Node) bool {
	return n.Kind == model.KindElement && (n.Tag == "s" || n.Tag == "del" || n.Tag == "strike")
}

// footnoteMark reports whether n is a footnote mark set above or below
// the line: a superscript mark ("14<sup>1</sup>", "14<sup>[a]</sup>"),
// or a subscript one right after a number ("5<sub>1</sub>"). Its text is
// not part of a value or a name, as a <ref>'s marker is not
// ("14<sup>1</sup>" read 141, "5<sub>1</sub>" 51). A subscript after a
// letter is an index of a name ("P<sub>1</sub>" is P1, as it was).
func footnoteMark(n *model.Node) bool {
	if n.Kind != model.KindElement {
		return false
	}
	switch n.Tag {
	case "sup":
		return isSupMark(model.PlainText(n))
	case "sub":
		return isSupMark(model.PlainText(n)) && afterNumber(n)
	}
	return false
}

// afterNumber reports whether the last character a reader sees before n,
// in its cell, item or line, is a digit ("5<sub>1</sub>",
// "<b>5</b><sub>1</sub>"). It looks at most afterNumberNodes nodes
// back (none showing a character there, it is no number's): each of
// many subscripts looking back over all before it, hidden, was time
// quadratic in them.
func afterNumber(n *model.Node) bool {
	budget := afterNumberNodes
	for p := n; p.Parent != nil; p = p.Parent {
		for s := p.PrevSibling; s != nil && budget > 0; s = s.PrevSibling {
			if r, ok := lastSeen(s, &budget); ok {
				return unicode.IsDigit(r)
			}
		}
		if budget--; budget <= 0 {
			return false
		}
		if !inline(p.Parent) {
			return false
		}
	}
	return false
}

// inline reports whether n is inline markup, whose text runs on with
// the text around it.
func inline(n *model.Node) bool {
	switch n.Kind {
	case model.KindBold, model.KindItalic, model.KindLink, model.KindExtLink, model.KindTemplate:
		return true
	case model.KindElement:
		return n.Tag != "div" && n.Tag != "blockquote" && n.Tag != "center"
	}
	return false
}

// afterNumberNodes bounds the nodes afterNumber looks at.
const afterNumberNodes = 64

// lastSeen is the last character of the text of n that is not white
// space, as cellText reads it (a line break reads as one), and whether
// there is one; each node it looks at takes one from *budget, and none
// left it has none.
func lastSeen(n *model.Node, budget *int) (rune, bool) {
	if *budget <= 0 {
		return 0, false
	}
	*budget--
	switch {
	case n.Kind == model.KindText:
		if t := strings.TrimRight(n.Text, " \t\n\r\f"); t != "" {
			r, _ := utf8.DecodeLastRuneInString(t)
			return r, true
		}
		return 0, false
	case n.Kind == model.KindLineBreak:
		return '\n', true
	case n.Kind == model.KindImage, n.Kind == model.KindError, n.Kind == model.KindRef,
		n.Tag == "sup" && footnoteMark(n), hiddenText(n), struck(n), n.Kind == model.KindTable:
		return 0, false
	}
	for c := n.LastChild; c != nil && *budget > 0; c = c.PrevSibling {
		if r, ok := lastSeen(c, budget); ok {
			return r, true
		}
	}
	return 0, false
}

// apartText reports whether n sets its text in another size or off the
// line (<sub>, <sup>, <small>, <big>, <font size>, a font-size or
// vertical-align style): its digits and the digits right beside it are
// not one number, as a reader sees two ("5<small>1</small>" read 51,
// "5<sup>123</sup>" 5123; they read "5 1" and "5 123", text). A word
// still runs on ("1<sup>st</sup>" is 1st).
func apartText(n *model.Node) bool {
	if n.Kind != model.KindElement {
		return false
	}
	switch n.Tag {
	case "sub", "sup", "small", "big":
		return true
	case "font":
		if _, ok := n.Attr("size"); ok {
			return true
		}
	}
	style, ok := n.Attr("style")
	if !ok {
		return false
	}
	for _, decl := range strings.Split(strings.ToLower(style), ";") {
		prop, _, _ := strings.Cut(decl, ":")
		switch strings.TrimSpace(prop) {
		case "font-size", "font", "vertical-align":
			return true
		}
	}
	return false
}

// cellText is a cell's (or a caption's) plain text without its footnote
// marks and hidden text.
func cellText(n *model.Node) string {
	t, _ := plainText(n, unseen)
	return t
}

// plainText is model.PlainTextSkipping(n, skip) but for the text of
// elements set apart (apartText), whose digits do not run on with those
// beside them: a space is put between. split is where in the text the
// last number cut so, or by a line break, is cut ("5<small>1</small>",
// "5<br>1" are "5 1", split 1), -1 for none: the text is two numbers
// side by side there, a value of neither ("Pair 5<br>1" is not Pair 5
// worth 1).
func plainText(n *model.Node, skip func(*model.Node) bool) (text string, split int) {
	apart := false
	s := model.PlainTextSkipping(n, func(c *model.Node) bool {
		if skip(c) {
			return true
		}
		if !apart && (c.Kind == model.KindLineBreak || c.Kind == model.KindElement && apartText(c)) {
			apart = true
		}
		return false
	})
	if !apart {
		return s, -1
	}
	return plainTextApart(n, skip)
}

// plainTextApart reads n as model.PlainTextSkipping does, but puts a
// space between two digits that an edge of an element set apart is
// between, and says where the last such edge, or line break, between
// two digits is (-1: none).
func plainTextApart(n *model.Node, skip func(*model.Node) bool) (string, int) {
	var b []byte
	gap, edge, split := false, false, -1
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if c != n && skip(c) {
			return model.WalkSkipChildren
		}
		switch c.Kind {
		case model.KindText:
			if !entering {
				break
			}
			s := c.Text
			for i := 0; i < len(s); {
				if isSpaceByte(s[i]) {
					gap = true
					i++
					continue
				}
				j := i + 1
				for j < len(s) && !isSpaceByte(s[j]) {
					j++
				}
				if len(b) > 0 {
					if edge && isDigitByte(b[len(b)-1]) && isDigitByte(s[i]) {
						gap, split = true, len(b)
					}
					if gap {
						b = append(b, ' ')
					}
				}
				b = append(b, s[i:j]...)
				gap, edge = false, false
				i = j
			}
		case model.KindLineBreak:
			if entering {
				gap, edge = true, true
			}
		case model.KindParagraph, model.KindListItem, model.KindCell, model.KindRow, model.KindHeading, model.KindPre, model.KindCaption:
			gap = true
		case model.KindImage, model.KindError, model.KindRef:
			return model.WalkSkipChildren
		case model.KindElement:
			if apartText(c) {
				edge = true
			}
		}
		return model.WalkContinue
	})
	return string(b), split
}

// isSpaceByte reports whether c is white space as model.PlainText reads
// it.
func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
