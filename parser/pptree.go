package parser

import (
	"strings"
)

// The preprocessor turns wikitext into a tree of literal text, template
// calls ({{…}}), template parameters ({{{…}}}), and extension tags
// (<nowiki>, <pre>…), following MediaWiki's Preprocessor_Hash: a stack of
// open brace runs, where a run of closing braces matches the innermost open
// run, and pipes and equals signs split a template's parts. Comments are
// dropped (with MediaWiki's rule that a comment alone on a line takes the
// line with it). Everything is linear in the input: each byte is examined a
// bounded number of times.

type ppKind uint8

const (
	ppText     ppKind = iota // literal text src[pos:end]
	ppTemplate               // {{title|parts}}
	ppTplArg                 // {{{name|default}}}
	ppExt                    // <nowiki>…</nowiki> and other extension tags
	ppEquals                 // the '=' between a template argument's name and value
)

// A page has a node per run of text, call and tag: the node is kept
// small (80 bytes), what only a tag has is behind a pointer.
type ppNode struct {
	kind      ppKind
	lineStart bool // ppTemplate, ppTplArg: the call starts a line (affects block-level output)
	recorded  bool // ppTemplate of the page: its call is in Document.Templates
	pos, end  int  // range in the preprocessed text

	// ppTemplate, ppTplArg
	title []*ppNode
	parts []*ppPart

	ext *ppTag // ppExt
}

// ppTag is an extension tag (a ppExt node).
type ppTag struct {
	name       string // lower-case tag name
	attrs      string // raw attribute text
	inner      string // content between the tags
	innerPos   int
	selfClosed bool
}

type ppPart struct {
	name     []*ppNode // nil for a positional part
	value    []*ppNode
	pos, end int
	eqpos    int // index in the accumulated nodes of the '=' (-1: none)
}

// extTags are the tags whose content the preprocessor takes verbatim.
var extTags = map[string]bool{
	"nowiki":          true,
	"pre":             true,
	"syntaxhighlight": true,
	"source":          true,
	"gallery":         true,
	"math":            true,
	"ref":             true,
	"references":      true,
}

// ppStackElem is an open brace run.
type ppStackElem struct {
	open      byte // '{' or '['
	count     int
	pos       int // offset of the first brace
	lineStart bool
	parts     []*ppPart
	accum     []*ppNode // accumulator of the current part
}

func (e *ppStackElem) findPipe() bool { return e.open == '{' }
func (e *ppStackElem) findEquals() bool {
	return e.open == '{' && len(e.parts) > 0 && e.parts[len(e.parts)-1].eqpos < 0
}

// preprocessor builds the tree of one text.
type preprocessor struct {
	src     string
	include bool // expanding as a template: honour noinclude/includeonly/onlyinclude
	nodes   []*ppNode
	stack   []*ppStackElem
	free    []*ppStackElem // closed elements' structs, for push
	diags   []ppDiag
	// noClose caches tag names known to have no closing tag, and noGT
	// records that no '>' follows, so that input like <nowiki><nowiki>…
	// stays linear.
	noClose map[string]bool
	noGT    bool
	// runEnd is the end of the last run of closing braces or brackets
	// measured, so that a long run closing many open runs one at a time
	// ("{"×N…"}"×N) is measured once, not once per close.
	runEnd int
	// slab holds the nodes of a text's calls, made at once: a call
	// {{heart|4}} makes about four (its node, its title's and its
	// argument's texts and the text after it), and a page of card
	// templates hundreds of calls. Sized by the text's "{{", it is made
	// only for a text with calls.
	slab []ppNode
}

// reserveNodes makes room for the nodes of src's calls: four a call, at
// most one per 16 bytes of text (a run of braces, "{{{{…", opens calls that
// make no nodes: it must not reserve five times its size).
func (p *preprocessor) reserveNodes(src string) {
	if calls := strings.Count(src, "{{"); calls > 0 {
		p.slab = make([]ppNode, min(4*calls, len(src)/16+4))
	}
}

