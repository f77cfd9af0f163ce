package parser

import (
	"slices"
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
	// Namespaces are the wiki's namespace names and case rules, used
	// wherever a title is split or normalized (links, categories,
	// templates, page-name words); nil means MediaWiki's defaults
	// (English names, first letter upper case).
	Namespaces *model.Namespaces
	// PageID, RevisionID and RevisionUser are the page's id and the
	// revision's id and author, for {{PAGEID}}, {{REVISIONID}} and
	// {{REVISIONUSER}}; zero values (a text that is not a saved revision)
	// make them empty, as in MediaWiki's preview.
	PageID, RevisionID int64
	RevisionUser       string
	// RevisionSize is the revision's size in bytes ({{REVISIONSIZE}});
	// 0 means the text parsed (a preview's).
	RevisionSize int
	// Stats are the wiki's counts for {{NUMBEROFPAGES}} and the other
	// NUMBEROF… words; nil counts 0.
	Stats *SiteStats
	// Limits; zero means the default.
	MaxTemplateDepth  int
	MaxTemplateCalls  int
	MaxExpansionBytes int
	// Nodes, when not nil, is where the document's nodes come from (see
	// model.NodeArena).
	Nodes *model.NodeArena
}

// SiteStats are a wiki's counts, as MediaWiki's site_stats table keeps them.
type SiteStats struct {
	Pages       int64 // every page
	Articles    int64 // content pages: namespace 0, not redirects
	Files       int64 // uploaded files (pages in the File namespace)
	Edits       int64 // revisions
	Users       int64 // accounts (authors of revisions)
	ActiveUsers int64 // authors of the last 30 days' revisions
	Admins      int64 // members of the sysop group
}

// parseState is the state of one parse, shared by the passes.
type parseState struct {
	opts       *Options
	src        string
	tocOffset  int // where the first __TOC__ stood (Document.TOCOffset)
	ex         *expander
	links      []*model.LinkInfo
	holders    []holder
	categories []string
	switches   map[string]bool
	diags      model.MsgList
	autonumber int
	// extClose and extBad cache label scans of the external link pass.
	extClose, extBad [2]int
	// nodes hands out the tree's nodes.
	nodes nodeSlab
	// arrays are those of the texts the main pipeline is done with (see
	// pass).
	arrays *arraySet
}

// Parse parses wikitext into a document. It never fails: problems are
// reported as diagnostics and, where a reader would see them, as error
// nodes. A text longer than MaxSourceBytes is not parsed: the document
// holds an error saying so.
func Parse(src string, opts *Options) *model.Document {
	if len(src) > MaxSourceBytes {
		return tooLarge(src)
	}
	return parse(src, opts, wrapTemplates)
}

// MaxSourceBytes is the longest text Parse reads: the largest revision
// text wikirules accepts (model.DefaultMaxRevisionBytes; MediaWiki's own
// limit is 2 MB by default). It keeps every intermediate text of the
// passes below 2 GB, which their 32-bit source maps need.
const MaxSourceBytes = model.DefaultMaxRevisionBytes

// tooLarge is the document of a text over MaxSourceBytes.
func tooLarge(src string) *model.Document {
	msg := "the text (" + strconv.Itoa(len(src)) + " bytes) is longer than the parser reads (" + strconv.Itoa(MaxSourceBytes) + " bytes): not parsed"
	root := &model.Node{Kind: model.KindDocument, Tag: "body", End: len(src)}
	root.AppendChild(&model.Node{Kind: model.KindError, Text: msg, End: len(src)})
	doc := &model.Document{Root: root, Source: src}
	doc.Diagnostics.Add(0, len(src), model.SevError, model.MsgTooLarge, "%s", msg)
	return doc
}

