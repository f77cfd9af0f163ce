package parser

import (
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/internal/tagtable"
	"github.com/wikirules/wikirules/model"
)

// The tree builder reads the HTML the passes produced and builds the syntax
// tree the way a browser would (MediaWiki runs its output through an HTML5
// tree builder, "tidy"): implied end tags, misnested formatting repaired by
// the adoption agency algorithm, content directly in a table moved before
// it, and MediaWiki's extra rule that inline content directly in the body
// or a blockquote is wrapped in a paragraph.

// tagFlags say which of the sets of tagSets a tag name is in: a token
// looks its name up once.
type tagFlags uint16

const (
	fVoid tagFlags = 1 << iota
	fFormatting
	fSpecial
	fClosesP
	fImpliedEnd
	fInline
	fMetadata
	fScope
	fHeading
)

// tagSets are the sets of tag names the tree builder asks about.
var tagSets = [...]struct {
	flag  tagFlags
	names string
}{
	{fVoid, "br wbr hr img meta link input col area embed source track param keygen"},
	{fFormatting, "a b big code em font i nobr s small strike strong tt u"},
	{fSpecial, `address applet area article aside base basefont bgsound blockquote body br button caption center
	col colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6
	head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav noembed noframes
	noscript object ol p param plaintext pre script search section select source style summary table tbody td
	template textarea tfoot th thead title tr track ul wbr xmp`},
	{fClosesP, `address article aside blockquote center details dialog dir div dl fieldset figcaption figure
	footer header hgroup main menu nav ol p search section summary ul h1 h2 h3 h4 h5 h6 pre listing form table hr`},
	{fImpliedEnd, "dd dt li optgroup option p rb rp rt rtc"},
	{fInline, `a abbr acronym applet b basefont bdo big br button cite code del dfn em font i iframe img input
	ins kbd label legend map object param q rb rbc rp rt rtc ruby s samp select small span strike strong sub sup
	textarea tt u var video audio bdi data time mark`},
	{fMetadata, "style script link meta"},
	{fScope, "applet caption html table td th marquee object template"},
	{fHeading, "h1 h2 h3 h4 h5 h6"},
}

// tagFlagTable holds each tag name of tagSets with its flags.
var tagFlagTable = func() (t tagtable.Table[tagFlags]) {
	for _, set := range tagSets {
		t.Add(set.names, set.flag)
	}
	return t
}()

// lookupTagFlags returns the flags of the tag name.
func lookupTagFlags(name string) tagFlags { return tagFlagTable.Flags(name) }

// lookupTag returns the flags of the tag name and the table's copy of a
// known name (name itself for another): the tree then keeps no string of
// the text it was built from for an element's name.
func lookupTag(name string) (string, tagFlags) { return tagFlagTable.Lookup(name) }

func setOf(s string) map[string]bool {
	m := map[string]bool{}
	for f := range strings.FieldsSeq(s) {
		m[f] = true
	}
	return m
}

// maxTreeDepth bounds the tree's depth; deeper content is kept but flattened
// into the deepest allowed element, with a diagnostic.
const maxTreeDepth = 512

// maxFormatting bounds the list of active formatting elements so hostile
// input cannot make reconstruction quadratic.
const maxFormatting = 64

type treeBuilder struct {
	ps    *parseState
	in    *text
	root  *model.Node
	stack []*model.Node
	afe   []*model.Node // nil entries are markers
	// rootPWrap is the body's open p-wrapper; pwrap maps a blockquote to
	// its own.
	rootPWrap *model.Node
	pwrap     map[*model.Node]*model.Node
	// pWrappers are the p elements made by the p-wrapping rule; they are
	// marked by pWrapMark in their Level (which means nothing on a
	// paragraph) while the tree is built: the check runs for every
	// insertion.
	pWrappers []*model.Node
	// tocPlaces are the blocks where __TOC__ stood (<div @toc>), removed
	// once the tree is built.
	tocPlaces []*model.Node
	// blockMode marks formatting elements split out of a p-wrapper to hold
	// a block: inline content arriving in them needs a new p-wrapper.
	blockMode map[*model.Node]bool
	// genText lists the text nodes made of generated text. They are
	// marked by genMark in their Level (which means nothing on text) while
	// the tree is built, rather than kept in a map: the check runs for
	// every text token.
	genText []*model.Node
	// tableText holds whitespace that opens a run of text in a table,
	// until the run shows whether it is foster parented (insertText);
	// runFostered: the run's text so far was.
	tableText   []htmlToken
	runFostered bool
	// attrBuf and metaBuf are where readTag collects a tag's attributes;
	// attrSlab is the array keepAttrs hands its nodes' attributes from.
	attrBuf, metaBuf, attrSlab []model.Attr
	attrChunk                  int
	// pending is a text node being extended, its text in pendingBuf.
	pending    *model.Node
	pendingBuf []byte
	// onStack counts how many times a node is on the stack, so "is it
	// open?" is O(1) however deep the stack.
	onStack map[*model.Node]int
	// openTags counts open elements by a hash of their name (tagSlot), so
	// that scope checks for an element that is not open at all are O(1):
	// a zero count means none is. No two names the builder knows share a
	// slot; other names that do only cost the scan of the stack that
	// follows. The counts are at most the stack's depth (maxTreeDepth):
	// uint16 halves the array a parse clears (a build parses hundreds of
	// thousands of chunks).
	openTags  [1024]uint16
	depthWarn bool
}

func (tb *treeBuilder) newNode() *model.Node { return tb.ps.nodes.new() }

// nodeSlab hands out the nodes of a document from a few arrays: one
// allocation for most of a page's nodes rather than one per node.
type nodeSlab struct {
	free  []model.Node
	arena *model.NodeArena // where the arrays come from (nil: allocated)
}

// estimateNodes guesses the number of nodes of the tree of the final text
// s: one per start tag, one per text run, one section per heading and the
// root, with a little room for the text runs that a break in the source
// map splits and the elements the tree builder adds. On the seeds it is
// within a few nodes for most pages; a low guess costs a few small arrays
// (new), a high one unused nodes: both are bytes allocated per page.
func estimateNodes(s string) int {
	n := 2
	for i := 0; i < len(s); {
		k := strings.IndexByte(s[i:], '<')
		if k < 0 {
			n++ // the text after the last tag
			break
		}
		i += k
		if i > 0 && s[i-1] != '>' {
			n++ // a text run ends here
		}
		if i+1 < len(s) {
			if c := s[i+1] | 0x20; c >= 'a' && c <= 'z' {
				n++ // a start tag
				if c == 'h' && i+2 < len(s) && s[i+2] >= '1' && s[i+2] <= '6' {
					n++ // a heading's section
				}
			}
		}
		i++
	}
	return n + 2
}

// reserve makes room for about n more nodes in one array.
func (s *nodeSlab) reserve(n int) {
	if len(s.free) < n {
		s.free = s.arena.Nodes(n)
	}
}

