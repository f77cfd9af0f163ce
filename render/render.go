package render

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/tagtable"
	"github.com/wikirules/wikirules/model"
)

// Linker maps wiki titles to URLs for the output.
type Linker interface {
	// PageURL returns the URL of a page (title normalized, with spaces)
	// and fragment.
	PageURL(title, fragment string) string
	// PageExists reports whether a page exists; links to missing pages are
	// rendered as red links.
	PageExists(title string) bool
	// FileURL returns the URL of an uploaded file ("File:Board.png"), if
	// there is one.
	FileURL(title string) (string, bool)
}

// WikiLinker links like a MediaWiki site at Base ("/wiki/Title"); every
// page exists and no file does.
type WikiLinker struct{ Base string }

func (l WikiLinker) PageURL(title, fragment string) string {
	base := l.Base
	if base == "" {
		base = "/wiki/"
	}
	u := ""
	if title != "" {
		u = base + titlePath(title)
	}
	if fragment != "" {
		// As MediaWiki writes it (Title::getFragmentForURL): "#100%",
		// "#Q&A", "#a_b", "#Élan".
		u += "#" + FragmentLink(FragmentID(fragment))
	}
	return u
}
func (WikiLinker) PageExists(string) bool        { return true }
func (WikiLinker) FileURL(string) (string, bool) { return "", false }

// titlePath writes a title as a URL path: spaces become underscores, and
// bytes are %-escaped as url.PathEscape does, except / ( ) , which stay
// readable as in MediaWiki's URLs. One pass over a table: it runs for
// every link.
func titlePath(title string) string {
	n := 0 // bytes to escape
	for i := 0; i < len(title); i++ {
		if c := title[i]; !pathKeep[c] && c != ' ' {
			n++
		}
	}
	if n == 0 && strings.IndexByte(title, ' ') < 0 {
		return title
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, len(title)+2*n)
	for i := 0; i < len(title); i++ {
		switch c := title[i]; {
		case c == ' ':
			b = append(b, '_')
		case pathKeep[c]:
			b = append(b, c)
		default:
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// pathKeep holds the bytes titlePath writes as they are.
var pathKeep = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	for _, c := range []byte("-_.~$&+:=@/(),") {
		t[c] = true
	}
	return t
}()

// Options configure a Renderer.
type Options struct {
	Linker Linker
	// TOCTitle is the heading of the table of contents ("Contents").
	TOCTitle string
	// NoTOC never writes a table of contents (the site writes its own).
	NoTOC bool
	// IDPrefix is put before every id the page's content sets (headings
	// included), so several revisions can share one HTML page without
	// clashing ids. The Linker prefixes same-page fragments to match.
	IDPrefix string
	// ReservedIDPrefix begins the ids of the page around the content (a
	// site's search box, its script's targets): a content id that would
	// begin with it gets "user-" before it (ContentID), so a wiki page
	// cannot take over an element the site's script looks up by id.
	ReservedIDPrefix string
}

// ContentID is the id an element of the content gets for the id its
// markup sets (or its heading makes): IDPrefix before it, and "user-"
// before that when it would begin with ReservedIDPrefix. A Linker maps
// fragments with it so links to headings keep working.
func (o Options) ContentID(id string) string {
	id = o.IDPrefix + id
	if o.ReservedIDPrefix != "" && strings.HasPrefix(id, o.ReservedIDPrefix) {
		id = "user-" + id
	}
	return id
}

// RenderFunc writes one node. entering is true before the children are
// written and false after; returning false from an entering call skips the
// children (and the leaving call).
type RenderFunc func(w *Writer, n *model.Node, entering bool) bool

// Renderer renders documents.
type Renderer struct {
	opts  Options
	funcs [model.KindCount]RenderFunc
}

// New returns a renderer with the default render functions.
func New(opts Options) *Renderer {
	if opts.Linker == nil {
		opts.Linker = WikiLinker{}
	}
	if opts.TOCTitle == "" {
		opts.TOCTitle = "Contents"
	}
	r := &Renderer{opts: opts}
	r.funcs[model.KindDocument] = renderTransparent
	r.funcs[model.KindSection] = renderTransparent
	r.funcs[model.KindTemplate] = renderTransparent
	r.funcs[model.KindText] = renderText
	r.funcs[model.KindElement] = r.renderCode
	r.funcs[model.KindParagraph] = renderElement
	r.funcs[model.KindHeading] = renderElement
	r.funcs[model.KindList] = renderElement
	r.funcs[model.KindListItem] = renderElement
	r.funcs[model.KindTable] = renderElement
	r.funcs[model.KindCaption] = renderElement
	r.funcs[model.KindRow] = renderElement
	r.funcs[model.KindCell] = renderElement
	r.funcs[model.KindPre] = r.renderCode
	r.funcs[model.KindBold] = renderElement
	r.funcs[model.KindItalic] = renderElement
	r.funcs[model.KindLineBreak] = renderElement
	r.funcs[model.KindRule] = renderElement
	r.funcs[model.KindLink] = r.renderLink
	r.funcs[model.KindExtLink] = renderExtLink
	r.funcs[model.KindImage] = r.renderImage
	r.funcs[model.KindError] = renderError
	r.funcs[model.KindRef] = renderElement
	r.funcs[model.KindReferences] = renderElement
	return r
}

// SetFunc replaces the render function of a kind.
func (r *Renderer) SetFunc(k model.Kind, f RenderFunc) { r.funcs[k] = f }

// Func returns the render function of a kind, so a replacement can wrap
// the default.
func (r *Renderer) Func(k model.Kind) RenderFunc { return r.funcs[k] }

// Writer is the output of a render: a buffered writer with escaping
// helpers.
type Writer struct {
	*bufio.Writer
	r *Renderer
	// pre counts the <pre> elements around the node being written, so
	// that a block's end need not look through its ancestors for one (a
	// cost of the tree's depth at every block).
	pre int
	// toc is the document whose table of contents is still to be
	// written: before tocHeading, or before the first node at or after
	// tocOffset when tocHeading is nil (where __TOC__ stood).
	toc        *model.Document
	tocHeading *model.Node
	tocOffset  int
	// doc is the document Render writes; legacyIDs its headings' legacy
	// ids, worked out when the first is written.
	doc       *model.Document
	legacyIDs map[*model.Node]string
}

// bufs recycles the output buffers: a site build renders hundreds of
// thousands of documents, and a fresh 32 KB buffer for each was a tenth of
// all its allocation.
var bufs = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 32<<10) }}

