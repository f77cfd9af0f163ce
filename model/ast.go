package model

import (
	"iter"
	"strings"
	"sync"
)

// Kind is the kind of a syntax tree node. The set is fixed: consumers switch
// on it, and a fixed enum keeps every switch checkable.
type Kind uint8

const (
	KindDocument   Kind = iota // the root; children are sections and blocks
	KindSection                // a heading and what follows it up to the next heading of the same or a higher level
	KindText                   // Text holds the characters (entities decoded)
	KindElement                // an HTML element with no more specific kind: Tag, Attrs
	KindParagraph              // <p>
	KindHeading                // <h1>…<h6>: Level
	KindList                   // <ul>, <ol> or <dl> (Tag says which)
	KindListItem               // <li>, <dt> or <dd> (Tag says which)
	KindTable                  // <table>
	KindCaption                // <caption>
	KindRow                    // <tr>
	KindCell                   // <td> or <th> (Tag says which; Header reports th)
	KindPre                    // <pre>, from indented lines or the tag
	KindBold                   // <b> (from ''' or the tag)
	KindItalic                 // <i> (from '' or the tag)
	KindLineBreak              // <br>
	KindRule                   // <hr>
	KindLink                   // internal link: Link holds the target; children are the label
	KindExtLink                // external link: Link.URL; children are the label
	KindImage                  // [[File:…]]: Link.Target, Image options; children are the caption
	KindTemplate               // a template call: Template holds name and arguments; children are its expansion
	KindError                  // a visible error (unknown template, limit reached): Text is the message
	KindRef                    // a footnote marker (<ref>): Ref says which note; children are its link ("[1]")
	KindReferences             // a list of footnotes (<references/>): Ref.Group; the items below it are list items whose Ref is set

	// KindCount is the number of kinds: tables indexed by Kind (a
	// renderer's functions) have this size.
	KindCount
)

var kindNames = [KindCount]string{
	"Document", "Section", "Text", "Element", "Paragraph", "Heading", "List", "ListItem",
	"Table", "Caption", "Row", "Cell", "Pre", "Bold", "Italic", "LineBreak", "Rule",
	"Link", "ExtLink", "Image", "Template", "Error", "Ref", "References",
}

func (k Kind) String() string {
	if k < KindCount {
		return kindNames[k]
	}
	return "Kind?"
}

// Attr is an HTML attribute, already sanitized.
type Attr struct {
	Name, Value string
}

// Node is a node of the syntax tree. One concrete struct serves every kind
// (goldmark and go/ast use interfaces; a single struct keeps allocation in
// slabs and walking cheap). Fields that only some kinds use are documented
// on the kinds.
//
// A page has about one node per 27 bytes of wikitext, so the node is kept
// small: what few nodes have (attributes, a link, a template call, a
// footnote) sits behind one pointer, read and set through methods (Attrs,
// Link, Template, Ref and their Set… counterparts).
type Node struct {
	Kind  Kind
	Level uint8  // KindHeading: 1…6; KindSection: its heading's level
	Tag   string // HTML element name for element-like kinds ("td", "ul", "span")
	Text  string // KindText: the text; KindError: the message

	// Pos and End are the byte range in the revision's source text that
	// produced the node. Nodes made by a template expansion carry the range
	// of the template call.
	Pos, End int

	// x holds the attributes and details; nil when the node has none.
	// It is never changed in place once set (the setters copy it), so a
	// copy of a Node (m := *n) can be changed without changing n.
	x *nodeExtra

	Parent, FirstChild, LastChild, PrevSibling, NextSibling *Node
}

// nodeExtra is the part of a node that most nodes do not have.
type nodeExtra struct {
	attrs    []Attr
	link     *LinkInfo
	template *TemplateCall
	ref      *RefInfo
}

var noExtra nodeExtra

func (n *Node) extra() *nodeExtra {
	if n.x == nil {
		return &noExtra
	}
	return n.x
}

// set replaces n's details by a copy of them changed by f (nil when
// nothing is left).
func (n *Node) set(f func(x *nodeExtra)) {
	x := *n.extra()
	f(&x)
	if x.attrs == nil && x.link == nil && x.template == nil && x.ref == nil {
		n.x = nil
		return
	}
	n.x = &x
}