func (s *nodeSlab) new() *model.Node {
	if len(s.free) == 0 {
		// More than reserved: small arrays, so that a guess too low
		// costs little and a page's last array is mostly used. From an
		// arena, whose arrays follow one another, eight at a time.
		n := 16
		if s.arena != nil {
			n = 8
		}
		s.free = s.arena.Nodes(n)
	}
	n := &s.free[0]
	s.free = s.free[1:]
	return n
}

func (tb *treeBuilder) current() *model.Node { return tb.stack[len(tb.stack)-1] }

// buildTree parses the final HTML text into a document tree.
func (ps *parseState) buildTree(in *text) *model.Node {
	tb := &treeBuilder{ps: ps, in: in, pwrap: map[*model.Node]*model.Node{}, blockMode: map[*model.Node]bool{}, onStack: map[*model.Node]int{}}
	if ps.nodes.arena == nil {
		// The page's nodes in one array (an arena hands out arrays
		// that follow one another: no guess needed).
		ps.nodes.reserve(estimateNodes(in.s))
	}
	tb.root = tb.newNode()
	tb.root.Kind = model.KindDocument
	tb.root.Tag = "body"
	tb.root.End = len(ps.src)
	tb.stack = []*model.Node{tb.root}
	tb.run()
	for _, n := range tb.genText {
		n.Level = 0
	}
	for _, n := range tb.pWrappers {
		n.Level = 0
	}
	// The TOC placeholders did their work (a block where __TOC__ stood,
	// for the p-wrapping); they leave nothing in the tree but the first
	// one's place, where the contents go.
	if len(tb.tocPlaces) > 0 {
		ps.tocOffset = tb.tocPlaces[0].Pos
	}
	for _, n := range tb.tocPlaces {
		n.Remove()
	}
	return tb.root
}

// genMark marks a text node made of generated text while the tree is built.
const genMark = 1

// token kinds
const (
	tokText = iota
	tokStart
	tokEnd
)

type htmlToken struct {
	kind      int
	name      string
	attrs     []model.Attr
	meta      []model.Attr // @-attributes written by the passes, without the @
	selfClose bool
	flags     tagFlags // what the tag sets say about name
	text      string
	pos, end  int  // source range
	gen       bool // text written by a pass or a template, not copied from the page
}

func (tb *treeBuilder) run() {
	s := tb.in.s
	i := 0
	for i < len(s) {
		if s[i] == '<' {
			if tok, n, ok := tb.readTag(i); ok {
				tb.process(&tok)
				i = n
				continue
			}
			if strings.HasPrefix(s[i:], "<!--") {
				if e := strings.Index(s[i+4:], "-->"); e >= 0 {
					tb.endTableText()
					i += 4 + e + 3
					continue
				}
			}
		}
		// Text up to the next '<' or a break in the source map.
		j := len(s)
		if k := strings.IndexByte(s[i+1:], '<'); k >= 0 {
			j = i + 1 + k
		}
		tb.textRun(i, j)
		i = j
	}
	tb.endTableText()
	tb.flushText()
	tb.reportUnclosed()
	// Close everything: fix up end positions.
	for len(tb.stack) > 1 {
		endAtContent(tb.pop())
	}
}

func (tb *treeBuilder) flushText() {
	if tb.pending != nil {
		tb.pending.Text = string(tb.pendingBuf)
		tb.pending = nil
	}
}

// textRun emits s[i:j] as text, split where the source map jumps so that
// text from a template and text around it stay apart.
func (tb *treeBuilder) textRun(i, j int) {
	in := tb.in
	for i < j {
		k := in.find(i)
		cut := j
		if k >= 0 {
			sg := in.segs[k]
			cut = min(j, int(sg.off+sg.n))
			// Extend over following segments that continue linearly.
			for cut < j && k+1 < len(in.segs) {
				nx := in.segs[k+1]
				cur := in.segs[k]
				if cur.gen || nx.gen || cur.src+cur.n != nx.src {
					break
				}
				k++
				cut = min(j, int(nx.off+nx.n))
			}
		}
		if cut <= i {
			cut = j
		}
		a, z := in.srcRange(i, cut)
		tok := htmlToken{kind: tokText, text: decodeText(in.s[i:cut]), pos: a, end: z}
		if k >= 0 {
			tok.gen = in.segs[k].gen
		}
		if tok.text != "" {
			tb.process(&tok)
		}
		i = cut
	}
}

// decodeText decodes character references; invalid ones stay literal.
func decodeText(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	return decodeCharRefs(s)
}

// readTag reads a tag at s[i] == '<'.
func (tb *treeBuilder) readTag(i int) (htmlToken, int, bool) {
	s := tb.in.s
	var t htmlToken
	attrs, meta := tb.attrBuf[:0], tb.metaBuf[:0]
	j := i + 1
	if j < len(s) && s[j] == '/' {
		t.kind = tokEnd
		j++
	} else {
		t.kind = tokStart
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= '0' && s[k] <= '9' || s[k] >= 'A' && s[k] <= 'Z') {
		k++
	}
	if k == j {
		return t, 0, false
	}
	t.name, t.flags = lookupTag(strings.ToLower(s[j:k]))
	// Attributes: name="value", as the passes and the sanitizer write them.
	for {
		for k < len(s) && s[k] == ' ' {
			k++
		}
		if k >= len(s) {
			return t, 0, false
		}
		if s[k] == '>' {
			k++
			break
		}
		if s[k] == '/' && k+1 < len(s) && s[k+1] == '>' {
			t.selfClose = true
			k += 2
			break
		}
		a := k
		for k < len(s) && s[k] != '=' && s[k] != ' ' && s[k] != '>' && s[k] != '/' {
			k++
		}
		name := attrName(s[a:k])
		val := ""
		if k+1 < len(s) && s[k] == '=' && s[k+1] == '"' {
			e := strings.IndexByte(s[k+2:], '"')
			if e < 0 {
				return t, 0, false
			}
			val = decodeCharRefs(s[k+2 : k+2+e])
			k = k + 2 + e + 1
		}
		if name == "" {
			return t, 0, false
		}
		if name[0] == '@' {
			meta = append(meta, model.Attr{Name: name[1:], Value: val})
		} else {
			attrs = append(attrs, model.Attr{Name: name, Value: val})
		}
	}
	tb.attrBuf, tb.metaBuf = attrs, meta
	if len(attrs) > 0 {
		t.attrs = tb.keepAttrs(attrs)
	}
	if len(meta) > 0 {
		// Read by makeElement only, before the next tag is read.
		t.meta = meta
	}
	t.pos, t.end = tb.in.srcRange(i, k)
	return t, k, true
}