func getBuf(out io.Writer) *bufio.Writer {
	b := bufs.Get().(*bufio.Writer)
	b.Reset(out)
	return b
}

func putBuf(b *bufio.Writer) {
	b.Reset(nil)
	bufs.Put(b)
}

// Render writes doc's body as an HTML fragment.
func (r *Renderer) Render(out io.Writer, doc *model.Document) error {
	w := &Writer{Writer: getBuf(out), r: r, doc: doc}
	defer putBuf(w.Writer)
	if !r.opts.NoTOC && wantTOC(doc) {
		// Where MediaWiki puts it: where __TOC__ stood, else before the
		// first heading (after the page's introduction).
		w.toc, w.tocOffset = doc, doc.TOCOffset
		if !doc.Switches["TOC"] {
			for h := range doc.Root.FindAll(model.KindHeading) {
				w.tocHeading = h
				break
			}
		}
	}
	r.walk(w, doc.Root)
	if w.toc != nil {
		// Its place was inside something written whole.
		r.writeTOC(w, w.toc)
	}
	return w.Flush()
}

// RenderNode writes one node and its descendants.
func (r *Renderer) RenderNode(out io.Writer, n *model.Node) error {
	w := &Writer{Writer: getBuf(out), r: r, pre: preAround(n)}
	defer putBuf(w.Writer)
	r.walk(w, n)
	return w.Flush()
}

// RenderChildren writes n's children (not n itself).
func (r *Renderer) RenderChildren(out io.Writer, n *model.Node) error {
	w := &Writer{Writer: getBuf(out), r: r, pre: preAround(n)}
	if n.Tag == "pre" {
		w.pre++
	}
	defer putBuf(w.Writer)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.walk(w, c)
	}
	return w.Flush()
}

func (r *Renderer) walk(w *Writer, n *model.Node) {
	var skipped *model.Node
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if !entering && c == skipped {
			// The entering call wrote the whole node.
			skipped = nil
			return model.WalkContinue
		}
		if w.toc != nil && entering && (c == w.tocHeading || w.tocHeading == nil && c.Pos >= w.tocOffset) {
			doc := w.toc
			w.toc = nil
			r.writeTOC(w, doc)
		}
		pre := c.Tag == "pre"
		if pre && !entering {
			w.pre-- // its own end is not inside it
		}
		f := r.funcs[c.Kind]
		if f != nil && !f(w, c, entering) && entering {
			skipped = c
			return model.WalkSkipChildren
		}
		if pre && entering {
			w.pre++
		}
		return model.WalkContinue
	})
}

func renderTransparent(*Writer, *model.Node, bool) bool { return true }

func renderText(w *Writer, n *model.Node, entering bool) bool {
	if entering {
		w.Text(n.Text)
	}
	return true
}

// renderError writes a visible error: its children when it has some (the
// template-loop message links the template), else its text.
func renderError(w *Writer, n *model.Node, entering bool) bool {
	if n.FirstChild != nil {
		if entering {
			w.WriteString(`<span class="error">`)
		} else {
			w.WriteString(`</span>`)
		}
		return true
	}
	if entering {
		w.WriteString(`<span class="error">`)
		w.Text(n.Text)
		w.WriteString(`</span>`)
	}
	return false
}

// Text writes escaped text.
func (w *Writer) Text(s string) {
	last := 0
	for i := 0; i < len(s); i++ {
		if !textSpecial[s[i]] {
			continue
		}
		var rep string
		switch s[i] {
		case '&':
			rep = "&amp;"
		case '<':
			rep = "&lt;"
		case '>':
			rep = "&gt;"
		case 0xc2:
			if i+1 < len(s) && s[i+1] == 0xa0 {
				w.WriteString(s[last:i])
				w.WriteString("&#160;")
				i++
				last = i + 1
			}
			continue
		case 0xef, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4:
			// Noncharacters are written as references, as MediaWiki
			// leaves them.
			r, size := utf8.DecodeRuneInString(s[i:])
			if r&0xfffe == 0xfffe || r >= 0xfdd0 && r <= 0xfdef {
				w.WriteString(s[last:i])
				w.WriteString("&#x" + strconv.FormatInt(int64(r), 16) + ";")
				i += size - 1
				last = i + 1
			}
			continue
		default:
			continue
		}
		w.WriteString(s[last:i])
		w.WriteString(rep)
		last = i + 1
	}
	w.WriteString(s[last:])
}

// textSpecial marks the bytes Text looks at: the rest are written as they
// are.
var textSpecial = func() (t [256]bool) {
	for _, c := range []byte{'&', '<', '>', 0xc2, 0xef, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4} {
		t[c] = true
	}
	return t
}()

// Attr writes ` name="value"` with the value escaped.
func (w *Writer) Attr(name, value string) {
	w.WriteByte(' ')
	w.WriteString(name)
	w.WriteString(`="`)
	w.WriteString(EscapeAttr(value))
	w.WriteByte('"')
}

// EscapeAttr escapes an attribute value.
func EscapeAttr(s string) string {
	if !strings.ContainsAny(s, `&<>"'`) {
		return s
	}
	return attrEscaper.Replace(s)
}

var attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