// CopyDetails gives n the attributes, link, template call and footnote of
// from (shared: neither changes them in place).
func (n *Node) CopyDetails(from *Node) { n.x = from.x }

// Attrs returns the node's HTML attributes, already sanitized. The slice
// is the node's: changing an element changes the node's attribute.
func (n *Node) Attrs() []Attr { return n.extra().attrs }

// SetAttrs sets the node's attributes.
func (n *Node) SetAttrs(a []Attr) {
	if n.x == nil && a == nil {
		return
	}
	n.set(func(x *nodeExtra) { x.attrs = a })
}

// Link returns the link of a KindLink, KindExtLink or KindImage node.
func (n *Node) Link() *LinkInfo { return n.extra().link }

// SetLink sets the node's link.
func (n *Node) SetLink(l *LinkInfo) {
	if n.x == nil && l == nil {
		return
	}
	n.set(func(x *nodeExtra) { x.link = l })
}

// Template returns the call of a KindTemplate node.
func (n *Node) Template() *TemplateCall { return n.extra().template }

// SetTemplate sets the node's template call.
func (n *Node) SetTemplate(t *TemplateCall) {
	if n.x == nil && t == nil {
		return
	}
	n.set(func(x *nodeExtra) { x.template = t })
}

// Ref returns the footnote of a KindRef or KindReferences node, or of a
// note (a list item) of a KindReferences.
func (n *Node) Ref() *RefInfo { return n.extra().ref }

// SetRef sets the node's footnote.
func (n *Node) SetRef(r *RefInfo) {
	if n.x == nil && r == nil {
		return
	}
	n.set(func(x *nodeExtra) { x.ref = r })
}

// LinkInfo describes a link.
type LinkInfo struct {
	// Target is the normalized page title of an internal link or image
	// ("Gamehelp hearts", "File:Board.png"); empty for a same-page anchor.
	Target string
	// Fragment is the part after '#', decoded.
	Fragment string
	// URL is an external link's URL (sanitized).
	URL string
	// Free marks a bare URL in text; Autonumber a bracketed URL without a
	// label ([1], [2]…).
	Free, Autonumber bool
	// Options are an image's parameters other than its caption (thumb,
	// left, 200px, alt=…).
	Options []string
}

// RefInfo describes a footnote (MediaWiki's Cite: <ref> and <references/>).
type RefInfo struct {
	// Group is the ref's group= ("" for the default group).
	Group string
	// Name is the ref's name= ("" for an unnamed ref).
	Name string
	// Number is the note's number in its group; Label is how the marker
	// shows it ("1", "notes 2").
	Number int
	Label  string
	// NoteID is the id of the note in the list ("cite_note-1"); RefID the
	// id of one marker ("cite_ref-1"), empty on a list item.
	NoteID, RefID string
}

// TemplateCall is a template invocation as written.
type TemplateCall struct {
	Name string // normalized template name without the Template: prefix ("Heart")
	Args []TemplateArg
	// Pos and End are the byte range of the whole {{…}} in the source.
	Pos, End int
	// Builtin marks one of wikirules' built-in templates; Unknown marks a
	// template with no definition (rendered as a visible marker).
	Builtin, Unknown bool
}

// TemplateArg is one argument. Positional arguments are named "1", "2"…
type TemplateArg struct {
	Name, Value string
	Positional  bool
}

// Arg returns the value of a named or positional argument.
func (t *TemplateCall) Arg(name string) (string, bool) {
	val, ok := "", false
	for _, a := range t.Args {
		if a.Name == name {
			val, ok = a.Value, true // the last one wins, as in MediaWiki
		}
	}
	return val, ok
}

// Header reports whether a cell is a header cell (<th>).
func (n *Node) Header() bool { return n.Kind == KindCell && n.Tag == "th" }

