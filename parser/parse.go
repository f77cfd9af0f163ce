package parser

import (
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// TemplateSource supplies template definitions by full title
// ("Template:Heart"; other namespaces for {{:Page}} transclusion).
type TemplateSource interface {
	Template(title string) (string, bool)
}

// Options control a parse.
type Options struct {
	// Title is the page's title (for {{PAGENAME}} and self-links).
	Title string
	// SiteName is returned by {{SITENAME}}; Server by {{SERVER}}
	// ("https://wiki.example.org").
	SiteName string
	Server   string
	// Time is the revision's time, used by {{CURRENTYEAR}} and friends so
	// that output does not depend on when it was built.
	Time time.Time
	// WikiTemplates supplies template definitions; the built-in card
	// templates are used when it has none of that name.
	WikiTemplates TemplateSource
	// Limits; zero means the default.
	MaxTemplateDepth  int
	MaxTemplateCalls  int
	MaxExpansionBytes int
}

// parseState is the state of one parse, shared by the passes.
type parseState struct {
	opts       *Options
	src        string
	ex         *expander
	links      []*model.LinkInfo
	holders    []holder
	categories []string
	switches   map[string]bool
	diags      model.MsgList
	autonumber int
	// extClose and extBad cache label scans of the external link pass.
	extClose, extBad [2]int
}

// Parse parses wikitext into a document. It never fails: problems are
// reported as diagnostics and, where a reader would see them, as error
// nodes.
func Parse(src string, opts *Options) *model.Document {
	return parse(src, opts, wrapTemplates)
}

// parse is Parse with the template wrapping pass as a parameter, so a test
// can compare wrapTemplates with a straightforward version of it.
func parse(src string, opts *Options, wrap func(*model.Node, []*model.TemplateCall)) *model.Document {
	if opts == nil {
		opts = &Options{}
	}
	ps := &parseState{opts: opts, src: src}
	ps.ex = &expander{opts: opts}
	nodes, ppDiags := preprocess(src, false)
	for _, d := range ppDiags {
		ps.diags.Add(d.pos, d.end, model.SevWarning, model.MsgID(d.id), "%s", d.msg)
	}
	b := newBuilder(len(src) + len(src)/8)
	top := &frame{src: src, top: true}
	ps.ex.expand(nodes, top, b)
	t := b.text()
	ps.diags = append(ps.diags, ps.ex.diags...)

	t = ps.removeHTMLTags(t)
	t = ps.tables(t)
	t = ps.rules(t)
	t = ps.doubleUnderscore(t)
	t = ps.headings(t)
	t = ps.internalLinks(t)
	t = ps.quotes(t)
	t = ps.externalLinks(t)
	t = ps.magicLinks(t)
	t = ps.blockLevels(t)
	t = ps.replaceHolders(t)
	t = ps.unstrip(t)
	root := ps.buildTree(t)

	doc := &model.Document{Root: root, Source: src, Categories: ps.categories, Switches: ps.switches}
	ps.postprocess(doc, wrap)
	ps.diags.Sort()
	doc.Diagnostics = ps.diags
	return doc
}

// unstripAttr replaces strip markers in attribute text with their content.
func (ps *parseState) unstripAttr(s string) string {
	if !strings.Contains(s, markerPrefix) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, markerPrefix)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.Index(s[i:], markerSuffix)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		j += i
		b.WriteString(s[:i])
		if idx, ok := markerIndex(s[i:j]); ok && idx < len(ps.ex.strips) {
			b.WriteString(ps.ex.strips[idx].html.s)
		}
		s = s[j+len(markerSuffix):]
	}
}

// markerIndex reads the index out of "\x7f'\"`UNIQ-kind-0000000A".
func markerIndex(m string) (int, bool) {
	k := strings.LastIndexByte(m, '-')
	if k < 0 {
		return 0, false
	}
	v, err := strconv.ParseInt(m[k+1:], 16, 64)
	return int(v), err == nil
}

// unstrip replaces every strip marker with its content.
func (ps *parseState) unstrip(in *text) *text { return ps.ex.unstripText(in) }