// parse is Parse with the template wrapping pass as a parameter, so a test
// can compare wrapTemplates with a straightforward version of it.
func parse(src string, opts *Options, wrap func(*model.Node, []*model.TemplateCall)) *model.Document {
	if opts == nil {
		opts = &Options{}
	}
	ps := &parseState{opts: opts, src: src}
	ps.nodes.arena = opts.Nodes
	ps.ex = &expander{opts: opts, ps: ps}
	nodes, ppDiags, redirect, redirectLen := preprocessPage(opts.Namespaces, src)
	for _, d := range ppDiags {
		ps.diags.Add(d.pos, d.end, model.SevWarning, model.MsgID(d.id), "%s", d.msg)
	}
	// Room for the passes after: the first of them to run short of room
	// in its own arrays writes into these (see passBuilder).
	ps.takeArrays()
	b := ps.spareBuilder(len(src)+len(src)/2+64, 8)
	top := &frame{src: src, top: true}
	if redirect != nil {
		ps.redirectHeader(b, redirect, redirectLen)
	}
	ps.ex.expand(nodes, top, b)
	t := b.text()

	// Cite's list of the notes no <references/> listed comes after the
	// passes of the wikitext (a table left open is closed before it), as
	// MediaWiki appends it after its internal parse.
	cite := func(in *text) *text {
		if !ps.ex.citePending() {
			return in
		}
		b := ps.passBuilder(in, 256)
		b.copy(in, 0, len(in.s))
		ps.ex.finishCite(b, top)
		return b.text()
	}
	// The paragraph pass writes the held links in (blockState.copy).
	for _, f := range []func(*text) *text{
		ps.removeHTMLTags, ps.tables, ps.rules, ps.doubleUnderscore, ps.headings, ps.internalLinks,
		ps.quotes, ps.externalLinks, ps.magicLinks, cite, ps.unstripGeneral, ps.blockLevels,
	} {
		t = ps.pass(t, f)
	}
	if separateHolders {
		t = ps.pass(t, ps.replaceHolders)
	}
	ps.diags = append(ps.diags, ps.ex.diags...)
	t = ps.pass(t, ps.unstrip)
	root := ps.buildTree(t)
	// The tree's strings leave the last text's array, which goes to the
	// next parse with the others.
	ps.keepStrings(root, t)
	ps.leaveArrays(t)

	doc := &model.Document{Root: root, Source: src, Categories: ps.categories, Switches: ps.switches, Redirect: redirect, TOCOffset: ps.tocOffset}
	ps.postprocess(doc, wrap)
	ps.diags.Sort()
	doc.Diagnostics = ps.diags
	return doc
}