// newNode returns a node from the slab while it lasts.
func (p *preprocessor) newNode(kind ppKind, pos, end int) *ppNode {
	if len(p.slab) == 0 {
		return &ppNode{kind: kind, pos: pos, end: end}
	}
	n := &p.slab[0]
	p.slab = p.slab[1:]
	n.kind, n.pos, n.end = kind, pos, end
	return n
}

type ppDiag struct {
	pos, end int
	id       string
	msg      string
}

// accum returns the accumulator new nodes go to.
func (p *preprocessor) accum() *[]*ppNode {
	if n := len(p.stack); n > 0 {
		return &p.stack[n-1].accum
	}
	return &p.nodes
}

func (p *preprocessor) addText(from, to int) {
	if to <= from {
		return
	}
	acc := p.accum()
	if k := len(*acc) - 1; k >= 0 {
		if last := (*acc)[k]; last.kind == ppText && last.end == from {
			last.end = to
			return
		}
	}
	*acc = append(*acc, p.newNode(ppText, from, to))
}

func (p *preprocessor) addNode(n *ppNode) {
	acc := p.accum()
	*acc = append(*acc, n)
}

// preprocess parses src. With include set, src is a template body.
func preprocess(src string, include bool) ([]*ppNode, []ppDiag) {
	p := &preprocessor{src: src, include: include}
	if include {
		// With <onlyinclude>…</onlyinclude>, only what is inside is
		// transcluded.
		low := strings.ToLower(src)
		if strings.Contains(low, "<onlyinclude>") && strings.Contains(low, "</onlyinclude>") {
			return p.onlyinclude()
		}
	}
	p.reserveNodes(src)
	p.run(0, len(src))
	p.finish()
	return p.nodes, p.diags
}

// onlyinclude preprocesses only the parts of src inside <onlyinclude>.
func (p *preprocessor) onlyinclude() ([]*ppNode, []ppDiag) {
	low := strings.ToLower(p.src)
	i := 0
	for {
		a := strings.Index(low[i:], "<onlyinclude>")
		if a < 0 {
			break
		}
		a += i + len("<onlyinclude>")
		b := strings.Index(low[a:], "</onlyinclude>")
		end := len(p.src)
		if b >= 0 {
			end = a + b
		}
		p.run(a, end)
		p.finish()
		if b < 0 {
			break
		}
		i = end + len("</onlyinclude>")
	}
	return p.nodes, p.diags
}

// The sets of bytes that may start something special, one per state of
// the preprocessor; set picks the current one.
var (
	ppBase       = makeSet("[{<")
	ppWithClose  = [3]*[256]bool{} // indexed by close kind: 0 none, 1 '}', 2 ']'
	ppPipeEquals = [4]*[256]bool{}
	ppHeading    = makeSet("[{<\n")
)