// postprocess finishes the tree: French spacing, heading ids, error nodes,
// template nodes, sections and node ranges.
func (ps *parseState) postprocess(doc *model.Document, wrap func(*model.Node, []*model.TemplateCall)) {
	root := doc.Root
	// One walk: ranges, French spacing, and the headings to name.
	var headings []*model.Node
	model.Walk(root, func(n *model.Node, entering bool) model.WalkStatus {
		switch {
		case n.Kind == model.KindText:
			if entering && needsFrenchSpace(n.Text) {
				n.Text = frenchSpace(n.Text)
			}
		case !entering:
			fixRange(n)
			if n.Kind == model.KindHeading {
				headings = append(headings, n)
			}
		}
		return model.WalkContinue
	})
	ps.markErrors(root)
	calls := ps.ex.calls
	sort.SliceStable(calls, func(i, j int) bool {
		if calls[i].Pos != calls[j].Pos {
			return calls[i].Pos < calls[j].Pos
		}
		return calls[i].End > calls[j].End
	})
	doc.Templates = calls
	wrap(root, calls)
	assignHeadingIDs(headings)
	buildSections(root)
}

// fixRange makes an element's range cover its children.
func fixRange(n *model.Node) {
	if n.End < n.Pos {
		n.End = n.Pos
	}
	if n.FirstChild == nil || n.Kind == model.KindDocument {
		return
	}
	pos, end := n.Pos, n.End
	if n.Kind == model.KindParagraph && pos == 0 && end == 0 {
		pos, end = n.FirstChild.Pos, n.FirstChild.End
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Pos < pos {
			pos = c.Pos
		}
		if c.End > end {
			end = c.End
		}
	}
	n.Pos, n.End = pos, end
}