// Attr returns the value of an attribute.
func (n *Node) Attr(name string) (string, bool) {
	for _, a := range n.Attrs() {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// AppendChild adds c as the last child of n.
func (n *Node) AppendChild(c *Node) {
	c.Parent = n
	c.PrevSibling = n.LastChild
	c.NextSibling = nil
	if n.LastChild != nil {
		n.LastChild.NextSibling = c
	} else {
		n.FirstChild = c
	}
	n.LastChild = c
}

// InsertBefore inserts c as a child of n before ref (at the end when ref is
// nil).
func (n *Node) InsertBefore(c, ref *Node) {
	if ref == nil {
		n.AppendChild(c)
		return
	}
	c.Parent = n
	c.NextSibling = ref
	c.PrevSibling = ref.PrevSibling
	if ref.PrevSibling != nil {
		ref.PrevSibling.NextSibling = c
	} else {
		n.FirstChild = c
	}
	ref.PrevSibling = c
}

// Remove detaches n from its parent.
func (n *Node) Remove() {
	p := n.Parent
	if p == nil {
		return
	}
	if n.PrevSibling != nil {
		n.PrevSibling.NextSibling = n.NextSibling
	} else {
		p.FirstChild = n.NextSibling
	}
	if n.NextSibling != nil {
		n.NextSibling.PrevSibling = n.PrevSibling
	} else {
		p.LastChild = n.PrevSibling
	}
	n.Parent, n.PrevSibling, n.NextSibling = nil, nil, nil
}

// Children iterates over n's children. Removing the current child while
// iterating is safe.
func (n *Node) Children() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if !yield(c) {
				return
			}
			c = next
		}
	}
}

// Descendants iterates over every node below n in document order.
func (n *Node) Descendants() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		Walk(n, func(c *Node, entering bool) WalkStatus {
			if !entering || c == n {
				return WalkContinue
			}
			if !yield(c) {
				return WalkStop
			}
			return WalkContinue
		})
	}
}

// FindAll iterates over the descendants of n of the given kind.
func (n *Node) FindAll(k Kind) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for c := range n.Descendants() {
			if c.Kind == k && !yield(c) {
				return
			}
		}
	}
}

// WalkStatus tells Walk how to go on.
type WalkStatus uint8

const (
	WalkContinue     WalkStatus = iota // visit the children, then the siblings
	WalkSkipChildren                   // do not visit this node's children
	WalkStop                           // stop the walk
)

// Next returns the node after n in document order below root (nil at the
// end): a walk without a function call per node, for hot loops.
func Next(root, n *Node) *Node {
	if n.FirstChild != nil {
		return n.FirstChild
	}
	for n != root {
		if n.NextSibling != nil {
			return n.NextSibling
		}
		n = n.Parent
	}
	return nil
}

// Walk visits n and its descendants depth first, calling fn on entering and
// on leaving each node. It is iterative, so hostile nesting depth cannot
// overflow the stack.
func Walk(n *Node, fn func(n *Node, entering bool) WalkStatus) {
	if n == nil {
		return
	}
	cur := n
	for {
		st := fn(cur, true)
		if st == WalkStop {
			return
		}
		if st == WalkContinue && cur.FirstChild != nil {
			cur = cur.FirstChild
			continue
		}
		// Leave cur and climb until a sibling is found.
		for {
			if fn(cur, false) == WalkStop {
				return
			}
			if cur == n {
				return
			}
			if cur.NextSibling != nil {
				cur = cur.NextSibling
				break
			}
			cur = cur.Parent
		}
	}
}

// PlainText returns the text of n and its descendants as a reader sees it:
// line breaks and block boundaries become spaces or newlines, runs of space
// collapse, and images and errors contribute nothing. Templates contribute
// their expansion, so {{heart|K}} reads "K♥".
func PlainText(n *Node) string { return PlainTextSkipping(n, nil) }

// PlainTextSkipping is PlainText leaving out the descendants for which skip
// returns true (a list item's text without its nested lists, say).
func PlainTextSkipping(n *Node, skip func(*Node) bool) string {
	var t plainText
	walkPlainText(n, skip, func(c *Node, entering bool) bool {
		switch c.Kind {
		case KindText:
			if entering {
				t.emit(c.Text)
			}
		case KindLineBreak:
			if entering {
				t.gap = true
			}
		case KindParagraph, KindListItem, KindCell, KindRow, KindHeading, KindPre, KindCaption:
			t.gap = true
		}
		return true
	})
	return t.String()
}