// outputTags are the elements the renderer writes; anything else is
// written as its children only.
var outputTags = map[string]bool{}

func init() {
	for t := range strings.FieldsSeq(`b bdi del i ins u font big small sub sup h1 h2 h3 h4 h5 h6 cite code em s
		strike strong tt var div center blockquote ol ul dl table caption pre ruby rb rp rt rtc p span abbr dfn kbd
		samp data time mark br wbr hr li dt dd meta link tr td th q bdo figure figcaption`) {
		outputTags[t] = true
	}
	for name, f := range tagFlags() {
		tagFlagTable.Add(name, f)
	}
}

// tagFlagTable holds the flags of the tags the renderer knows: they are
// looked up twice per element rendered.
var tagFlagTable tagtable.Table[uint8]

// lookupTagFlags returns the flags of the tag name.
func lookupTagFlags(name string) uint8 { return tagFlagTable.Flags(name) }

var voidTags = map[string]bool{"br": true, "wbr": true, "hr": true, "meta": true, "link": true, "img": true}

// safeAttr reports whether an attribute may be written: event handlers and
// URL-carrying attributes never are (links get their href from the
// Linker).
func safeAttr(name, value string) bool {
	l := strings.ToLower(name)
	if strings.HasPrefix(l, "on") || l == "href" || l == "src" || l == "srcset" || l == "action" || l == "formaction" {
		return false
	}
	if l == "style" {
		v := strings.ToLower(value)
		for _, bad := range []string{"url(", "expression", "javascript:", "image(", "image-set(", "src(", "-moz-binding", "behavior"} {
			if strings.Contains(v, bad) {
				return false
			}
		}
	}
	return true
}

// writeLegacyAnchor writes, first in a heading whose id has characters
// the legacy encoding escapes, an empty element with the id in that
// encoding, as MediaWiki does by default ($wgFragmentMode html5 then
// legacy): links made to the heading before ids were HTML5 ("#Q.26A",
// "#.C3.89lan") still land on it. In a document the legacy ids are
// numbered as MediaWiki numbers them (legacyIDs); a part written alone
// (RenderNode) has its id's legacy encoding.
func writeLegacyAnchor(w *Writer, n *model.Node) {
	id, ok := n.Attr("id")
	if !ok || id == "" {
		return
	}
	legacy := LegacyAnchor(id)
	if legacy == id {
		// Nor has the text it was made from (a number adds "_" and
		// digits, which the encoding keeps): most headings, without a
		// look at the others.
		return
	}
	if w.doc != nil {
		if w.legacyIDs == nil {
			w.legacyIDs = legacyIDs(w.doc)
		}
		if legacy, ok = w.legacyIDs[n]; !ok {
			return
		}
	}
	w.WriteString(`<span`)
	w.Attr("id", w.r.opts.ContentID(legacy))
	w.WriteString(`></span>`)
}

// legacySafe reports whether the legacy encoding keeps byte c as it is.
func legacySafe(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-' || c == ':'
}

// legacyIDs gives the legacy id of each heading of doc that has one, as
// MediaWiki's Parser::finalizeHeadings (1.39) numbers them: the headings
// in order, the legacy encoding of the heading's text, numbered "_2",
// "_3"… when it is already taken by a heading's id or legacy id before
// it, compared as PHP's strtolower does (ASCII letters only). The text of
// a heading whose id the parser numbered ("Élan_2" after "Élan") is the
// text without the number: ".C3.89lan_3" when ".C3.89lan_2" is taken, as
// MediaWiki numbers the two encodings each on its own.
//
// MediaWiki numbers a heading's id when it is an earlier legacy id ("Q&A"
// then "Q.26A" make Q.26A_2); the ids are the parser's, so a legacy id
// that is a heading's id, whatever its case, is left out instead (two
// elements would have one id).
func legacyIDs(doc *model.Document) map[*model.Node]string {
	var headings []*model.Node
	ids := map[string]bool{} // every heading's id, lower case
	for h := range doc.Root.FindAll(model.KindHeading) {
		headings = append(headings, h)
		if id, ok := h.Attr("id"); ok {
			ids[model.LowerASCII(id)] = true
		}
	}
	out := map[*model.Node]string{}
	refers := map[string]bool{} // ids and legacy ids so far, lower case as PHP's
	before := map[string]bool{} // ids so far, lower case as the parser compares them
	last := map[string]int{}    // for a legacy id numbered, the last number it took
	for _, h := range headings {
		id, _ := h.Attr("id")
		// The text the id was made from: the id, unless the parser
		// numbered it (not the heading's own text, but an earlier
		// heading's id and a number).
		text := id
		if base, ok := numberedBase(id); ok && before[strings.ToLower(base)] && textID(h) != id {
			text = base
		}
		before[strings.ToLower(id)] = true
		refers[model.LowerASCII(id)] = true
		legacy := LegacyAnchor(text)
		if legacy == text {
			continue
		}
		if key := model.LowerASCII(legacy); refers[key] {
			// The set only grows: the search starts after the number
			// the key took last, so that n equal headings are
			// numbered in linear time.
			k := max(last[key], 1) + 1
			for refers[key+"_"+strconv.Itoa(k)] {
				k++
			}
			last[key] = k
			legacy += "_" + strconv.Itoa(k)
		}
		refers[model.LowerASCII(legacy)] = true
		if !ids[model.LowerASCII(legacy)] {
			out[h] = legacy
		}
	}
	return out
}

// textID is the id the parser makes of a heading's text before it is
// numbered: its words joined by "_", a run of spaces and underscores one
// (Sanitizer::normalizeSectionNameWhitespace: "Q&A__2" and "Q&A _2" are
// "Q&A_2"), bidi marks left out (the title codec). A heading "Q&A_2"
// after "Q&A" has its own text's id, where a second "Q&A" has a number.
func textID(h *model.Node) string {
	text := strings.Map(func(r rune) rune {
		if r == '\u200e' || r == '\u200f' || '\u202a' <= r && r <= '\u202e' {
			return -1
		}
		return r
	}, model.PlainText(h))
	return strings.Join(strings.FieldsFunc(text, func(r rune) bool { return r == '_' || unicode.IsSpace(r) }), "_")
}