// frenchSpace puts a no-break space before ? : ; ! % » › (when no word
// character follows) and after « ‹ (when no word character precedes), as
// MediaWiki does.
func frenchSpace(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == ' ' && i+1 < len(s) {
			nr, ns := utf8.DecodeRuneInString(s[i+1:])
			if strings.ContainsRune("?:;!%»›", nr) {
				after, _ := utf8.DecodeRuneInString(s[i+1+ns:])
				if i+1+ns >= len(s) || !(after == '_' || unicode.IsLetter(after) || unicode.IsDigit(after)) {
					b.WriteRune('\u00a0')
					i++
					continue
				}
			}
		}
		if (r == '«' || r == '‹') && i+size < len(s) && s[i+size] == ' ' && !wordBefore(s, i) {
			b.WriteRune(r)
			b.WriteRune('\u00a0')
			i += size + 1
			continue
		}
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

// markErrors turns the error spans written for expansion problems into
// KindError nodes.
func (ps *parseState) markErrors(root *model.Node) {
	errAt := map[[2]int]string{}
	for _, d := range ps.diags {
		if d.Severity == model.SevError {
			errAt[[2]int{d.Pos, d.End}] = d.Text
		}
	}
	if len(errAt) == 0 {
		return
	}
	for n := range root.Descendants() {
		if n.Kind != model.KindElement || n.Tag != "span" {
			continue
		}
		if c, ok := n.Attr("class"); !ok || c != "error" {
			continue
		}
		if msg, ok := errAt[[2]int{n.Pos, n.End}]; ok {
			n.Kind = model.KindError
			n.Text = msg
		}
	}
}

// wrapTemplates wraps the nodes produced by each template call in a
// KindTemplate node, when they form a run of siblings. calls are sorted by
// position, outer calls first.
//
// For each call the wrap descends from the root: at each level, the
// children that overlap the call's range either form a contiguous run that
// lies inside the range (they are wrapped), or one of them straddles the
// range (the wrap goes down into the last such child), or neither (the call
// is not wrapped). Two things keep the whole pass linear in the tree and the
// calls, however many calls a page has:
//
//   - A call inside a call already wrapped starts its descent at that
//     call's wrapper: the descent from the root would reach it (every
//     ancestor of a wrapper covers the wrapper's range and straddles any
//     smaller call inside it).
//   - A parent whose children are in source order (positions and ends never
//     decreasing, as they almost always are) keeps a cursor at its first
//     child that ends after the last call looked up there. Calls arrive in
//     position order, so the children a call overlaps are a run starting
//     at the cursor, found without scanning the children before it. A
//     parent whose children are out of order is scanned in full.
func wrapTemplates(root *model.Node, calls []*model.TemplateCall) {
	wr := &wrapper{index: map[*model.Node]*childIndex{}}
	type wrapped struct {
		call *model.TemplateCall
		node *model.Node
	}
	var open []wrapped // wrapped calls enclosing the current one
	for _, c := range calls {
		for len(open) > 0 {
			o := open[len(open)-1].call
			if o.Pos <= c.Pos && c.End <= o.End {
				break
			}
			open = open[:len(open)-1]
		}
		start := root
		if len(open) > 0 {
			start = open[len(open)-1].node
		}
		if w := wr.wrap(start, c); w != nil {
			open = append(open, wrapped{c, w})
		}
	}
}

// wrapper holds the per-parent state of wrapTemplates.
type wrapper struct {
	index map[*model.Node]*childIndex
}

// childIndex is what wrapTemplates knows of a parent's children.
type childIndex struct {
	ordered bool        // children's Pos and End never decrease
	cursor  *model.Node // first child that may overlap the next call
}

func inside(n *model.Node, c *model.TemplateCall) bool {
	return n.Pos >= c.Pos && n.End <= c.End && n.End > n.Pos || (n.Pos == n.End && n.Pos > c.Pos && n.Pos < c.End)
}

func overlaps(n *model.Node, c *model.TemplateCall) bool {
	return n.Pos < c.End && n.End > c.Pos
}

// inOrder reports whether a and b (a before b) are in source order.
func inOrder(a, b *model.Node) bool { return a.Pos <= b.Pos && a.End <= b.End }

// children returns the index of parent's children, made on first use.
func (wr *wrapper) children(parent *model.Node) *childIndex {
	ix := wr.index[parent]
	if ix == nil {
		ix = &childIndex{ordered: true, cursor: parent.FirstChild}
		for ch := parent.FirstChild; ch != nil && ch.NextSibling != nil; ch = ch.NextSibling {
			if !inOrder(ch, ch.NextSibling) {
				ix.ordered = false
				break
			}
		}
		wr.index[parent] = ix
	}
	return ix
}

// wrap wraps the output of call c, descending from start, and returns the
// wrapper (nil when the output is not a run of siblings).
func (wr *wrapper) wrap(start *model.Node, c *model.TemplateCall) *model.Node {
	parent := start
	for {
		ix := wr.children(parent)
		from := parent.FirstChild
		if ix.ordered {
			// Children that end before c starts end before every later
			// call starts too.
			for ix.cursor != nil && ix.cursor.End <= c.Pos {
				ix.cursor = ix.cursor.NextSibling
			}
			from = ix.cursor
		}
		var first, last, into *model.Node
		count, straddle := 0, false
		for ch := from; ch != nil; ch = ch.NextSibling {
			if !overlaps(ch, c) {
				if ix.ordered && ch.Pos >= c.End {
					break // so do all the children after it
				}
				continue
			}
			if inside(ch, c) {
				if first == nil {
					first = ch
				} else if last != ch.PrevSibling {
					return nil // not contiguous
				}
				last = ch
				count++
			} else {
				straddle = true
				into = ch
			}
			if count > 0 && straddle {
				return nil
			}
		}
		// A paragraph that holds nothing but the call's output was made by
		// the page's paragraph rules, not by the template: wrap inside it.
		if count == 1 && !straddle && first.Kind == model.KindParagraph && first.FirstChild != nil {
			parent = first
			continue
		}
		switch {
		case count > 0 && !straddle:
			return wr.wrapRun(parent, ix, first, last, c)
		case count == 0 && into != nil:
			parent = into
		default:
			return nil
		}
	}
}

// wrapRun moves the siblings first…last of parent into a new template node.
func (wr *wrapper) wrapRun(parent *model.Node, ix *childIndex, first, last *model.Node, c *model.TemplateCall) *model.Node {
	w := &model.Node{Kind: model.KindTemplate, Template: c, Pos: c.Pos, End: c.End}
	parent.InsertBefore(w, first)
	if ix.cursor == first {
		ix.cursor = w
	}
	for ch := first; ; {
		next := ch.NextSibling
		ch.Remove()
		w.AppendChild(ch)
		if ch == last {
			break
		}
		ch = next
	}
	// The call's range may reach past what its output mapped to: widen
	// the ancestors. Every element's range covers its children's, so the
	// first ancestor that already covers the call ends the walk.
	for a := parent; a != nil && a.Kind != model.KindDocument; a = a.Parent {
		if a.Pos <= w.Pos && a.End >= w.End {
			break
		}
		a.Pos, a.End = min(a.Pos, w.Pos), max(a.End, w.End)
		// A widened child may now be out of order with its siblings.
		if pix := wr.index[a.Parent]; pix != nil && pix.ordered {
			if p := a.PrevSibling; p != nil && !inOrder(p, a) {
				pix.ordered = false
			}
			if n := a.NextSibling; n != nil && !inOrder(a, n) {
				pix.ordered = false
			}
		}
	}
	return w
}

// assignHeadingIDs gives every heading an id made from its text,
// de-duplicated like MediaWiki ("Scoring", "Scoring_2"…), comparing case
// insensitively.
func assignHeadingIDs(headings []*model.Node) {
	seen := map[string]int{}
	for _, h := range headings {
		base := AnchorID(model.PlainText(h))
		if base == "" {
			base = "section"
		}
		id := base
		key := strings.ToLower(base)
		if n := seen[key]; n > 0 {
			for {
				n++
				id = base + "_" + strconv.Itoa(n)
				if seen[strings.ToLower(id)] == 0 {
					break
				}
			}
			seen[key] = n
		} else {
			seen[key] = 1
		}
		seen[strings.ToLower(id)] = max(seen[strings.ToLower(id)], 1)
		setAttr(h, "id", id)
	}
}

func setAttr(n *model.Node, name, value string) {
	for i, a := range n.Attrs {
		if a.Name == name {
			n.Attrs[i].Value = value
			return
		}
	}
	n.Attrs = append(n.Attrs, model.Attr{Name: name, Value: value})
}

// buildSections groups the document's top-level content under its
// headings: a section holds its heading, what follows, and its
// subsections.
func buildSections(root *model.Node) {
	var children []*model.Node
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		children = append(children, c)
	}
	hasHeading := false
	for _, c := range children {
		if c.Kind == model.KindHeading {
			hasHeading = true
			break
		}
	}
	if !hasHeading {
		return
	}
	for _, c := range children {
		c.Remove()
	}
	var stack []*model.Node
	for _, c := range children {
		if c.Kind == model.KindHeading {
			for len(stack) > 0 && stack[len(stack)-1].Level >= c.Level {
				stack = stack[:len(stack)-1]
			}
			sec := &model.Node{Kind: model.KindSection, Level: c.Level, Pos: c.Pos, End: c.End}
			if len(stack) > 0 {
				stack[len(stack)-1].AppendChild(sec)
			} else {
				root.AppendChild(sec)
			}
			sec.AppendChild(c)
			stack = append(stack, sec)
			continue
		}
		if len(stack) > 0 {
			stack[len(stack)-1].AppendChild(c)
		} else {
			root.AppendChild(c)
		}
	}
	// Section ranges cover their content.
	model.Walk(root, func(n *model.Node, entering bool) model.WalkStatus {
		if !entering && n.Kind == model.KindSection {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				n.End = max(n.End, c.End)
			}
		}
		return model.WalkContinue
	})
}

// wordBefore reports whether s[:i] ends with a word character.
func wordBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// needsFrenchSpace is a quick test: a space before ? : ; ! % or before the
// first byte of » ›, or « ‹ before a space.
func needsFrenchSpace(s string) bool {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], ' ')
		if k < 0 {
			break
		}
		i += k + 1
		if i < len(s) {
			switch s[i] {
			case '?', ':', ';', '!', '%', 0xc2, 0xe2:
				return true
			}
		}
	}
	return strings.Contains(s, "« ") || strings.Contains(s, "‹ ")
}