// PlainTextHas reports whether PlainTextSkipping(n, skip) has the byte b,
// without putting the text together (b is not white space: the words'
// bytes are those of the text nodes).
func PlainTextHas(n *Node, skip func(*Node) bool, b byte) bool {
	found := false
	walkPlainText(n, skip, func(c *Node, entering bool) bool {
		found = entering && c.Kind == KindText && strings.IndexByte(c.Text, b) >= 0
		return !found
	})
	return found
}

// walkPlainText walks what PlainTextSkipping reads of n: fn sees every
// node but those skipped and what images, errors and footnotes hold, and
// stops the walk by returning false.
func walkPlainText(n *Node, skip func(*Node) bool, fn func(c *Node, entering bool) bool) {
	Walk(n, func(c *Node, entering bool) WalkStatus {
		if skip != nil && c != n && skip(c) {
			return WalkSkipChildren
		}
		if !fn(c, entering) {
			return WalkStop
		}
		switch c.Kind {
		case KindImage, KindError, KindRef:
			// Footnote markers are not part of the text: a cell
			// "14<ref>…</ref>" reads "14".
			return WalkSkipChildren
		}
		return WalkContinue
	})
}

// plainText collects PlainText's words: runs of bytes that are not ASCII
// white space, one space between two runs that had white space between
// them. While the words are one stretch of one text, single spaces apart
// (a heading's title, a cell's value: most of what PlainText reads), the
// result is a copy of that stretch made at the end, in one allocation
// rather than a builder's growing ones. (Not the stretch itself: a
// caller keeps the result, which would keep the text it is in.)
type plainText struct {
	b strings.Builder
	// src[from:to] is the text so far while copied is false.
	src      string
	from, to int
	copied   bool
	// gap: white space since the last word.
	gap bool
}

func (t *plainText) emit(s string) {
	for i := 0; i < len(s); {
		if isSpaceByte(s[i]) {
			t.gap = true
			i++
			continue
		}
		j := i + 1
		for j < len(s) && !isSpaceByte(s[j]) {
			j++
		}
		t.word(s, i, j)
		i = j
	}
}

// word adds s[i:j], a word.
func (t *plainText) word(s string, i, j int) {
	switch {
	case t.copied:
	case t.to == 0:
		// The first word: no space before it.
		t.src, t.from, t.to, t.gap = s, i, j, false
		return
	case t.gap && i == t.to+1 && s[t.to] == ' ' && s == t.src:
		// The next word of the same text (the comparison is of the
		// same bytes: Go compares their address first), one space
		// after.
		t.to, t.gap = j, false
		return
	default:
		t.b.WriteString(t.src[t.from:t.to])
		t.copied = true
	}
	if t.gap {
		t.b.WriteByte(' ')
	}
	t.b.WriteString(s[i:j])
	t.gap = false
}

func (t *plainText) String() string {
	if t.copied {
		return t.b.String()
	}
	return strings.Clone(t.src[t.from:t.to])
}

// Document is a parsed revision.
type Document struct {
	Root *Node
	// Source is the text the positions refer to.
	Source string
	// Categories lists the [[Category:…]] links, in order, without the
	// namespace ("Card games"); they are page metadata, not content.
	Categories []string
	// Templates lists every template call in the source, outermost first,
	// whether or not its expansion could be wrapped in a KindTemplate node
	// (it is not when its nodes are not a run of siblings, nor when they
	// hold a heading at the top level, which begins a section).
	Templates []*TemplateCall
	// Switches holds the behaviour switches found (__NOTOC__, __TOC__,
	// __FORCETOC__, __NOEDITSECTION__…), without underscores, upper case.
	Switches map[string]bool
	// TOCOffset is where the first __TOC__ stood (a byte offset into
	// Source), when Switches["TOC"] says there is one: the table of
	// contents goes there, before the first node at or after it. Without
	// __TOC__ it goes before the first heading.
	TOCOffset int
	// Redirect is the target of a redirect page ("#REDIRECT [[Target]]"),
	// nil for a page of content.
	Redirect    *LinkInfo
	Diagnostics MsgList

	linesOnce sync.Once
	lines     *LineIndex
}