// numberedBase is the id a numbered id ("Scoring_2") was made from
// ("Scoring"): the id without its "_" and number of 2 or more.
func numberedBase(id string) (string, bool) {
	i := strings.LastIndexByte(id, '_')
	if i < 0 || i+1 == len(id) || id[i+1] == '0' {
		return "", false
	}
	for _, c := range []byte(id[i+1:]) {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	if id[i+1:] == "1" {
		return "", false
	}
	return id[:i], true
}

// LegacyAnchor is MediaWiki's legacy encoding of a heading's id
// (Sanitizer::escapeIdForAttribute in 'legacy' mode): PHP's urlencode,
// with "%3A" back to ":" and every other "%" made ".".
func LegacyAnchor(id string) string {
	const hex = "0123456789ABCDEF"
	safe := 0
	for safe < len(id) && legacySafe(id[safe]) {
		safe++
	}
	if safe == len(id) {
		return id // most headings: no copy
	}
	var b strings.Builder
	b.Grow(len(id) + 8)
	b.WriteString(id[:safe])
	id = id[safe:]
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case legacySafe(c):
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('_')
		default:
			b.WriteByte('.')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

func renderElement(w *Writer, n *model.Node, entering bool) bool {
	tag := n.Tag
	f := lookupTagFlags(tag) // one look-up for the three questions below
	if f&tagOutput == 0 {
		return true // children only
	}
	if entering {
		w.WriteByte('<')
		w.WriteString(tag)
		for _, a := range n.Attrs() {
			if safeAttr(a.Name, a.Value) {
				if strings.EqualFold(a.Name, "id") {
					w.Attr(a.Name, w.r.opts.ContentID(a.Value))
					continue
				}
				w.Attr(a.Name, a.Value)
			}
		}
		if f&tagVoid != 0 {
			w.WriteString(" />")
			return false
		}
		w.WriteByte('>')
		if n.Kind == model.KindHeading {
			writeLegacyAnchor(w, n)
		}
		if tag == "table" {
			w.r.renderTableBody(w, n)
			w.WriteString("</table>")
			if w.pre == 0 {
				// Inside a <pre> a newline would be text.
				w.WriteByte('\n')
			}
			return false
		}
		return true
	}
	if f&tagVoid != 0 {
		return true
	}
	w.WriteString("</")
	w.WriteString(tag)
	w.WriteString(">")
	// A newline between blocks makes the output readable; it must not
	// add a space to text, so none goes before text or inline content.
	if f&tagBlock != 0 && (n.NextSibling == nil || n.NextSibling.Kind != model.KindText && blockTags[n.NextSibling.Tag]) && w.pre == 0 {
		w.WriteByte('\n')
	}
	return true
}

// Tag flags: outputTags, voidTags and blockTags in one map.
const (
	tagOutput = 1 << iota
	tagVoid
	tagBlock
)

func tagFlags() map[string]uint8 {
	m := map[string]uint8{}
	for t := range outputTags {
		m[t] |= tagOutput
	}
	for t := range voidTags {
		m[t] |= tagVoid
	}
	for t := range blockTags {
		m[t] |= tagBlock
	}
	return m
}

// blockTags are the elements after which a newline is insignificant.
var blockTags = map[string]bool{"p": true, "li": true, "dd": true, "dt": true, "tr": true, "td": true, "th": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "ul": true, "ol": true, "dl": true,
	"table": true, "div": true, "blockquote": true, "pre": true, "caption": true, "figure": true, "center": true, "hr": true}

// preAround counts the <pre> elements among n's ancestors.
func preAround(n *model.Node) int {
	k := 0
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Tag == "pre" {
			k++
		}
	}
	return k
}

// safeSchemes are the URL schemes a link may use: MediaWiki's default
// $wgUrlProtocols. None of them runs code; javascript:, data:, vbscript:
// and every scheme not listed are refused.
var safeSchemes = []string{"http://", "https://", "mailto:", "//", "ftp://", "ftps://", "irc://", "ircs://",
	"news:", "nntp://", "tel:", "sms:", "sip:", "sips:", "xmpp:", "geo:", "magnet:", "matrix:", "urn:",
	"bitcoin:", "git://", "gopher://", "mms://", "redis://", "sftp://", "ssh://", "svn://", "telnet://", "worldwind://"}

// renderTableBody writes a table's content: captions where they are, rows
// grouped in <tbody> (a caption may not sit inside one).
func (r *Renderer) renderTableBody(w *Writer, n *model.Node) {
	open := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Kind {
		case model.KindRow:
			if !open {
				w.WriteString("<tbody>")
				open = true
			}
		case model.KindCaption:
			if open {
				w.WriteString("</tbody>")
				open = false
			}
		}
		r.walk(w, c)
	}
	if open {
		w.WriteString("</tbody>")
	}
}

// SafeURL reports whether a URL may be used as a link target: one of
// safeSchemes, or relative; never javascript:, data: or anything else.
func SafeURL(u string) bool {
	t := strings.TrimSpace(u)
	for i := 0; i < len(t); i++ {
		if t[i] >= utf8.RuneSelf {
			// Lowercasing may turn a letter outside ASCII into one of
			// a scheme's (K, the Kelvin sign, into k): compare as the
			// browser's lowercase would not, but as this always has.
			return safeURL(strings.ToLower(t))
		}
	}
	// ASCII, as nearly every URL is: lowercase without a copy.
	return safeURL(t)
}