// keepAttrs returns a copy of a tag's attributes for its node, from an
// array the tree builder shares among the tags (a slice of it capped at
// its length: appending to it copies): one allocation for the attributes
// of many tags rather than one per tag.
func (tb *treeBuilder) keepAttrs(a []model.Attr) []model.Attr {
	if len(tb.attrSlab) < len(a) {
		// The first array sized by the text (a section of a history
		// is parsed alone, often with one or two attributes), the next
		// ones twice the one before.
		tb.attrChunk = min(max(tb.attrChunk*2, len(tb.in.s)/1024, 4), 512)
		tb.attrSlab = make([]model.Attr, max(tb.attrChunk, len(a)))
	}
	out := tb.attrSlab[:len(a):len(a)]
	copy(out, a)
	tb.attrSlab = tb.attrSlab[len(a):]
	return out
}

// attrName returns a constant for the attribute names the passes write
// most, name itself for others (so the tree keeps fewer strings of the
// text it was built from).
func attrName(name string) string {
	switch name {
	case "class":
		return "class"
	case "style":
		return "style"
	case "id":
		return "id"
	case "title":
		return "title"
	case "href":
		return "href"
	case "src":
		return "src"
	case "alt":
		return "alt"
	case "width":
		return "width"
	case "height":
		return "height"
	case "colspan":
		return "colspan"
	case "rowspan":
		return "rowspan"
	case "align":
		return "align"
	}
	return name
}

// kindOf maps an element name to a node kind.
func kindOf(tag string) model.Kind {
	switch tag {
	case "p":
		return model.KindParagraph
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return model.KindHeading
	case "ul", "ol", "dl":
		return model.KindList
	case "li", "dt", "dd":
		return model.KindListItem
	case "table":
		return model.KindTable
	case "caption":
		return model.KindCaption
	case "tr":
		return model.KindRow
	case "td", "th":
		return model.KindCell
	case "pre":
		return model.KindPre
	case "b":
		return model.KindBold
	case "i":
		return model.KindItalic
	case "br":
		return model.KindLineBreak
	case "hr":
		return model.KindRule
	}
	return model.KindElement
}

func (tb *treeBuilder) makeElement(t *htmlToken) *model.Node {
	n := tb.newNode()
	n.Tag = t.name
	n.Kind = kindOf(t.name)
	if n.Kind == model.KindHeading {
		n.Level = t.name[1] - '0'
	}
	n.SetAttrs(t.attrs)
	n.Pos, n.End = t.pos, t.end
	if t.meta != nil {
		if v, ok := metaAttr(t.meta, "link"); ok {
			n.Kind = model.KindLink
			n.SetLink(tb.ps.linkInfo(v))
		} else if v, ok := metaAttr(t.meta, "ext"); ok {
			n.Kind = model.KindExtLink
			n.SetLink(tb.ps.linkInfo(v))
		} else if v, ok := metaAttr(t.meta, "img"); ok {
			n.Kind = model.KindImage
			n.SetLink(tb.ps.linkInfo(v))
		} else if v, ok := metaAttr(t.meta, "ref"); ok {
			n.Kind = model.KindRef
			n.SetRef(tb.ps.citeRef(v))
		} else if v, ok := metaAttr(t.meta, "refs"); ok {
			n.Kind = model.KindReferences
			n.SetRef(tb.ps.citeRef(v))
		} else if v, ok := metaAttr(t.meta, "note"); ok {
			n.SetRef(tb.ps.citeRef(v))
		} else if _, ok := metaAttr(t.meta, "toc"); ok {
			tb.tocPlaces = append(tb.tocPlaces, n)
		}
	}
	return n
}

// metaAttr returns the value of the @-attribute name; the last one
// written wins, as it did in a map.
func metaAttr(meta []model.Attr, name string) (string, bool) {
	for i := len(meta) - 1; i >= 0; i-- {
		if meta[i].Name == name {
			return meta[i].Value, true
		}
	}
	return "", false
}

func cloneElement(tb *treeBuilder, n *model.Node) *model.Node {
	c := tb.newNode()
	// The copy shares n's details, which a node never changes in place:
	// attributes, link and footnote; not the text, the template or the
	// place in the tree.
	*c = model.Node{Kind: n.Kind, Tag: n.Tag, Level: n.Level, Pos: n.Pos, End: n.End}
	c.CopyDetails(n)
	c.SetTemplate(nil)
	return c
}

// --- the stack ---

// push opens n; it reports false when the depth limit refuses it (n is
// then a leaf).
func (tb *treeBuilder) push(n *model.Node) bool {
	if len(tb.stack) >= maxTreeDepth {
		if !tb.depthWarn {
			tb.depthWarn = true
			tb.ps.diags.Add(n.Pos, n.End, model.SevWarning, model.MsgNestingDepth, "markup nested more than %d levels deep; deeper elements are flattened", maxTreeDepth)
		}
		return false
	}
	tb.stack = append(tb.stack, n)
	tb.mark(n)
	return true
}

func (tb *treeBuilder) mark(n *model.Node) {
	tb.onStack[n]++
	tb.openTags[tagSlot(n.Tag)]++
}

// tagSlot hashes a tag name into openTags. It gives each name of
// tagSets and of the sanitizer's allowed tags a slot of its own
// (TestTagSlots): with names sharing a slot, a scope check for one while
// the other is open scans the stack. "p" shared one with "ul", and every
// block under 500 nested lists scanned the 500 of them for a paragraph
// to close.
func tagSlot(tag string) int {
	if tag == "" {
		return 0
	}
	second := 0
	if len(tag) > 1 {
		second = int(tag[1])
	}
	return (len(tag) + int(tag[0]) + 35*second + 52*int(tag[len(tag)-1])) & 1023
}

func (tb *treeBuilder) full() bool { return len(tb.stack) >= maxTreeDepth }

func (tb *treeBuilder) pop() *model.Node {
	n := tb.stack[len(tb.stack)-1]
	tb.stack = tb.stack[:len(tb.stack)-1]
	tb.unmark(n)
	return n
}

func (tb *treeBuilder) unmark(n *model.Node) {
	if c := tb.onStack[n]; c > 1 {
		tb.onStack[n] = c - 1
	} else {
		delete(tb.onStack, n)
	}
	tb.openTags[tagSlot(n.Tag)]--
}

func (tb *treeBuilder) isOpen(n *model.Node) bool { return tb.onStack[n] > 0 }

// removeFromStack removes the entry at index i.
func (tb *treeBuilder) removeFromStack(i int) {
	tb.unmark(tb.stack[i])
	tb.stack = append(tb.stack[:i], tb.stack[i+1:]...)
}

// insertIntoStack inserts n at index i.
func (tb *treeBuilder) insertIntoStack(i int, n *model.Node) {
	tb.stack = append(tb.stack[:i], append([]*model.Node{n}, tb.stack[i:]...)...)
	tb.mark(n)
}