func makeSet(chars string) [256]bool {
	var t [256]bool
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

func init() {
	closes := []string{"", "}", "]"}
	for i, c := range closes {
		s := makeSet("[{<\n" + c)
		ppWithClose[i] = &s
	}
	extras := []string{"", "|", "=", "|="}
	for i, e := range extras {
		s := makeSet("[{<}\n" + e)
		ppPipeEquals[i] = &s
	}
}

func (p *preprocessor) set() *[256]bool {
	n := len(p.stack)
	if n == 0 {
		return &ppBase
	}
	top := p.stack[n-1]
	if top.open == '\n' {
		return &ppHeading
	}
	if top.open == '[' {
		return ppWithClose[2]
	}
	k := 0
	if top.findPipe() {
		k = 1
	}
	if top.findEquals() {
		k = 3
	}
	return ppPipeEquals[k]
}

func (p *preprocessor) run(i, end int) {
	src := p.src
	// At the top level (most of a page) the bytes that matter are '[',
	// '{' and '<': the next of each is found with IndexByte and kept until
	// passed, rather than testing every byte.
	var next [3]int
	for k := range next {
		next[k] = -1
	}
	for i < end {
		set := p.set()
		j := i
		if set == &ppBase {
			j = end
			for k, c := range [3]byte{'[', '{', '<'} {
				if next[k] < i {
					next[k] = end
					if n := strings.IndexByte(src[i:end], c); n >= 0 {
						next[k] = i + n
					}
				}
				j = min(j, next[k])
			}
		} else {
			for j < end && !set[src[j]] {
				j++
			}
		}
		p.addText(i, j)
		i = j
		if i >= end {
			break
		}
		c := src[i]
		var top *ppStackElem
		if n := len(p.stack); n > 0 {
			top = p.stack[n-1]
		}
		switch {
		case c == '|' && top != nil && top.findPipe():
			last := top.parts[len(top.parts)-1]
			last.value, last.end = top.accum, i
			top.parts = append(top.parts, &ppPart{pos: i + 1, eqpos: -1})
			top.accum = nil
			i++
		case c == '=' && top != nil && top.findEquals():
			part := top.parts[len(top.parts)-1]
			part.eqpos = len(top.accum)
			top.accum = append(top.accum, &ppNode{kind: ppEquals, pos: i, end: i + 1})
			i++
		case c == '\n' && top != nil:
			i = p.newline(i, end, top)
		case c == '<':
			i = p.angle(i, end)
		case (c == '}' && top != nil && top.open == '{') || (c == ']' && top != nil && top.open == '['):
			i = p.close(i, end, c)
		case c == '{' || c == '[':
			count := 1
			for i+count < end && src[i+count] == c {
				count++
			}
			// A run of brackets is an element only inside a call, where
			// it keeps its pipes from splitting the call's arguments; at
			// the top its text would be written back as it was (an
			// element and its parts allocated for every link of a page).
			if count >= 2 && (c == '{' || top != nil) {
				// lineStart as Preprocessor_Hash: not at the text's start.
				p.push(c, count, i, i > 0 && src[i-1] == '\n')
			} else {
				p.addText(i, i+count)
			}
			i += count
		default:
			p.addText(i, i+1)
			i++
		}
	}
}

// newline handles a line break inside a template: it ends a heading line,
// and a line starting with "=" inside a template starts one, as in
// Preprocessor_Hash. Inside a heading line pipes, equals signs and closing
// braces are plain text ({{1x|\n== a=b ==\n}} has one positional
// argument).
func (p *preprocessor) newline(i, end int, top *ppStackElem) int {
	if top.open == '\n' {
		// The heading line ends: its text goes back to the enclosing
		// element; the newline is read again there.
		top.parts[0].value = top.accum
		p.stack = p.stack[:len(p.stack)-1]
		p.addText(top.pos, top.pos+top.count)
		p.flattenParts(top)
		p.release(top)
		return i
	}
	p.addText(i, i+1)
	i++
	if i >= end || p.src[i] != '=' {
		return i
	}
	count := 1
	for i+count < end && count < 6 && p.src[i+count] == '=' {
		count++
	}
	if count == 1 && top.findEquals() {
		return i // a name=value separator
	}
	p.push('\n', count, i, false)
	return i + count
}

// close handles a run of closing braces at i.
func (p *preprocessor) close(i, end int, c byte) int {
	src := p.src
	top := p.stack[len(p.stack)-1]
	if p.runEnd <= i || src[i] != c {
		// i starts a new run (a run continues only after a close
		// inside it, and holds one kind of byte).
		p.runEnd = i + 1
		for p.runEnd < end && src[p.runEnd] == c {
			p.runEnd++
		}
	}
	count := min(p.runEnd-i, top.count)
	matching := count
	if c == '}' {
		if matching > 3 {
			matching = 3
		}
	} else if matching > 2 {
		matching = 2
	}
	if matching < 2 {
		p.addText(i, i+count)
		return i + count
	}
	// Finish the current part.
	top.parts[len(top.parts)-1].value = top.accum
	top.parts[len(top.parts)-1].end = i
	p.stack = p.stack[:len(p.stack)-1]
	rest := top.count - matching
	// What is left of the opening run comes first in the text: re-open it
	// (the new node then goes inside it) or write it out as text.
	if rest >= 2 {
		p.push(top.open, rest, top.pos, top.lineStart)
	} else if rest > 0 {
		p.addText(top.pos, top.pos+rest)
	}
	if c == ']' {
		// [[…]] is not a node: its text goes back, as text, to the
		// enclosing accumulator. It only mattered that pipes inside it did
		// not split template arguments.
		p.addText(top.pos+rest, top.pos+top.count)
		p.flattenParts(top)
		p.addText(i, i+matching)
		p.release(top)
		return i + matching
	}
	node := p.newNode(ppTemplate, top.pos+rest, i+matching)
	if matching == 3 {
		node.kind = ppTplArg
	}
	node.lineStart = top.lineStart && rest == 0
	node.title = top.parts[0].value
	for _, part := range top.parts[1:] {
		if part.eqpos >= 0 {
			part.name = part.value[:part.eqpos]
			part.value = part.value[part.eqpos+1:]
		}
	}
	// The element's array of parts is the node's now (push gives a
	// reused element a new one).
	if len(top.parts) > 1 {
		node.parts = top.parts[1:]
	}
	p.addNode(node)
	p.release(top)
	return i + matching
}

// push opens an element of count bytes open at pos, with its first part.
// Its struct is one a closed element left when there is one: a page of
// calls opens and closes one per call.
func (p *preprocessor) push(open byte, count, pos int, lineStart bool) {
	var e *ppStackElem
	if n := len(p.free); n > 0 {
		e, p.free = p.free[n-1], p.free[:n-1]
	} else {
		e = new(ppStackElem)
	}
	*e = ppStackElem{open: open, count: count, pos: pos, lineStart: lineStart,
		parts: []*ppPart{{pos: pos + count, eqpos: -1}}}
	p.stack = append(p.stack, e)
}

// release keeps the struct of an element that was closed and is no longer
// read for push (its parts and accumulator may live on in nodes: push
// does not reuse them).
func (p *preprocessor) release(e *ppStackElem) {
	*e = ppStackElem{}
	p.free = append(p.free, e)
}

// flattenParts writes an unmatched element's parts back as text: the
// separators are literal again.
func (p *preprocessor) flattenParts(e *ppStackElem) {
	for k, part := range e.parts {
		if k > 0 {
			p.addText(part.pos-1, part.pos) // the '|'
		}
		for _, n := range part.value {
			if n.kind == ppText || n.kind == ppEquals {
				p.addText(n.pos, n.end)
			} else {
				p.addNode(n)
			}
		}
	}
}

// finish writes the elements still open at the end back as text, as
// MediaWiki's breakSyntax does: the braces and separators were literal.
func (p *preprocessor) finish() {
	stack := p.stack
	p.stack = nil
	for _, e := range stack {
		e.parts[len(e.parts)-1].value = e.accum
		p.addText(e.pos, e.pos+e.count)
		p.flattenParts(e)
	}
}

// angle handles '<' at i: comments, extension tags, the inclusion tags
// (which vanish or take their content with them, depending on whether a
// page or a template is being read), or a literal '<'.
func (p *preprocessor) angle(i, end int) int {
	src := p.src
	if strings.HasPrefix(src[i:end], "<!--") {
		return p.comment(i, end)
	}
	j := i + 1
	closing := false
	if j < end && src[j] == '/' {
		closing = true
		j++
	}
	k := j
	for k < end && isTagNameByte(src[k]) {
		k++
	}
	name := strings.ToLower(src[j:k])
	if name == "" || (k < end && !isSpaceOrTagEnd(src[k])) || (k < end && src[k] == '/' && (k+1 >= end || src[k+1] != '>')) {
		p.addText(i, i+1)
		return i + 1
	}
	// Tags that simply vanish: <noinclude> and <onlyinclude> on a page,
	// <includeonly> in a template.
	ignoredTag := name == "noinclude" || name == "onlyinclude"
	element := "includeonly" // removed with its content
	if p.include {
		ignoredTag = name == "includeonly"
		element = "noinclude"
	}
	if !ignoredTag && (closing || !extTags[name] && name != element) {
		p.addText(i, i+1)
		return i + 1
	}
	if p.noGT {
		p.addText(i, i+1)
		return i + 1
	}
	gt := strings.IndexByte(src[k:end], '>')
	if gt < 0 {
		// No '>' anywhere after: stop looking for tags (keeps input such
		// as "<nowiki <nowiki <nowiki…" linear).
		p.noGT = true
		p.addText(i, i+1)
		return i + 1
	}
	tagEnd := k + gt // position of '>'
	if ignoredTag {
		return tagEnd + 1
	}
	if !extTags[name] && name != element {
		p.addText(i, i+1)
		return i + 1
	}
	n := &ppNode{kind: ppExt, pos: i, ext: &ppTag{name: name}}
	if src[tagEnd-1] == '/' {
		n.ext.selfClosed = true
		n.ext.attrs = src[k : tagEnd-1]
		n.end = tagEnd + 1
		n.ext.innerPos = n.end
	} else {
		n.ext.attrs = src[k:tagEnd]
		ci, cl := -1, 0
		if _, known := p.noClose[name]; !known {
			ci, cl = findCloseTag(src[tagEnd+1:end], name)
		}
		switch {
		case ci >= 0:
			n.ext.innerPos = tagEnd + 1
			n.ext.inner = src[tagEnd+1 : tagEnd+1+ci]
			n.end = tagEnd + 1 + ci + cl
		case name == "includeonly" || name == "noinclude" || name == "onlyinclude":
			n.ext.innerPos = tagEnd + 1
			n.ext.inner = src[tagEnd+1 : end]
			n.end = end
		default:
			if p.noClose == nil {
				p.noClose = map[string]bool{}
			}
			p.noClose[name] = true
			p.diags = append(p.diags, ppDiag{pos: i, end: tagEnd + 1, id: "unclosed-extension",
				msg: "<" + name + "> has no closing </" + name + ">; it is shown as text"})
			p.addText(i, tagEnd+1)
			return tagEnd + 1
		}
	}
	if name == element {
		return n.end // removed with its content
	}
	p.addNode(n)
	return n.end
}

// findCloseTag finds "</name\s*>" (case-insensitive) in s and returns its
// index and length.
func findCloseTag(s, name string) (int, int) {
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], "</")
		if j < 0 {
			return -1, 0
		}
		j += i
		k := j + 2
		if k+len(name) <= len(s) && strings.EqualFold(s[k:k+len(name)], name) {
			m := k + len(name)
			for m < len(s) && isSpace(s[m]) {
				m++
			}
			if m < len(s) && s[m] == '>' {
				return j, m + 1 - j
			}
		}
		i = j + 2
	}
	return -1, 0
}