// safeURL is SafeURL of a trimmed URL, lowercase but for ASCII letters.
func safeURL(l string) bool {
	for _, s := range safeSchemes {
		// The schemes are ASCII: a prefix of l that holds a rune
		// outside it has fewer runes than the scheme, so EqualFold
		// matches only ASCII letters, of either case.
		if len(l) >= len(s) && strings.EqualFold(l[:len(s)], s) {
			return true
		}
	}
	// Relative: no scheme before the first '/', '?' or '#'.
	end := strings.IndexAny(l, "/?#")
	if end < 0 {
		end = len(l)
	}
	if strings.IndexByte(l[:end], ':') >= 0 {
		return false
	}
	for i := 0; i < len(l); i++ {
		if l[i] < 0x20 {
			return false
		}
	}
	return true
}

func (r *Renderer) renderLink(w *Writer, n *model.Node, entering bool) bool {
	if !entering {
		w.WriteString("</a>")
		return true
	}
	li := n.Link()
	if li == nil {
		li = &model.LinkInfo{}
	}
	href := r.opts.Linker.PageURL(li.Target, li.Fragment)
	w.WriteString("<a")
	if SafeURL(href) {
		w.Attr("href", href)
	}
	title := li.Target
	if li.Target != "" && !r.opts.Linker.PageExists(li.Target) {
		w.Attr("class", "new")
		title += " (page does not exist)"
	}
	if title != "" {
		w.Attr("title", title)
	}
	w.WriteByte('>')
	return true
}

func renderExtLink(w *Writer, n *model.Node, entering bool) bool {
	if !entering {
		w.WriteString("</a>")
		return true
	}
	li := n.Link()
	if li == nil {
		li = &model.LinkInfo{}
	}
	class := "external text"
	switch {
	case li.Free:
		class = "external free"
	case li.Autonumber:
		class = "external autonumber"
	}
	w.WriteString(`<a rel="nofollow"`)
	w.Attr("class", class)
	if SafeURL(li.URL) {
		w.Attr("href", li.URL)
	}
	w.WriteByte('>')
	return true
}

// defaultThumbWidth is the width of a thumbnail or frameless image without
// a size: MediaWiki's default (the 300px of $wgThumbLimits its default
// user option picks), times upright= (0.75 alone), rounded to tens.
const defaultThumbWidth = 300

// imageParams are an image's options, read as MediaWiki's makeImage does.
type imageParams struct {
	alt            string
	hasAlt         bool
	width, height  string // from "200px", "200x100px", "x100px"
	format         string // "thumb", "frame", "frameless" or ""
	halign, valign string
	border         bool
	upright        float64 // 0: none
	link           string
	hasLink        bool
	class          string
}

func readImageParams(opts []string) imageParams {
	var p imageParams
	for _, o := range opts {
		// The parser keeps an option only as MediaWiki spells it
		// (case-sensitive): it is compared as it is.
		o = strings.TrimSpace(o)
		switch {
		case strings.HasPrefix(o, "alt="):
			p.alt, p.hasAlt = o[4:], true
		case strings.HasPrefix(o, "link="):
			p.link, p.hasLink = strings.TrimSpace(o[5:]), true
		case strings.HasPrefix(o, "class="):
			p.class = o[6:]
		case o == "thumb" || o == "thumbnail" || strings.HasPrefix(o, "thumb=") || strings.HasPrefix(o, "thumbnail="):
			p.format = "thumb"
		case o == "frame" || o == "framed" || o == "enframed":
			p.format = "frame"
		case o == "frameless":
			p.format = "frameless"
		case o == "left" || o == "right" || o == "center" || o == "none":
			p.halign = o
		case o == "centre":
			p.halign = "center"
		case o == "baseline" || o == "middle" || o == "sub" || o == "super" || o == "top" || o == "text-top" ||
			o == "bottom" || o == "text-bottom":
			p.valign = o
		case o == "sup":
			p.valign = "super"
		case o == "border":
			p.border = true
		case o == "upright":
			p.upright = 0.75
		case strings.HasPrefix(o, "upright=") || strings.HasPrefix(o, "upright "):
			if v, err := strconv.ParseFloat(strings.TrimSpace(o[len("upright="):]), 64); err == nil && v > 0 {
				p.upright = v
			}
		case strings.HasSuffix(o, "px"):
			// 200px, 200x100px, x100px
			w, h, _ := strings.Cut(strings.TrimSpace(strings.TrimSuffix(o, "px")), "x")
			p.width, p.height = strings.TrimSpace(w), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(h), "px"))
		}
	}
	return p
}

// px reads a size in pixels; 0 when there is none.
func px(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// imgSize is how an image of the wiki is sized, without knowing the
// file's own size: a width alone is its width (MediaWiki scales an inline
// image up to it); a thumbnail or frameless image is at most its width
// (the default one when none is given) and never scaled up, as
// MediaWiki's are; a box (200x100px, a gallery's) or a height alone is
// fitted into with the image's proportions kept. A frame is the file's
// own size. The attributes are width= and style=; a thumbnail of the
// default size has neither (the style sheet sizes it).
func (p imageParams) imgSize() (width, style string) {
	if p.format == "frame" {
		return "", ""
	}
	wpx, hpx := px(p.width), px(p.height)
	if p.format == "thumb" || p.format == "frameless" {
		if wpx == 0 && hpx == 0 && p.upright == 0 {
			// The default size: the style sheet's (.wiki-figure and
			// .wiki-frameless cap their picture at defaultThumbWidth).
			return "", ""
		}
		if wpx == 0 {
			wpx = defaultThumbWidth
			if p.upright > 0 {
				wpx = int(math.Round(float64(wpx)*p.upright/10)) * 10
			}
		}
	} else if hpx == 0 {
		if wpx > 0 {
			return strconv.Itoa(wpx), ""
		}
		return "", ""
	}
	var parts []string
	if wpx > 0 {
		parts = append(parts, "max-width:"+strconv.Itoa(wpx)+"px")
	}
	if hpx > 0 {
		parts = append(parts, "max-height:"+strconv.Itoa(hpx)+"px")
	}
	return "", strings.Join(parts, ";")
}

// classes are the class names of an image's element: base, then its
// frame (a thumbnail, the most common, has none: a figure of base alone
// is one), alignment and border, as MediaWiki names them, and its class=
// (names of letters, digits, - and _ only).
func (p imageParams) classes(base string) string {
	c := []string{base}
	switch p.format {
	case "frame":
		c = append(c, "wiki-frame")
	case "frameless":
		c = append(c, "wiki-frameless")
	case "":
		if base == "wiki-figure" {
			// Placed (left, right…) but not framed: its own size.
			c = append(c, "wiki-unframed")
		}
	}
	if p.halign != "" {
		c = append(c, "mw-halign-"+p.halign)
	}
	if p.valign != "" {
		c = append(c, "mw-valign-"+p.valign)
	}
	if p.border {
		c = append(c, "mw-image-border")
	}
	for _, name := range strings.Fields(p.class) {
		if strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") == "" {
			c = append(c, name)
		}
	}
	return strings.Join(c, " ")
}