// Lines returns the document's line index, built on first use. It is safe
// for concurrent use, as go/token guards its line table; Source must not
// change after the first call.
func (d *Document) Lines() *LineIndex {
	d.linesOnce.Do(func() { d.lines = NewLineIndex(d.Source) })
	return d.lines
}

// Messages returns the document's diagnostics located (line, column) and
// named by page and revision, sorted: ready to report.
func (d *Document) Messages(page, rev string) MsgList {
	out := make(MsgList, len(d.Diagnostics))
	copy(out, d.Diagnostics)
	for i := range out {
		out[i].Locate(d.Lines(), page, rev)
	}
	out.Sort()
	return out
}

// Line returns the 1-based source line of a byte offset.
func (d *Document) Line(offset int) int { return d.Lines().Line(offset) }

// Part is a top-level part of a document: its lead (the nodes before the
// first section) or a top-level section with its subsections. Text is its
// source, from Pos to the next part (for a section, its heading line to
// the next top-level section), which its tree is made of.
type Part struct {
	Lead  bool
	Text  string
	Pos   int
	Nodes []*Node
}

// Parts returns the document's top-level parts in order; ok is false when
// its root does not group its content so (a node after a section outside
// it), which the parser never makes.
func (d *Document) Parts() (parts []Part, ok bool) {
	// Counted first, then the lead's nodes and the sections in one array
	// (a site reads every revision's parts twice).
	nLead, nSections := 0, 0
	for c := d.Root.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Kind == KindSection:
			nSections++
		case nSections > 0:
			return nil, false
		default:
			nLead++
		}
	}
	all := make([]*Node, 0, nLead+nSections)
	for c := d.Root.FirstChild; c != nil; c = c.NextSibling {
		all = append(all, c)
	}
	lead, sections := all[:nLead:nLead], all[nLead:]
	src := d.Source
	parts = make([]Part, 0, len(sections)+1)
	if len(lead) > 0 {
		end := len(src)
		if len(sections) > 0 {
			end = sections[0].Pos
		}
		if end < 0 || end > len(src) {
			return nil, false
		}
		parts = append(parts, Part{Lead: true, Text: src[:end], Nodes: lead})
	}
	for i, s := range sections {
		to := len(src)
		if i+1 < len(sections) {
			to = sections[i+1].Pos
		}
		if s.Pos < 0 || s.Pos > to || to > len(src) {
			return nil, false
		}
		// Its node from the list of sections, capped: no array of its own.
		parts = append(parts, Part{Text: src[s.Pos:to], Pos: s.Pos, Nodes: sections[i : i+1 : i+1]})
	}
	return parts, true
}

// Section is a view of a KindSection node.
type Section struct {
	Node    *Node
	Heading *Node // nil for the lead section before the first heading
}

// Title is the section heading's plain text ("" for the lead).
func (s Section) Title() string {
	if s.Heading == nil {
		return ""
	}
	return PlainText(s.Heading)
}

// Sections iterates over the sections below n, depth first. Sections are
// children of the document's root and of sections only (the parser groups
// a document's top-level content so), so only those are looked into: a
// page's sections are found without walking its paragraphs, lists and
// tables.
func Sections(n *Node) iter.Seq[Section] {
	return func(yield func(Section) bool) {
		var walk func(n *Node) bool
		walk = func(n *Node) bool {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Kind != KindSection {
					continue
				}
				s := Section{Node: c}
				if h := c.FirstChild; h != nil && h.Kind == KindHeading {
					s.Heading = h
				}
				if !yield(s) || !walk(c) {
					return false
				}
			}
			return true
		}
		walk(n)
	}
}

// SectionPath returns the titles of the headings of the sections that
// contain n, outermost first.
func SectionPath(n *Node) []string {
	var path []string
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Kind == KindSection {
			if h := p.FirstChild; h != nil && h.Kind == KindHeading {
				path = append(path, PlainText(h))
			}
		}
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

func isSpaceByte(c byte) bool { return spaceByte[c] }

// spaceByte marks ASCII white space: PlainText reads every text of a page
// through it.
var spaceByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true}