// setStack replaces the entry at index i.
func (tb *treeBuilder) setStack(i int, n *model.Node) {
	tb.unmark(tb.stack[i])
	tb.stack[i] = n
	tb.mark(n)
}

func (tb *treeBuilder) indexInStack(n *model.Node) int {
	if !tb.isOpen(n) {
		return -1
	}
	for i := len(tb.stack) - 1; i >= 0; i-- {
		if tb.stack[i] == n {
			return i
		}
	}
	return -1
}

// inScope reports whether an element with tag is in scope; extra are
// additional scope boundaries (list item, button, table scopes).
func (tb *treeBuilder) inScope(tag string, extra ...string) bool {
	if tb.openTags[tagSlot(tag)] == 0 {
		return false
	}
	for i := len(tb.stack) - 1; i > 0; i-- {
		t := tb.stack[i].Tag
		if t == tag {
			return true
		}
		if lookupTagFlags(t)&fScope != 0 {
			return false
		}
		for _, e := range extra {
			if t == e {
				return false
			}
		}
	}
	return false
}

func (tb *treeBuilder) inTableScope(tag string) bool {
	if tb.openTags[tagSlot(tag)] == 0 {
		return false
	}
	for i := len(tb.stack) - 1; i > 0; i-- {
		t := tb.stack[i].Tag
		if t == tag {
			return true
		}
		if t == "table" || t == "template" {
			return false
		}
	}
	return false
}

func (tb *treeBuilder) headingInScope() bool {
	open := 0
	for _, h := range [...]string{"h1", "h2", "h3", "h4", "h5", "h6"} {
		open += int(tb.openTags[tagSlot(h)])
	}
	if open == 0 {
		return false
	}
	for i := len(tb.stack) - 1; i > 0; i-- {
		t := tb.stack[i].Tag
		if lookupTagFlags(t)&fHeading != 0 {
			return true
		}
		if lookupTagFlags(t)&fScope != 0 {
			return false
		}
	}
	return false
}

// popUntil closes the elements open down to the innermost tag, for a
// token that ends at end. With own, the tag's own end tag closes it, and
// it ends at end, as the elements it closes on the way do but the table
// parts and blocks endAtContent marks. Otherwise, when tag is one of
// those, it ends where its content does, and so do all the elements it
// closes (an element left open in a paragraph takes none of the next
// line either).
func (tb *treeBuilder) popUntil(tag string, end int, own bool) {
	atContent := !own && endsAtContentTag(tag)
	for len(tb.stack) > 1 {
		n := tb.pop()
		if n.Tag == tag {
			if !atContent {
				n.End = max(n.End, end)
			} else {
				endAtContent(n)
			}
			return
		}
		if !endAtContent(n) && !atContent {
			n.End = max(n.End, end)
		}
	}
}

// contentEndMark marks, in its Level (which means nothing on them), a
// table part or a block that something other than its own end tag
// closed while the tree is built: postprocess ends it where its content
// ends (endsAtContent).
const contentEndMark = 3

// endAtContent marks n, popped for a token that is not its own end tag,
// to end where its content ends, when it is a table part (a cell, a
// caption, a row) or a block the paragraph pass makes (a paragraph, a
// list, a list item, a definition's term or description, a <pre>), and
// reports whether it is. The token is the next cell's or row's marker,
// the "|-" or "|}" line MediaWiki writes a cell's and a row's end tags
// for, the next <td> or a </tr> or </table> an HTML table leaves them
// to; the next item's "*", "#", ":" or ";", the line after a list, a
// paragraph or a <pre> where the paragraph pass writes their end tags:
// none of it is the part's, nor is the line break before it, which the
// part's text holds ("<td>1\n</td>", "<p>a\n</p>").
func endAtContent(n *model.Node) bool {
	if endsAtContentTag(n.Tag) {
		n.Level = contentEndMark
		return true
	}
	return false
}

// endsAtContentTag reports whether endAtContent marks an element tag.
func endsAtContentTag(tag string) bool {
	switch tag {
	case "td", "th", "tr", "caption", "p", "li", "dt", "dd", "ul", "ol", "dl", "pre":
		return true
	}
	return false
}

func (tb *treeBuilder) generateImpliedEnd(except string) {
	for len(tb.stack) > 1 {
		t := tb.current().Tag
		if lookupTagFlags(t)&fImpliedEnd == 0 || t == except {
			return
		}
		endAtContent(tb.pop())
	}
}

// closeP closes the open paragraph for a start tag at end, where its
// content ends.
func (tb *treeBuilder) closeP(end int) {
	if tb.inScope("p", "button") {
		tb.generateImpliedEnd("p")
		tb.popUntil("p", end, false)
	}
}

// --- insertion, with foster parenting and p-wrapping ---

func isTableContext(t string) bool {
	return t == "table" || t == "tbody" || t == "thead" || t == "tfoot" || t == "tr"
}

// insertionParent returns where a node goes: the current node, or before
// the table when the current node is a table part (foster parenting).
func (tb *treeBuilder) insertionParent(isTableElem bool) (parent, before *model.Node, fostered bool) {
	cur := tb.current()
	if isTableContext(cur.Tag) && !isTableElem {
		// Foster: insert before the innermost table.
		for i := len(tb.stack) - 1; i > 0; i-- {
			if tb.stack[i].Tag == "table" {
				t := tb.stack[i]
				if t.Parent != nil {
					return t.Parent, t, true
				}
				return tb.stack[i-1], nil, true
			}
		}
	}
	return cur, nil, false
}

// pWrapMark marks a p-wrapper while the tree is built (see pWrappers).
const pWrapMark = 2

func (tb *treeBuilder) markPWrapper(w *model.Node) {
	w.Level = pWrapMark
	tb.pWrappers = append(tb.pWrappers, w)
}

func isPWrapper(n *model.Node) bool { return n.Kind == model.KindParagraph && n.Level == pWrapMark }

// openPWrapper returns the open p-wrapper of the body or a blockquote.
func (tb *treeBuilder) openPWrapper(n *model.Node) *model.Node {
	if n == tb.root {
		return tb.rootPWrap
	}
	return tb.pwrap[n]
}

// setPWrapper sets (or, with nil, closes) the open p-wrapper of n.
func (tb *treeBuilder) setPWrapper(n, w *model.Node) {
	switch {
	case n == tb.root:
		tb.rootPWrap = w
	case w == nil:
		delete(tb.pwrap, n)
	default:
		tb.pwrap[n] = w
	}
}

func needsPWrap(n *model.Node) bool {
	return n.Kind == model.KindDocument || n.Tag == "blockquote"
}