// isURL reports whether a link= value is a URL (it begins with a scheme
// MediaWiki links), not a page title.
func isURL(v string) bool {
	for _, s := range safeSchemes {
		if len(v) >= len(s) && strings.EqualFold(v[:len(s)], s) {
			return true
		}
	}
	return false
}

func (r *Renderer) renderImage(w *Writer, n *model.Node, entering bool) bool {
	if !entering {
		return false
	}
	li := n.Link()
	if li == nil {
		li = &model.LinkInfo{}
	}
	p := readImageParams(li.Options)
	alt := p.alt
	caption := ""
	if n.FirstChild != nil {
		var sb strings.Builder
		r.RenderChildren(&sb, n)
		caption = sb.String()
	}
	captionText := ""
	if n.FirstChild != nil {
		// The caption's words as written (PlainText skips an image's
		// caption).
		var sb strings.Builder
		for c := range n.Descendants() {
			if c.Kind == model.KindText {
				sb.WriteString(c.Text)
			}
		}
		captionText = strings.Join(strings.Fields(sb.String()), " ")
	}
	// The alt text: given (even empty, as Parser::makeImage keeps it),
	// else the caption, else the file's name, as MediaWiki falls back to
	// it (an image is never without a text alternative).
	if !p.hasAlt {
		alt = captionText
		if alt == "" {
			alt = li.Target[strings.IndexByte(li.Target, ':')+1:]
		}
	}
	href := r.opts.Linker.PageURL(li.Target, "")
	src, exists := r.opts.Linker.FileURL(li.Target)
	exists = exists && SafeURL(src)
	img := func() {
		if exists {
			w.WriteString("<img")
			w.Attr("src", src)
			w.Attr("alt", alt)
			width, style := p.imgSize()
			if width != "" {
				w.Attr("width", width)
			}
			if style != "" {
				w.Attr("style", style)
			}
			w.WriteString(` loading="lazy" decoding="async" />`)
			return
		}
		// A file that is not there: a placeholder of the requested size
		// that reads, as MediaWiki's, the file's full title; the caption
		// or alt text is its accessible name.
		label := li.Target
		w.WriteString(`<span class="file-missing" role="img"`)
		w.Attr("aria-label", alt)
		if s := sizeStyle(p.width, p.height); s != "" {
			w.Attr("style", s)
		}
		w.WriteByte('>')
		w.Text(label)
		w.WriteString(`</span>`)
	}
	// linked writes the picture inside its link, as MediaWiki does: to
	// link= (a page, a URL, or nothing when it is empty), else to the
	// file's page.
	linked := func(title string) {
		switch {
		case p.hasLink && p.link == "":
			// No link: a <span> where the <a> would be, as MediaWiki
			// writes it.
			w.WriteString("<span>")
			img()
			w.WriteString("</span>")
			return
		case p.hasLink && isURL(p.link):
			if !SafeURL(p.link) {
				img()
				return
			}
			w.WriteString(`<a rel="nofollow" class="external"`)
			w.Attr("href", p.link)
		case p.hasLink:
			page, frag, _ := strings.Cut(p.link, "#")
			// The parser keeps link= a page by its normalized title, read
			// by the wiki's rules.
			page = strings.TrimSpace(page)
			u := r.opts.Linker.PageURL(page, strings.TrimSpace(frag))
			if !SafeURL(u) {
				img()
				return
			}
			w.WriteString(`<a`)
			w.Attr("href", u)
			if page != "" {
				if !r.opts.Linker.PageExists(page) {
					w.Attr("class", "new")
				}
				w.Attr("title", page)
			}
		default:
			if !SafeURL(href) {
				img()
				return
			}
			w.WriteString(`<a`)
			w.Attr("href", href)
			if title != "" {
				w.Attr("title", title)
			}
		}
		w.WriteByte('>')
		img()
		w.WriteString("</a>")
	}
	if !exists && n.Tag != "figure" && SafeURL(href) {
		w.WriteString(`<span class="wiki-image"><a class="file-missing-link"`)
		w.Attr("href", href)
		w.Attr("title", li.Target)
		w.WriteByte('>')
		img()
		w.WriteString("</a></span>")
		return false
	}
	if n.Tag == "figure" {
		w.WriteString(`<figure`)
		if exists {
			w.Attr("class", p.classes("wiki-figure"))
		} else {
			// A placeholder stays where it is written, at the
			// left, whatever the picture's place.
			w.Attr("class", "wiki-figure")
		}
		w.WriteByte('>')
		if exists {
			linked("")
		} else if SafeURL(href) {
			w.WriteString(`<a`)
			w.Attr("href", href)
			w.WriteString(`>`)
			img()
			w.WriteString(`</a>`)
		} else {
			img()
		}
		// Always a caption, empty or not, as MediaWiki writes it.
		w.WriteString("<figcaption>")
		w.WriteString(caption)
		w.WriteString("</figcaption></figure>")
		return false
	}
	w.WriteString(`<span`)
	w.Attr("class", p.classes("wiki-image"))
	if alt != "" {
		w.Attr("title", alt)
	}
	w.WriteByte('>')
	if exists {
		linked(captionText)
	} else {
		img()
	}
	w.WriteString("</span>")
	return false
}