// comment removes a comment at i; a comment alone on a line (with only
// spaces around it) also removes the line's newline.
func (p *preprocessor) comment(i, end int) int {
	src := p.src
	c := strings.Index(src[i+4:end], "-->")
	if c < 0 {
		p.diags = append(p.diags, ppDiag{pos: i, end: end, id: "unclosed-comment", msg: "comment is not closed (<!-- without -->): the rest of the page is hidden"})
		return end
	}
	cend := i + 4 + c + 3 // after -->
	// Leading whitespace on the line.
	ws := i
	for ws > 0 && (src[ws-1] == ' ' || src[ws-1] == '\t') {
		ws--
	}
	// Trailing whitespace, and following comments on the same line.
	we := cend
	for {
		for we < end && (src[we] == ' ' || src[we] == '\t') {
			we++
		}
		if strings.HasPrefix(src[we:end], "<!--") {
			c2 := strings.Index(src[we+4:end], "-->")
			if c2 < 0 {
				break
			}
			we = we + 4 + c2 + 3
			continue
		}
		break
	}
	if ws > 0 && src[ws-1] == '\n' && we < end && src[we] == '\n' {
		// Eat the line: remove the whitespace already accumulated before
		// the comment, and the newline after.
		p.trimAccum(i - ws)
		return we + 1
	}
	return cend
}

// trimAccum removes n trailing bytes (spaces or tabs) from the last text
// node of the current accumulator.
func (p *preprocessor) trimAccum(n int) {
	if n <= 0 {
		return
	}
	acc := p.accum()
	if k := len(*acc) - 1; k >= 0 {
		last := (*acc)[k]
		if last.kind == ppText && last.end-last.pos >= n {
			last.end -= n
			if last.end == last.pos {
				*acc = (*acc)[:k]
			}
		}
	}
}

func isTagNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == ':' || c == '_'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isSpaceOrTagEnd(c byte) bool { return isSpace(c) || c == '>' || c == '/' }