// target decides where a node goes, applying MediaWiki's p-wrapping:
// inline content directly in the body or a blockquote goes into a
// paragraph made for it; a block closes that paragraph, or, when it
// arrives inside inline elements in the paragraph, splits them around it.
// It returns the parent and the node to insert before (nil: append).
func (tb *treeBuilder) target(parent, before *model.Node, fostered, isText, inline, blank, meta bool) (*model.Node, *model.Node) {
	if fostered {
		return parent, before
	}
	if needsPWrap(parent) {
		w := tb.openPWrapper(parent)
		switch {
		case w != nil && (isText || inline || meta):
			return w, nil
		case w != nil:
			tb.setPWrapper(parent, nil)
			return parent, nil
		case isText && !blank || !isText && inline:
			w = tb.newNode()
			w.Kind, w.Tag = model.KindParagraph, "p"
			parent.AppendChild(w)
			tb.setPWrapper(parent, w)
			tb.markPWrapper(w)
			return w, nil
		}
		return parent, nil
	}
	if meta {
		return parent, nil
	}
	if !isText && !inline {
		tb.blockInInline(parent)
	} else {
		tb.inlineInBlockMode(parent)
	}
	return tb.current(), nil
}

// pWrapperAncestor returns the p-wrapper containing n, if any, and the
// chain of elements from it down to n.
func (tb *treeBuilder) pWrapperAncestor(n *model.Node) (*model.Node, []*model.Node) {
	var chain []*model.Node
	for p := n; p != nil; p = p.Parent {
		if isPWrapper(p) {
			return p, chain
		}
		if lookupTagFlags(p.Tag)&fInline == 0 || p.Kind == model.KindDocument {
			return nil, nil
		}
		chain = append(chain, p)
	}
	return nil, nil
}

// blockInInline handles a block element about to be inserted under an
// inline element inside a p-wrapper: formatting elements are split around
// the p-wrapper; otherwise the inline ancestor leaves the p-wrapper.
func (tb *treeBuilder) blockInInline(parent *model.Node) {
	w, chain := tb.pWrapperAncestor(parent)
	if w == nil || len(chain) == 0 {
		return
	}
	container := w.Parent
	allFormatting := true
	for _, c := range chain {
		if lookupTagFlags(c.Tag)&fFormatting == 0 {
			allFormatting = false
		}
	}
	tb.setPWrapper(container, nil)
	if !allFormatting {
		// Move the p-wrapper's child that holds the insertion point out,
		// after the p-wrapper.
		top := chain[len(chain)-1]
		top.Remove()
		container.InsertBefore(top, w.NextSibling)
		return
	}
	// Clone the formatting chain outside the p-wrapper.
	var prev *model.Node
	for k := len(chain) - 1; k >= 0; k-- {
		c := cloneElement(tb, chain[k])
		if prev == nil {
			container.InsertBefore(c, w.NextSibling)
		} else {
			prev.AppendChild(c)
		}
		tb.blockMode[c] = true
		tb.replaceOpen(chain[k], c)
		prev = c
	}
}

// replaceOpen puts clone in old's place on the stack and in the list of
// active formatting elements.
func (tb *treeBuilder) replaceOpen(old, clone *model.Node) {
	if i := tb.indexInStack(old); i >= 0 {
		tb.setStack(i, clone)
	}
	for i, f := range tb.afe {
		if f == old {
			tb.afe[i] = clone
		}
	}
}

// inlineInBlockMode handles inline content arriving in a chain of
// formatting elements that sits directly in the body (after a block
// inside it): the chain is continued inside a new p-wrapper.
func (tb *treeBuilder) inlineInBlockMode(parent *model.Node) {
	if len(tb.blockMode) == 0 || lookupTagFlags(parent.Tag)&fFormatting == 0 {
		return
	}
	var chain []*model.Node
	p := parent
	for p != nil && lookupTagFlags(p.Tag)&fFormatting != 0 && !isPWrapper(p) {
		chain = append(chain, p)
		p = p.Parent
	}
	if p == nil || !needsPWrap(p) {
		return
	}
	// Only when the chain is in "block mode": split out of a p-wrapper to
	// hold a block, directly in the container.
	top := chain[len(chain)-1]
	if top.Parent != p || !tb.blockMode[top] {
		return
	}
	w := tb.newNode()
	w.Kind, w.Tag = model.KindParagraph, "p"
	w.Pos, w.End = parent.Pos, parent.End
	p.InsertBefore(w, top.NextSibling)
	tb.setPWrapper(p, w)
	tb.markPWrapper(w)
	prev := w
	for k := len(chain) - 1; k >= 0; k-- {
		c := cloneElement(tb, chain[k])
		prev.AppendChild(c)
		tb.replaceOpen(chain[k], c)
		prev = c
	}
}

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpace(s[i]) {
			return false
		}
	}
	return true
}

// insertText inserts a text token. In a table, HTML's "in table text"
// mode holds a run of text until the next tag: the whole run is foster
// parented when any of it is not whitespace, and stays in the table
// otherwise. A run can come in several tokens (generated text and page
// text apart), so whitespace that opens a run waits in tableText for the
// token that decides, and whitespace after fostered text of the same run
// is fostered with it.
func (tb *treeBuilder) insertText(t *htmlToken) {
	blank := isBlank(t.text)
	if isTableContext(tb.current().Tag) {
		switch {
		case blank && !tb.runFostered:
			tb.tableText = append(tb.tableText, *t)
			return
		case !blank:
			tb.runFostered = true
			held := tb.tableText
			tb.tableText = tb.tableText[:0]
			for i := range held {
				tb.placeText(&held[i], true, true)
			}
		}
		tb.placeText(t, true, blank)
		return
	}
	tb.placeText(t, true, blank)
}

// endTableText ends a run of text at a tag: whitespace still held stays in
// the table.
func (tb *treeBuilder) endTableText() {
	tb.runFostered = false
	if len(tb.tableText) == 0 {
		return
	}
	held := tb.tableText
	tb.tableText = tb.tableText[:0]
	for i := range held {
		tb.placeText(&held[i], false, true)
	}
}

// placeText inserts a text token; foster says whether it is foster
// parented when the current node is a table part.
func (tb *treeBuilder) placeText(t *htmlToken, foster, blank bool) {
	tb.reconstruct()
	parent, before, fostered := tb.insertionParent(false)
	if fostered && !foster {
		parent, before, fostered = tb.current(), nil, false
	}
	parent, before = tb.target(parent, before, fostered, true, false, blank, false)
	// Continue the previous text node when the source is contiguous.
	last := parent.LastChild
	if before != nil {
		last = before.PrevSibling
	}
	// Only text copied from the page merges: text from a template stays a
	// node of its own, so the template's output can be found.
	if last != nil && last.Kind == model.KindText && last.End == t.pos && t.pos < t.end && !t.gen && last.Level != genMark {
		// Appending to a string in a loop is quadratic: collect the text
		// of the node being extended and set it once.
		if tb.pending != last {
			tb.flushText()
			tb.pending = last
			tb.pendingBuf = append(tb.pendingBuf[:0], last.Text...)
		}
		tb.pendingBuf = append(tb.pendingBuf, t.text...)
		last.End = t.end
		return
	}
	n := tb.newNode()
	n.Kind = model.KindText
	n.Text = t.text
	n.Pos, n.End = t.pos, t.end
	if t.gen {
		n.Level = genMark
		tb.genText = append(tb.genText, n)
	}
	parent.InsertBefore(n, before)
	if isPWrapper(parent) && parent.FirstChild == n {
		parent.Pos, parent.End = n.Pos, n.End
	}
}