// InGalleryBox reports whether image n is the picture of a <gallery>'s
// box (div.thumb in li.gallerybox, as the parser writes a gallery).
func InGalleryBox(n *model.Node) bool {
	p := n.Parent
	if p == nil || p.Tag != "div" || p.Parent == nil {
		return false
	}
	c, _ := p.Attr("class")
	b, _ := p.Parent.Attr("class")
	return c == "thumb" && b == "gallerybox"
}

// wantTOC applies MediaWiki's rule: a table of contents for four or more
// headings, unless __NOTOC__; with __FORCETOC__ or __TOC__ for any.
func wantTOC(doc *model.Document) bool {
	if doc.Switches["NOTOC"] {
		return false
	}
	forced := doc.Switches["FORCETOC"] || doc.Switches["TOC"]
	n := 0
	for range doc.Root.FindAll(model.KindHeading) {
		// A page without headings has no contents to list, forced or not.
		if n++; n >= 4 || forced {
			return true
		}
	}
	return false
}

// TOCEntry is one heading in a table of contents.
type TOCEntry struct {
	Level  int
	Number string // "1", "1.2"
	Title  string // the heading's plain text
	// HTML is the heading as MediaWiki's table of contents writes it,
	// with the inline formatting it keeps (tocLine); Renderer.TOC fills
	// it, TOC leaves it empty. WriteTOCList writes it, when not empty,
	// instead of Title.
	HTML string
	ID   string // the heading's id, without Options.ContentID's prefixes
}

// TOC lists the document's section headings with MediaWiki's numbering.
func TOC(doc *model.Document) []TOCEntry { return toc(doc, nil) }

// TOC is the package's TOC with each entry's HTML: its heading's line as
// MediaWiki writes it, from the heading written by r.
func (r *Renderer) TOC(doc *model.Document) []TOCEntry { return toc(doc, r.tocLine) }

// toc lists the document's headings; line, when not nil, gives each
// entry's HTML.
func toc(doc *model.Document, line func(h *model.Node) string) []TOCEntry {
	// One walk of the tree gathers the headings (on the stack for up to
	// 64 of them), so that the list is allocated once: the walk is most
	// of the cost (a page has hundreds of nodes, a few headings), and a
	// walk to count them first cost as much again.
	var buf [64]*model.Node
	headings := buf[:0]
	for c := doc.Root; c != nil; c = model.Next(doc.Root, c) {
		if c.Kind == model.KindHeading {
			headings = append(headings, c)
		}
	}
	if len(headings) == 0 {
		return nil
	}
	out := make([]TOCEntry, 0, len(headings))
	var counters []int
	var levels []int
	var num []byte
	for _, h := range headings {
		lvl := int(h.Level)
		for len(levels) > 0 && levels[len(levels)-1] > lvl {
			levels = levels[:len(levels)-1]
			counters = counters[:len(counters)-1]
		}
		if len(levels) > 0 && levels[len(levels)-1] == lvl {
			counters[len(counters)-1]++
		} else {
			levels = append(levels, lvl)
			counters = append(counters, 1)
		}
		num = num[:0]
		for i, c := range counters {
			if i > 0 {
				num = append(num, '.')
			}
			num = strconv.AppendInt(num, int64(c), 10)
		}
		id, _ := h.Attr("id")
		e := TOCEntry{Level: len(levels), Number: string(num), Title: model.PlainText(h), ID: id}
		if line != nil {
			e.HTML = line(h)
		}
		out = append(out, e)
	}
	return out
}

func (r *Renderer) writeTOC(w *Writer, doc *model.Document) {
	w.WriteString(`<div id="toc" class="toc" role="navigation" aria-labelledby="mw-toc-heading"><div class="toctitle"><h2 id="mw-toc-heading">`)
	w.Text(r.opts.TOCTitle)
	w.WriteString("</h2></div>\n")
	entries := r.TOC(doc)
	for i := range entries {
		// The headings are written with their ids as the content's.
		entries[i].ID = r.opts.ContentID(entries[i].ID)
	}
	WriteTOCList(w, entries)
	w.WriteString("</div>\n")
}

// tocLine is heading h's line in a table of contents, as MediaWiki's
// Parser::finalizeHeadings (1.39) makes it from the heading's HTML: of
// the tags only sup, sub, bdi, i, b, s, strike, q and span are kept, all
// but q without their attributes (a span keeps a dir="rtl" or "ltr" that
// comes first), so links and images leave their text, footnote markers
// their "[1]"; then an empty span (an extra anchor) is dropped and the
// line trimmed.
func (r *Renderer) tocLine(h *model.Node) string {
	var sb strings.Builder
	r.RenderChildren(&sb, h)
	return tocLineOf(sb.String())
}

// tocLineOf is tocLine of a heading's HTML: MediaWiki's two regular
// expressions, over tags as the renderer writes them (text and attribute
// values have every '<' and '>' escaped).
func tocLineOf(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := strings.IndexByte(s, '>')
		if j < 0 || strings.IndexByte(s[:j], '\n') >= 0 {
			// No tag to the expressions, whose '.' stops at a line's
			// end: the '<' stays.
			b.WriteByte('<')
			s = s[1:]
			continue
		}
		b.WriteString(tocTag(s[1:j]))
		s = s[j+1:]
	}
	// What is left of <span id="x"></span>, an extra anchor: once, as
	// PHP's str_replace does (<span><span></span></span> keeps one).
	line := strings.ReplaceAll(b.String(), "<span></span>", "")
	return strings.Trim(line, " \t\n\r\x00\x0b") // PHP's trim
}