// unstripAttr replaces strip markers in attribute text with their content.
func (ps *parseState) unstripAttr(s string) string {
	return replaceMarkers(s, func(m string) (string, bool) {
		if idx, ok := ps.ex.stripIndex(m, 0, len(m)); ok {
			return ps.ex.strips[idx].html.s, true
		}
		return "", true
	})
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
func (ps *parseState) unstrip(in *text) *text { return ps.ex.unstripWith(in, ps.passBuilder, 0) }

// unstripGeneral replaces the markers of general strip items (extension
// tags' HTML) with their content, as MediaWiki does before its paragraph
// pass: the lines of a <pre> or a footnote list are lines to that pass
// (a <pre> opened in a list item holds only the rest of its line). Nowiki
// items stay markers until the end.
func (ps *parseState) unstripGeneral(in *text) *text {
	return ps.ex.unstripWith(in, ps.passBuilder, stripGeneral)
}

// postprocess finishes the tree: French spacing, heading ids, error nodes,
// template nodes, sections and node ranges.
func (ps *parseState) postprocess(doc *model.Document, wrap func(*model.Node, []*model.TemplateCall)) {
	root := doc.Root
	// One walk: ranges, French spacing, and the headings to name.
	var headings []*model.Node
	code := 0 // inside code (<syntaxhighlight>): no French spacing
	model.Walk(root, func(n *model.Node, entering bool) model.WalkStatus {
		if _, ok := n.Attr("data-lang"); ok {
			if entering {
				code++
			} else {
				code--
			}
		}
		switch {
		case n.Kind == model.KindText && code > 0:
		case n.Kind == model.KindText:
			if entering && needsFrenchSpace(n.Text) {
				n.Text = frenchSpace(n.Text)
			}
			if entering {
				frenchSpaceJoin(n)
			}
		case !entering:
			if n.Level == contentEndMark && endsAtContent(n.Kind) {
				// The end the tree builder left it is its start tag's.
				from := n.End
				n.Level = 0
				coverChildren(n)
				if n.Kind == model.KindCell || n.Kind == model.KindRow || n.Kind == model.KindCaption {
					endContent(doc.Source, n, from)
				}
				break
			}
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
	assignHeadingIDs(headings, nil)
	buildSections(root, &ps.nodes)
}

// endsAtContent reports whether a node of kind k that endAtContent
// marked ends where its content ends: a table part before the white
// space at its end (endContent); a paragraph, a list, a list item or a
// <pre> where its last child ends (the line break that ends its text,
// as MediaWiki writes "<p>a\n</p>", is its text's: a text's range holds
// all of its line breaks, which readers of its lines count on).
func endsAtContent(k model.Kind) bool {
	switch k {
	case model.KindCell, model.KindRow, model.KindCaption, model.KindParagraph, model.KindList, model.KindListItem, model.KindPre:
		return true
	}
	return false
}

// endContent ends n, a table part something other than its own end tag
// closed (contentEndMark), where its content ends: before the white space
// that ends its range (the line break before the "|-", "|}", "|" or "!"
// line that closes it, the spaces before a "||"), not before from (its
// start tag's end). The line break is in its last text (MediaWiki writes
// "<td>1\n</td>"), and in the paragraph or list item that ends it: their
// ranges, all behind n's end, end there too.
func endContent(src string, n *model.Node, from int) {
	end := min(n.End, len(src))
	for end > from && isPHPSpace(src[end-1]) {
		end--
	}
	if end < n.End {
		n.End = max(end, n.Pos)
		cutTail(n, n.End)
	}
}

// cutTail cuts the ranges of n's descendants that run past end: those
// of its last children, back to one that ends in time (its children
// come in the order of their places; only white space lies past end).
func cutTail(n *model.Node, end int) {
	for c := n.LastChild; c != nil && (c.End > end || c.Pos > end); c = c.PrevSibling {
		c.Pos, c.End = min(c.Pos, end), min(c.End, end)
		cutTail(c, end)
	}
}

// fixRange makes an element's range cover its children.
func fixRange(n *model.Node) {
	if n.End < n.Pos {
		n.End = n.Pos
	}
	if n.FirstChild == nil || n.Kind == model.KindDocument {
		return
	}
	if n.Kind == model.KindParagraph && n.Pos == 0 && n.End == 0 {
		n.Pos, n.End = n.FirstChild.Pos, n.FirstChild.End
	}
	coverChildren(n)
}

// coverChildren makes n's range cover its children's as well as its
// own: fixRange but for its paragraph of no range (the [0:0] of a
// paragraph endAtContent marked is its start tag's, at the page's start).
func coverChildren(n *model.Node) {
	if n.End < n.Pos {
		n.End = n.Pos
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		n.Pos, n.End = min(n.Pos, c.Pos), max(n.End, c.End)
	}
}

// frenchSpace puts a no-break space before ? : ; ! % » › (when no word
// character follows) and after « ‹ (when no word character precedes), as
// MediaWiki does.
func frenchSpace(s string) string {
	if !frenchSpaceChanges(s) && utf8.ValidString(s) {
		return s // most texts that pass the quick test ("a – b")
	}
	var b strings.Builder
	b.Grow(len(s) + 4)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch frenchRule(s, i, r, size) {
		case frenchBefore:
			b.WriteRune('\u00a0')
			i++
			continue
		case frenchAfter:
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

// The French-spacing rule at a rune: none, a no-break space for the space
// before a mark, or one for the space after an opening quote.
const (
	frenchNone = iota
	frenchBefore
	frenchAfter
)

// frenchRule says what the rule does at s[i] (rune r of size bytes).
func frenchRule(s string, i int, r rune, size int) int {
	if r == ' ' && i+1 < len(s) {
		nr, ns := utf8.DecodeRuneInString(s[i+1:])
		if strings.ContainsRune("?:;!%»›", nr) {
			after, _ := utf8.DecodeRuneInString(s[i+1+ns:])
			if i+1+ns >= len(s) || !(after == '_' || unicode.IsLetter(after) || unicode.IsDigit(after)) {
				return frenchBefore
			}
		}
	}
	if (r == '«' || r == '‹') && i+size < len(s) && s[i+size] == ' ' && !wordBefore(s, i) {
		return frenchAfter
	}
	return frenchNone
}

// frenchSpaceChanges reports whether frenchSpace puts a no-break space
// in s.
func frenchSpaceChanges(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if frenchRule(s, i, r, size) != frenchNone {
			return true
		}
		i += size
	}
	return false
}

// frenchSpaceJoin applies the French-spacing rule across the boundary of
// two text nodes (text from a template next to text of the page: "a " and
// "!!b").
func frenchSpaceJoin(n *model.Node) {
	next := n.NextSibling
	if next == nil || next.Kind != model.KindText || !strings.HasSuffix(n.Text, " ") || next.Text == "" {
		return
	}
	r, size := utf8.DecodeRuneInString(next.Text)
	if !strings.ContainsRune("?:;!%»›", r) {
		return
	}
	if after, _ := utf8.DecodeRuneInString(next.Text[size:]); size < len(next.Text) && (after == '_' || unicode.IsLetter(after) || unicode.IsDigit(after)) {
		return
	}
	n.Text = n.Text[:len(n.Text)-1] + "\u00a0"
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

func setAttr(n *model.Node, name, value string) {
	// The attributes may be another tree's too (a history's stitched
	// copy of a chunk's heading shares the chunk's): they are copied
	// when they change, never written in place.
	attrs := n.Attrs()
	for i, a := range attrs {
		if a.Name == name {
			if a.Value != value {
				c := slices.Clone(attrs)
				c[i].Value = value
				n.SetAttrs(c)
			}
			return
		}
	}
	n.SetAttrs(append(attrs[:len(attrs):len(attrs)], model.Attr{Name: name, Value: value}))
}

// AssignHeadingIDs gives headings their ids as Parse does, for a tree put
// together from the trees of several parses (a history's chunks): the
// headings in document order.
//
// bases[i], when there is one and it is not empty, is heading i's id
// before it is told apart from the others': the id a parse of a text in
// which it is the first heading gave it (a history's chunk that begins
// with it), which spares working it out from the heading's text again.
func AssignHeadingIDs(headings []*model.Node, bases []string) { assignHeadingIDs(headings, bases) }

// BuildSections groups root's children under their headings as Parse
// does, for a tree put together from the trees of several parses.
func BuildSections(root *model.Node) {
	// One array of exactly the sections it makes (a history builds
	// sections for every revision: a small array each was 3% of what a
	// big build allocated, most of it unused).
	n := 0
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind == model.KindHeading {
			n++
		}
	}
	var nodes nodeSlab
	nodes.reserve(n)
	buildSections(root, &nodes)
}

// buildSections groups the document's top-level content under its
// headings: a section holds its heading, what follows, and its
// subsections.
func buildSections(root *model.Node, nodes *nodeSlab) {
	hasHeading := false
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind == model.KindHeading {
			hasHeading = true
			break
		}
	}
	if !hasHeading {
		return
	}
	// Detach the children as one list and move them one by one (no slice
	// of them: a page has hundreds).
	c := root.FirstChild
	root.FirstChild, root.LastChild = nil, nil
	var stack []*model.Node
	for c != nil {
		next := c.NextSibling
		c.Parent, c.PrevSibling, c.NextSibling = nil, nil, nil
		if c.Kind == model.KindHeading {
			for len(stack) > 0 && stack[len(stack)-1].Level >= c.Level {
				stack = stack[:len(stack)-1]
			}
			sec := nodes.new()
			sec.Kind, sec.Level, sec.Pos, sec.End = model.KindSection, c.Level, c.Pos, c.End
			if len(stack) > 0 {
				stack[len(stack)-1].AppendChild(sec)
			} else {
				root.AppendChild(sec)
			}
			sec.AppendChild(c)
			stack = append(stack, sec)
		} else if len(stack) > 0 {
			stack[len(stack)-1].AppendChild(c)
		} else {
			root.AppendChild(c)
		}
		c = next
	}
	// Section ranges cover their content. Sections are children of the
	// root and of sections only: no need to walk the rest of the tree.
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind == model.KindSection {
			sectionRange(c)
		}
	}
}

// sectionRange makes a section's range cover its content, subsections
// first.
func sectionRange(sec *model.Node) {
	for c := sec.FirstChild; c != nil; c = c.NextSibling {
		if c.Kind == model.KindSection {
			sectionRange(c)
		}
		sec.End = max(sec.End, c.End)
	}
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
// first byte of » ›, or « ‹ before a space. One pass over the bytes: it
// runs on every text node.
func needsFrenchSpace(s string) bool {
	high := false
	for i := 1; i < len(s); i++ {
		if c := s[i]; frenchAfterSpace[c] {
			if s[i-1] == ' ' {
				return true
			}
			high = high || c >= 0x80
		}
	}
	if len(s) > 0 && (s[0] == 0xc2 || s[0] == 0xe2) {
		high = true
	}
	return high && (strings.Contains(s, "« ") || strings.Contains(s, "‹ "))
}

// frenchAfterSpace marks the bytes French spacing looks for after a space
// (0xc2 and 0xe2 begin » and ›, and « and ‹).
var frenchAfterSpace = func() (t [256]bool) {
	for _, c := range []byte("?:;!%\xc2\xe2") {
		t[c] = true
	}
	return t
}()