// insertElement inserts an element for a start tag and pushes it unless
// it is void.
func (tb *treeBuilder) insertElement(t *htmlToken) *model.Node {
	n := tb.makeElement(t)
	isTable := t.name == "table" || t.name == "tr" || t.name == "td" || t.name == "th" || t.name == "caption"
	parent, before, fostered := tb.insertionParent(isTable)
	inline := t.flags&fInline != 0
	parent, before = tb.target(parent, before, fostered, false, inline, false, t.flags&fMetadata != 0)
	parent.InsertBefore(n, before)
	if isPWrapper(parent) && parent.FirstChild == n {
		parent.Pos, parent.End = n.Pos, n.End
	}
	if t.flags&fVoid == 0 && !tb.push(n) {
		return nil // too deep: kept as a leaf
	}
	return n
}

// --- active formatting elements ---

func (tb *treeBuilder) pushFormatting(n *model.Node) {
	// Noah's ark: at most three identical entries after the last marker.
	count := 0
	first := -1
	for i := len(tb.afe) - 1; i >= 0 && tb.afe[i] != nil; i-- {
		f := tb.afe[i]
		if f.Tag == n.Tag && sameAttrs(f.Attrs(), n.Attrs()) {
			count++
			first = i
		}
	}
	if count >= 3 {
		tb.afe = append(tb.afe[:first], tb.afe[first+1:]...)
	}
	if len(tb.afe) >= maxFormatting {
		tb.afe = tb.afe[1:]
	}
	tb.afe = append(tb.afe, n)
}