// tocTag is what a TOC line keeps of a tag whose text between '<' and '>'
// is tag.
func tocTag(tag string) string {
	name, rest := tag, ""
	if k := strings.IndexByte(tag, ' '); k >= 0 {
		name, rest = tag[:k], tag[k:]
	}
	slash := ""
	if strings.HasPrefix(name, "/") {
		name, slash = name[1:], "/"
	}
	switch name {
	case "sup", "sub", "bdi", "i", "b", "s", "strike":
		return "<" + slash + name + ">"
	case "span":
		// (?: dir="(?:rtl|ltr)")? right after the name, then the end or
		// a space.
		for _, dir := range []string{` dir="rtl"`, ` dir="ltr"`} {
			if rest == dir || strings.HasPrefix(rest, dir+" ") {
				return "<" + slash + "span" + dir + ">"
			}
		}
		return "<" + slash + "span>"
	case "q":
		// Allowed by the first expression, not rewritten by the
		// second: its attributes stay.
		return "<" + tag + ">"
	}
	return ""
}

// WriteTOCList writes entries as nested lists (each sub-list inside its
// parent's item).
func WriteTOCList(w io.Writer, entries []TOCEntry) {
	bw, ok := w.(*Writer)
	if !ok {
		bw = &Writer{Writer: bufio.NewWriter(w)}
		defer bw.Flush()
	}
	depth := 0
	for i, e := range entries {
		switch {
		case i == 0 || e.Level > depth:
			for depth < e.Level {
				bw.WriteString("<ul>")
				depth++
				if depth < e.Level {
					bw.WriteString("<li>")
				}
			}
		default:
			bw.WriteString("</li>")
			for depth > e.Level {
				bw.WriteString("</ul></li>")
				depth--
			}
		}
		bw.WriteString(`<li class="toclevel-`)
		bw.WriteString(strconv.Itoa(e.Level))
		bw.WriteString(`"><a href="#`)
		bw.WriteString(EscapeAttr(FragmentLink(e.ID)))
		bw.WriteString(`"><span class="tocnumber">`)
		bw.WriteString(e.Number)
		bw.WriteString(`</span> <span class="toctext">`)
		if e.HTML != "" {
			bw.WriteString(e.HTML)
		} else {
			bw.Text(e.Title)
		}
		bw.WriteString("</span></a>")
	}
	if depth > 0 {
		bw.WriteString("</li>")
		for depth > 1 {
			bw.WriteString("</ul></li>")
			depth--
		}
		bw.WriteString("</ul>\n")
	}
}

// FragmentLink is the fragment of a link to an element of id id, as
// MediaWiki writes it (Sanitizer::escapeIdForLink, $wgFragmentMode
// html5): the id as it is, but a '%' before two hex digits written "%25"
// ("100%25" for an id "100%25", "100%" for "100%"). A browser looks for
// the fragment as it is, then percent-decoded: percent-encoding more
// (url.PathEscape's "100%25" for "100%") would land on a heading whose id
// is the encoded form. The result is no attribute value yet: '&', '"'…
// are still to be escaped (EscapeAttr).
//
// One difference: an ASCII control character (a fragment [[#a%0Bb]] holds
// one) is percent-encoded, "#a%0Bb", where MediaWiki writes it as it is.
// A URL with a control character is one safeURL refuses (the link lost its
// href), and a browser reaches the same element by the decoded form.
func FragmentLink(id string) string {
	n := 0
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c == '%' && i+2 < len(id) && isHex(id[i+1]) && isHex(id[i+2]):
			n++
		case c < 0x20 || c == 0x7f:
			n++
		}
	}
	if n == 0 {
		return id // nearly every id
	}
	var b strings.Builder
	b.Grow(len(id) + 2*n)
	for i := 0; i < len(id); i++ {
		switch c := id[i]; {
		case c < 0x20 || c == 0x7f:
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
			continue
		}
		b.WriteByte(id[i])
		if id[i] == '%' && i+2 < len(id) && isHex(id[i+1]) && isHex(id[i+2]) {
			b.WriteString("25")
		}
	}
	return b.String()
}

// maxFragmentChars is the number of characters MediaWiki keeps of an id
// or a link's fragment (Sanitizer::escapeIdInternal).
const maxFragmentChars = 1024

// FragmentID is the id a link's fragment (a LinkInfo.Fragment, decoded)
// names, as MediaWiki makes it (Sanitizer::escapeIdInternal, html5): its
// first 1024 characters, each space, tab, line feed, form feed and
// carriage return an underscore. FragmentLink writes it in the link.
func FragmentID(fragment string) string {
	if len(fragment) > maxFragmentChars {
		n := 0
		for i := range fragment {
			if n == maxFragmentChars {
				fragment = fragment[:i]
				break
			}
			n++
		}
	}
	if strings.IndexAny(fragment, " \t\n\f\r") < 0 {
		return fragment
	}
	b := []byte(fragment)
	for i, c := range b {
		switch c {
		case ' ', '\t', '\n', '\f', '\r':
			b[i] = '_'
		}
	}
	return string(b)
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// sizeStyle is the CSS size of a placeholder for an image of the requested
// size ("600", "400"); "" when none was given.
func sizeStyle(width, height string) string {
	var parts []string
	if v, err := strconv.Atoi(width); err == nil && v > 0 {
		parts = append(parts, "width:"+strconv.Itoa(v)+"px")
	}
	if v, err := strconv.Atoi(height); err == nil && v > 0 {
		parts = append(parts, "height:"+strconv.Itoa(v)+"px")
	}
	return strings.Join(parts, ";")
}