func sameAttrs(a, b []model.Attr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// reconstruct reopens formatting elements closed by a block end.
func (tb *treeBuilder) reconstruct() {
	if len(tb.afe) == 0 || tb.full() {
		return
	}
	last := tb.afe[len(tb.afe)-1]
	if last == nil || tb.isOpen(last) {
		return
	}
	i := len(tb.afe) - 1
	for i > 0 {
		e := tb.afe[i-1]
		if e == nil || tb.isOpen(e) {
			break
		}
		i--
	}
	for ; i < len(tb.afe) && !tb.full(); i++ {
		e := tb.afe[i]
		c := cloneElement(tb, e)
		parent, before, fostered := tb.insertionParent(false)
		parent, before = tb.target(parent, before, fostered, false, true, false, false)
		parent.InsertBefore(c, before)
		tb.push(c)
		tb.afe[i] = c
	}
}

func (tb *treeBuilder) clearToMarker() {
	for len(tb.afe) > 0 {
		e := tb.afe[len(tb.afe)-1]
		tb.afe = tb.afe[:len(tb.afe)-1]
		if e == nil {
			return
		}
	}
}

func (tb *treeBuilder) removeFormatting(n *model.Node) {
	for i, f := range tb.afe {
		if f == n {
			tb.afe = append(tb.afe[:i], tb.afe[i+1:]...)
			return
		}
	}
}

// adoption runs the adoption agency algorithm for an end tag of a
// formatting element.
func (tb *treeBuilder) adoption(t *htmlToken) {
	tag := t.name
	if cur := tb.current(); cur.Tag == tag {
		inAfe := false
		for _, f := range tb.afe {
			if f == cur {
				inAfe = true
			}
		}
		if !inAfe {
			tb.pop().End = max(cur.End, t.end)
			return
		}
	}
	for outer := 0; outer < 8; outer++ {
		fi := -1
		for i := len(tb.afe) - 1; i >= 0 && tb.afe[i] != nil; i-- {
			if tb.afe[i].Tag == tag {
				fi = i
				break
			}
		}
		if fi < 0 {
			tb.anyOtherEnd(t)
			return
		}
		fe := tb.afe[fi]
		si := tb.indexInStack(fe)
		if si < 0 {
			tb.afe = append(tb.afe[:fi], tb.afe[fi+1:]...)
			return
		}
		if !tb.inScope(tag) {
			return
		}
		fb := -1
		for i := si + 1; i < len(tb.stack); i++ {
			if lookupTagFlags(tb.stack[i].Tag)&fSpecial != 0 {
				fb = i
				break
			}
		}
		if fb < 0 {
			for len(tb.stack) > si {
				n := tb.pop()
				n.End = max(n.End, t.end)
			}
			tb.removeFormatting(fe)
			return
		}
		furthest := tb.stack[fb]
		common := tb.stack[si-1]
		bookmark := fi
		node, lastNode := furthest, furthest
		ni := fb
		for inner := 1; ; inner++ {
			ni--
			node = tb.stack[ni]
			if node == fe {
				break
			}
			ai := -1
			for k, f := range tb.afe {
				if f == node {
					ai = k
				}
			}
			if inner > 3 && ai >= 0 {
				tb.afe = append(tb.afe[:ai], tb.afe[ai+1:]...)
				if ai < bookmark {
					bookmark--
				}
				ai = -1
			}
			if ai < 0 {
				tb.removeFromStack(ni)
				fb--
				continue
			}
			c := cloneElement(tb, node)
			tb.afe[ai] = c
			tb.setStack(ni, c)
			node = c
			if lastNode == furthest {
				bookmark = ai + 1
			}
			lastNode.Remove()
			node.AppendChild(lastNode)
			lastNode = node
		}
		lastNode.Remove()
		if isTableContext(common.Tag) {
			parent, before, _ := tb.insertionParent(false)
			parent.InsertBefore(lastNode, before)
		} else {
			common.AppendChild(lastNode)
		}
		c := cloneElement(tb, fe)
		for ch := furthest.FirstChild; ch != nil; {
			next := ch.NextSibling
			ch.Remove()
			c.AppendChild(ch)
			ch = next
		}
		furthest.AppendChild(c)
		fi = -1
		for k, f := range tb.afe {
			if f == fe {
				fi = k
			}
		}
		if fi >= 0 {
			tb.afe = append(tb.afe[:fi], tb.afe[fi+1:]...)
			if fi < bookmark {
				bookmark--
			}
		}
		if bookmark > len(tb.afe) {
			bookmark = len(tb.afe)
		}
		tb.afe = append(tb.afe[:bookmark], append([]*model.Node{c}, tb.afe[bookmark:]...)...)
		si = tb.indexInStack(fe)
		if si >= 0 {
			tb.removeFromStack(si)
		}
		fb = tb.indexInStack(furthest)
		tb.insertIntoStack(fb+1, c)
	}
}

// anyOtherEnd handles an end tag with no special rule.
func (tb *treeBuilder) anyOtherEnd(t *htmlToken) {
	for i := len(tb.stack) - 1; i > 0; i-- {
		n := tb.stack[i]
		if n.Tag == t.name {
			tb.generateImpliedEnd(t.name)
			for len(tb.stack) > i {
				x := tb.pop()
				x.End = max(x.End, t.end)
			}
			return
		}
		if lookupTagFlags(n.Tag)&fSpecial != 0 {
			break
		}
	}
	tb.stray(t)
}

// written reports whether a token was written in the page as that tag (not
// made by a wikitext pass).
func (tb *treeBuilder) written(pos int, prefix string) bool {
	src := tb.ps.src
	return pos >= 0 && pos+len(prefix) <= len(src) && strings.EqualFold(src[pos:pos+len(prefix)], prefix)
}

// writtenTag is written for the whole name: "</p" followed by no other
// letter or digit ("</pre>" is not a </p>).
func (tb *treeBuilder) writtenTag(pos int, prefix string) bool {
	k := pos + len(prefix)
	return tb.written(pos, prefix) && (k == len(tb.ps.src) || !isTagNameByte(tb.ps.src[k]))
}

// stray reports an end tag that closes nothing.
func (tb *treeBuilder) stray(t *htmlToken) {
	if tb.written(t.pos, "</"+t.name) {
		tb.ps.diags.Add(t.pos, t.end, model.SevWarning, model.MsgStrayEndTag, "</%s> closes nothing and is ignored", t.name)
	}
}

// reportUnclosed reports elements written in the page that were still
// open at the end (those whose end tag HTML lets one omit aside).
func (tb *treeBuilder) reportUnclosed() {
	for _, n := range tb.stack[1:] {
		switch n.Tag {
		case "p", "li", "dt", "dd", "tr", "td", "th", "caption", "rb", "rp", "rt", "rtc":
			continue
		}
		if tb.written(n.Pos, "<"+n.Tag) {
			tb.ps.diags.Add(n.Pos, n.Pos+len(n.Tag)+1, model.SevWarning, model.MsgUnclosedTag, "<%s> is not closed; it is closed at the end of the page", n.Tag)
		}
	}
}

// --- the table modes, reduced to what wikitext produces ---

// currentTable returns the index of the innermost open table, or -1.
func (tb *treeBuilder) currentTable() int {
	if tb.openTags[tagSlot("table")] == 0 {
		return -1 // every start tag asks: no scan of a deep stack for none
	}
	for i := len(tb.stack) - 1; i > 0; i-- {
		if tb.stack[i].Tag == "table" {
			return i
		}
	}
	return -1
}

// inTableMode reports whether the current node is a table part (not
// inside a cell or caption).
func (tb *treeBuilder) inTableMode() bool { return isTableContext(tb.current().Tag) }

func (tb *treeBuilder) closeCell(end int, own bool) { tb.closeTableChild(end, own, "td", "th") }

// closeTableChild closes the innermost open element named a or b (a cell
// or a caption) and everything open inside it, within the current table.
// Cells first close what their end implies. With own, the cell's own end
// tag, written in the page, closes it, and it ends at end, the tag's
// end; otherwise end is where the token that closes it starts, and the
// cell ends where its content does (endAtContent).
func (tb *treeBuilder) closeTableChild(end int, own bool, a, b string) {
	for i := len(tb.stack) - 1; i > 0; i-- {
		t := tb.stack[i].Tag
		if t == a || t == b {
			if a == "td" {
				tb.generateImpliedEnd("")
			}
			for len(tb.stack) > i {
				n := tb.pop()
				if own || !endAtContent(n) {
					n.End = max(n.End, end)
				}
			}
			tb.clearToMarker()
			return
		}
		if t == "table" {
			return
		}
	}
}

// clearTo pops open elements until the current one has one of tags (the
// table context: "table", or "table" and "tr").
func (tb *treeBuilder) clearTo(tags ...string) {
	for len(tb.stack) > 1 {
		t := tb.current().Tag
		for _, x := range tags {
			if t == x {
				return
			}
		}
		endAtContent(tb.pop())
	}
}

func (tb *treeBuilder) process(t *htmlToken) {
	switch t.kind {
	case tokText:
		tb.insertText(t)
	case tokStart:
		tb.endTableText()
		tb.startTag(t)
	case tokEnd:
		tb.endTableText()
		tb.endTag(t)
	}
}

func (tb *treeBuilder) startTag(t *htmlToken) {
	name := t.name
	ti := tb.currentTable()
	inCell := false
	if ti >= 0 {
		for i := len(tb.stack) - 1; i > ti; i-- {
			if x := tb.stack[i].Tag; x == "td" || x == "th" || x == "caption" {
				inCell = true
				break
			}
		}
	}
	switch name {
	case "table":
		if ti >= 0 && !inCell {
			// A table directly in a table closes the first.
			tb.popUntil("table", t.pos, false)
		}
		tb.closeP(t.pos)
		tb.insertElement(t)
		return
	case "caption":
		if ti >= 0 {
			if inCell {
				tb.closeCell(t.pos, false)
			}
			tb.clearTo("table")
			tb.insertElement(t)
			tb.afe = append(tb.afe, nil)
			return
		}
		return // ignored outside tables
	case "tr":
		if ti >= 0 {
			if inCell {
				tb.closeCell(t.pos, false)
			}
			tb.closeCaption(t.pos, false)
			tb.clearTo("table")
			tb.insertElement(t)
			return
		}
		return
	case "td", "th":
		if ti >= 0 {
			if inCell {
				tb.closeCell(t.pos, false)
			}
			tb.closeCaption(t.pos, false)
			if tb.current().Tag != "tr" {
				tb.clearTo("table", "tr")
				if tb.current().Tag != "tr" {
					tr := &htmlToken{kind: tokStart, name: "tr", flags: lookupTagFlags("tr"), pos: t.pos, end: t.pos}
					tb.insertElement(tr)
				}
			}
			tb.insertElement(t)
			tb.afe = append(tb.afe, nil)
			return
		}
		return
	}
	if ti >= 0 && !inCell && tb.inTableMode() {
		// Anything else directly in a table is foster parented; it is
		// handled by the body rules below with insertionParent fostering.
	}
	switch {
	case name == "li":
		for i := len(tb.stack) - 1; i > 0; i-- {
			n := tb.stack[i]
			if n.Tag == "li" {
				tb.generateImpliedEnd("li")
				tb.popUntil("li", t.pos, false)
				break
			}
			if lookupTagFlags(n.Tag)&fSpecial != 0 && n.Tag != "address" && n.Tag != "div" && n.Tag != "p" {
				break
			}
		}
		tb.closeP(t.pos)
		tb.insertElement(t)
	case name == "dd" || name == "dt":
		for i := len(tb.stack) - 1; i > 0; i-- {
			n := tb.stack[i]
			if n.Tag == "dd" || n.Tag == "dt" {
				tb.generateImpliedEnd(n.Tag)
				tb.popUntil(n.Tag, t.pos, false)
				break
			}
			if lookupTagFlags(n.Tag)&fSpecial != 0 && n.Tag != "address" && n.Tag != "div" && n.Tag != "p" {
				break
			}
		}
		tb.closeP(t.pos)
		tb.insertElement(t)
	case t.flags&fHeading != 0:
		tb.closeP(t.pos)
		if lookupTagFlags(tb.current().Tag)&fHeading != 0 {
			tb.pop()
		}
		tb.insertElement(t)
	case name == "pre" || name == "listing":
		tb.closeP(t.pos)
		tb.insertElement(t)
	case name == "hr":
		tb.closeP(t.pos)
		tb.insertElement(t)
	case t.flags&fClosesP != 0 || name == "figure":
		tb.closeP(t.pos)
		tb.insertElement(t)
	case name == "a":
		// An open <a> is closed first.
		for i := len(tb.afe) - 1; i >= 0 && tb.afe[i] != nil; i-- {
			if tb.afe[i].Tag == "a" {
				a := tb.afe[i]
				tb.adoption(&htmlToken{kind: tokEnd, name: "a", flags: lookupTagFlags("a"), pos: t.pos, end: t.pos})
				tb.removeFormatting(a)
				if k := tb.indexInStack(a); k >= 0 {
					tb.removeFromStack(k)
				}
				break
			}
		}
		tb.reconstruct()
		if n := tb.insertElement(t); n != nil {
			tb.pushFormatting(n)
		}
	case t.flags&fFormatting != 0 || name == "nobr":
		tb.reconstruct()
		if n := tb.insertElement(t); n != nil {
			tb.pushFormatting(n)
		}
	case name == "br" || name == "wbr" || name == "img":
		tb.reconstruct()
		tb.insertElement(t)
	case name == "ruby" || name == "rb" || name == "rtc":
		if name != "ruby" && tb.inScope("ruby") {
			tb.generateImpliedEnd("")
		}
		tb.reconstruct()
		tb.insertElement(t)
	case name == "rp" || name == "rt":
		if tb.inScope("ruby") {
			tb.generateImpliedEnd("rtc")
		}
		tb.reconstruct()
		tb.insertElement(t)
	default:
		if t.flags&fMetadata == 0 {
			tb.reconstruct()
		}
		tb.insertElement(t)
	}
}

func (tb *treeBuilder) closeCaption(end int, own bool) {
	tb.closeTableChild(end, own, "caption", "caption")
}

func (tb *treeBuilder) endTag(t *htmlToken) {
	name := t.name
	switch {
	case name == "table":
		if tb.inTableScope("table") {
			for len(tb.stack) > 1 {
				n := tb.pop()
				if n.Tag == "td" || n.Tag == "th" || n.Tag == "caption" {
					tb.clearToMarker()
				}
				if n.Tag == "table" {
					n.End = max(n.End, t.end)
					break
				}
				if !endAtContent(n) {
					n.End = max(n.End, t.pos)
				}
			}
		}
	case name == "tr":
		if tb.inTableScope("tr") {
			tb.closeCell(t.pos, false)
			tb.clearTo("tr", "table")
			if tb.current().Tag == "tr" {
				if n := tb.pop(); tb.written(t.pos, "</tr") {
					n.End = max(n.End, t.end)
				} else {
					endAtContent(n)
				}
			}
		}
	case name == "td" || name == "th":
		if tb.inTableScope(name) {
			if tb.written(t.pos, "</"+name) {
				tb.closeCell(t.end, true)
			} else {
				tb.closeCell(t.pos, false)
			}
		}
	case name == "caption":
		if tb.inTableScope("caption") {
			if tb.written(t.pos, "</caption") {
				tb.closeCaption(t.end, true)
			} else {
				tb.closeCaption(t.pos, false)
			}
		}
	case name == "p":
		if !tb.inScope("p", "button") {
			// </p> with no open paragraph makes an empty one.
			tb.insertElement(&htmlToken{kind: tokStart, name: "p", flags: lookupTagFlags("p"), pos: t.pos, end: t.end})
		}
		tb.generateImpliedEnd("p")
		tb.popUntilEnd(t)
	case name == "li":
		if tb.inScope("li", "ol", "ul") {
			tb.generateImpliedEnd("li")
			tb.popUntilEnd(t)
		}
	case name == "dd" || name == "dt":
		if tb.inScope(name) {
			tb.generateImpliedEnd(name)
			tb.popUntilEnd(t)
		}
	case t.flags&fHeading != 0:
		if tb.headingInScope() {
			tb.generateImpliedEnd("")
			for len(tb.stack) > 1 {
				n := tb.pop()
				n.End = max(n.End, t.end)
				if lookupTagFlags(n.Tag)&fHeading != 0 {
					break
				}
			}
		}
	case t.flags&fFormatting != 0:
		tb.adoption(t)
	case name == "br":
		tb.startTag(&htmlToken{kind: tokStart, name: "br", flags: lookupTagFlags("br"), pos: t.pos, end: t.end})
	case t.flags&fSpecial != 0 || name == "figure":
		if tb.inScope(name) {
			tb.generateImpliedEnd("")
			tb.popUntilEnd(t)
		} else {
			tb.stray(t)
		}
	default:
		tb.anyOtherEnd(t)
	}
}

// popUntilEnd closes the elements open down to the one end tag t
// closes. It ends at the tag's end when the page has the tag written, or
// when a tag written in the page opened it (an extension tag's <pre> or
// <li>, whose end tag the extension wrote, or an HTML tag's); an element
// of the paragraph pass (opened at a line's start, a list marker, an
// indent, in the page or a template's text), which the pass closes at
// the next line or item, ends where its content ends (popUntil).
func (tb *treeBuilder) popUntilEnd(t *htmlToken) {
	src := tb.ps.src
	own := tb.writtenTag(t.pos, "</"+t.name)
	for i := len(tb.stack) - 1; i > 0 && !own; i-- {
		if n := tb.stack[i]; n.Tag == t.name {
			// Its range is its start tag's while it is open.
			own = n.Pos < n.End && n.End <= len(src) && src[n.Pos] == '<'
			break
		}
	}
	tb.popUntil(t.name, t.end, own)
}

// linkInfo returns the link record an @link/@ext/@img attribute points to.
func (ps *parseState) linkInfo(v string) *model.LinkInfo {
	i, err := strconv.Atoi(v)
	if err != nil || i < 0 || i >= len(ps.links) {
		return &model.LinkInfo{}
	}
	return ps.links[i]
}
