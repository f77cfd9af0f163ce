package parser

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// Expansion follows MediaWiki's PPFrame: a template call expands its
// arguments lazily in the caller's frame, looks the template up, and expands
// the template's own tree in a new frame holding the arguments. Everything a
// template writes maps, in the source map, to the range of the call in the
// page; an argument's text keeps the position where the page wrote it.

// frame is one level of expansion.
type frame struct {
	parent *frame
	src    string // text of the page or template being expanded
	title  string // the template's normalized title ("" for the page)
	depth  int
	top    bool // the page itself: literal text maps to its own offsets
	// callPos, callEnd: for template frames, the page range of the
	// outermost call, which everything expanded here maps to.
	callPos, callEnd int
	args             argTable
}

type frameArg struct {
	name     string
	nodes    []*ppNode
	owner    *frame // the frame the argument was written in
	trim     bool   // named arguments are trimmed, positional ones are not
	expanded *text
}

// argTable holds a call's arguments in one array: most calls have a few,
// and a map and an allocation per argument cost more than a scan. Calls
// with many arguments get an index, so that a template reading each of
// many arguments stays linear.
type argTable struct {
	list  []frameArg
	index map[string]int
}

// argIndexFrom is the number of arguments from which a table is indexed.
const argIndexFrom = 16

// get returns the argument called name, nil if there is none; of
// arguments with the same name the last one counts, as in MediaWiki.
func (t *argTable) get(name string) *frameArg {
	if t.index != nil {
		if i, ok := t.index[name]; ok {
			return &t.list[i]
		}
		return nil
	}
	for i := len(t.list) - 1; i >= 0; i-- {
		if t.list[i].name == name {
			return &t.list[i]
		}
	}
	return nil
}

// The kinds of strip marker say when a marker is replaced: nowiki content
// after the block-level pass, everything else before tree building.
const (
	stripNowiki  = 'n'
	stripGeneral = 'g'
)

type strip struct {
	kind byte
	html *text
}

type expander struct {
	opts     *Options
	strips   []strip
	calls    []*model.TemplateCall
	diags    model.MsgList
	ppCache  map[string]ppCacheEntry
	outBytes int // bytes written by template expansions so far
	expands  int // template expansions so far
	limitHit bool
	cite     *citeState  // footnotes (<ref>), see cite.go
	ps       *parseState // the parse, for the passes Cite runs on notes
	// nesting is how many expand calls are open: titles, arguments and
	// bodies expanded inside one another.
	nesting int
	// spareOut are builders of template output already appended to the
	// text around the call: the next calls write into them.
	spareOut []*builder
	// titles are the template titles of the names called so far
	// (templateTitle): a page calls the same few templates again and
	// again ({{heart|…}} on every line), and a title takes two or three
	// allocations to make.
	titles map[string]cachedTitle
}

// server returns the wiki's server for {{SERVER}} and the full-URL
// functions used by node n of frame f. Without one they render as
// MediaWiki would with an empty $wgServer (a path, or nothing), which is
// wrong on any real wiki: each use is reported, not left silent (each, as
// every message is: a page parsed by parts reports what it reports whole).
func (e *expander) server(f *frame, n *ppNode) string {
	if e.opts.Server == "" {
		pos, end := callRange(f, n)
		e.diags.Add(pos, end, model.SevWarning, model.MsgNoServer, "the wiki's server is not set (--server, or the wiki URL): {{SERVER}} and full URLs are left without it")
	}
	return e.opts.Server
}

// callRange is where node n of frame f is on the page: its own range on
// the page, the call that brought it in a template.
func callRange(f *frame, n *ppNode) (pos, end int) {
	if !f.top {
		return f.callPos, f.callEnd
	}
	return n.pos, n.end
}

type cachedTitle struct {
	title string
	ok    bool
}

// templateTitle is templateTitle with the wiki's namespaces, remembered
// for the parse.
func (e *expander) templateTitle(name string) (string, bool) {
	if c, ok := e.titles[name]; ok {
		return c.title, c.ok
	}
	title, ok := templateTitle(e.opts.Namespaces, name)
	if e.titles == nil {
		e.titles = map[string]cachedTitle{}
	}
	e.titles[name] = cachedTitle{title, ok}
	return title, ok
}

// outBuilder returns a builder for a template's output.
func (e *expander) outBuilder() *builder {
	if k := len(e.spareOut); k > 0 {
		b := e.spareOut[k-1]
		e.spareOut = e.spareOut[:k-1]
		return b
	}
	return newBuilder(64)
}

// recycleOut keeps the builder of a template's output once it is copied
// into the text around the call; nothing may keep a string of it.
// TestRecycleChangesNothing overwrites it at once (poisonArrays).
func (e *expander) recycleOut(b *builder) {
	if noRecycle || len(e.spareOut) >= 16 || cap(b.b) > 64<<10 {
		return
	}
	if poisonArrays {
		buf := b.b[:cap(b.b)]
		for i := range buf {
			buf[i] = 0xFE
		}
	}
	b.b, b.segs = b.b[:0], b.segs[:0]
	e.spareOut = append(e.spareOut, b)
}

type ppCacheEntry struct {
	src   string
	nodes []*ppNode
	ok    bool
}

// Limits on expansion. They bound time and memory on hostile input (a
// template that calls itself twice per level doubles its output per level).
const (
	defaultMaxDepth     = 40
	defaultMaxExpands   = 50000
	defaultMaxOutput    = 8 << 20
	maxOutputPerSrcByte = 50
	// maxOutputBytes bounds the expanded text whatever the options say,
	// so that the passes' texts stay far below 2 GB (their source maps
	// hold 32-bit offsets; see seg).
	maxOutputBytes = 128 << 20
	// maxNesting bounds nested expansions, as MediaWiki's
	// $wgMaxPPExpandDepth (100) does: "{{{"×N…"}}}"×N nests N/3 argument
	// names, each expanded inside the next, which would otherwise take
	// time and stack in proportion to N² and N.
	maxNesting = 100
)

func (e *expander) maxOutput(srcLen int) int {
	if e.opts.MaxExpansionBytes > 0 {
		return min(e.opts.MaxExpansionBytes, maxOutputBytes)
	}
	return min(max(defaultMaxOutput, srcLen*maxOutputPerSrcByte), maxOutputBytes)
}

// markerFor writes a strip marker, in MediaWiki's format so that the later
// passes treat it as MediaWiki's would: not a title character, not a space,
// not part of a URL.
func markerFor(kind string, idx int) string {
	return markerPrefix + "-" + kind + "-" + fmt.Sprintf("%08X", idx) + markerSuffix
}

const markerPrefix = "\x7f'\"`UNIQ-"
const markerSuffix = "-QINU`\"'\x7f"

// emitText writes src[pos:end] of frame f.
func (e *expander) emitText(b *builder, f *frame, pos, end int) {
	if f.top {
		b.copySrc(f.src, pos, end)
	} else {
		b.gen(f.src[pos:end], f.callPos, f.callEnd)
	}
}

// emitGen writes generated text attributed to the node range [pos, end) of
// frame f.
func (e *expander) emitGen(b *builder, f *frame, s string, pos, end int) {
	if f.top {
		b.gen(s, pos, end)
	} else {
		b.gen(s, f.callPos, f.callEnd)
	}
}

func (e *expander) expand(nodes []*ppNode, f *frame, b *builder) {
	if e.nesting > maxNesting {
		if len(nodes) > 0 {
			span := &ppNode{pos: nodes[0].pos, end: nodes[len(nodes)-1].end}
			e.errorOut(b, f, span, model.MsgTemplateDepth, fmt.Sprintf("Expansion depth limit (%d) exceeded", maxNesting))
		}
		return
	}
	e.nesting++
	defer func() { e.nesting-- }()
	for _, n := range nodes {
		switch n.kind {
		case ppText, ppEquals:
			e.emitText(b, f, n.pos, n.end)
		case ppExt:
			e.extTag(n, f, b)
		case ppTemplate:
			e.template(n, f, b)
		case ppTplArg:
			e.tplArg(n, f, b)
		}
	}
}

// expandText expands nodes into a new text.
func (e *expander) expandText(nodes []*ppNode, f *frame) *text {
	// Plain text in one stretch of the frame's source (a template's name,
	// a card's rank): the text is that stretch, mapped as the builder
	// would map it, with no builder or copy (four allocations fewer for
	// a title or an argument, and every call has a title).
	if pos, end, ok := plainRun(nodes); ok && e.nesting <= maxNesting {
		if f.top {
			return oneSegText(f.src[pos:end], seg{n: int32(end - pos), src: int32(pos), srcEnd: int32(end)})
		}
		return oneSegText(f.src[pos:end], seg{n: int32(end - pos), src: int32(f.callPos), srcEnd: int32(f.callEnd), gen: true})
	}
	b := newBuilder(64)
	e.expand(nodes, f, b)
	return b.text()
}

// plainRun reports whether nodes are text (and equals signs) only, one
// after the other, and the range they cover.
func plainRun(nodes []*ppNode) (pos, end int, ok bool) {
	if len(nodes) == 0 {
		return 0, 0, false
	}
	pos, end = nodes[0].pos, nodes[0].pos
	for _, n := range nodes {
		if n.kind != ppText && n.kind != ppEquals || n.pos != end {
			return 0, 0, false
		}
		end = n.end
	}
	return pos, end, true
}

func (e *expander) expandString(nodes []*ppNode, f *frame) string {
	return e.expandText(nodes, f).s
}

// rawText writes nodes back as the source text they came from, for
// displaying a call that cannot be expanded.
func rawText(f *frame, pos, end int) string { return f.src[pos:end] }

func (e *expander) tplArg(n *ppNode, f *frame, b *builder) {
	titleText := e.expandText(n.title, f)
	name := strings.TrimSpace(titleText.s)
	if a := f.args.get(name); a != nil {
		b.appendText(e.argText(a))
		return
	}
	if len(n.parts) > 0 {
		// The default is everything after the first pipe, pipes included
		// in the first part only.
		e.expand(n.parts[0].allNodes(), f, b)
		return
	}
	// Written back with its name expanded, as virtualBracketedImplode.
	if raw := rawText(f, n.pos, n.end); len(raw) >= 6 && raw[3:len(raw)-3] == titleText.s {
		e.emitGen(b, f, raw, n.pos, n.end)
		return
	}
	e.implode(b, f, n, titleText)
}

// allNodes returns a part's nodes including a name and '=' if it had them.
func (p *ppPart) allNodes() []*ppNode {
	if p.name == nil {
		return p.value
	}
	out := make([]*ppNode, 0, len(p.name)+1+len(p.value))
	out = append(out, p.name...)
	out = append(out, &ppNode{kind: ppEquals, pos: p.eqposOffset(), end: p.eqposOffset() + 1})
	return append(out, p.value...)
}

// eqposOffset finds the source offset of the '=' of a named part.
func (p *ppPart) eqposOffset() int {
	if len(p.name) > 0 {
		return p.name[len(p.name)-1].end
	}
	return p.pos
}

func (e *expander) argText(a *frameArg) *text {
	if a.expanded == nil {
		t := e.expandText(a.nodes, a.owner)
		if a.trim {
			t = trimText(t)
		}
		a.expanded = t
	}
	return a.expanded
}

// trimText trims spaces from both ends of t, keeping the map.
func trimText(t *text) *text {
	from, to := 0, len(t.s)
	for from < to && isSpace(t.s[from]) {
		from++
	}
	for to > from && isSpace(t.s[to-1]) {
		to--
	}
	if from == 0 && to == len(t.s) {
		return t
	}
	if len(t.segs) == 1 {
		// One copied run or one generated one: its part is mapped
		// as the builder would map it.
		sg := t.segs[0]
		sg.n = int32(to - from)
		if !sg.gen {
			sg.src += int32(from)
			sg.srcEnd = sg.src + sg.n
		}
		return oneSegText(t.s[from:to], sg)
	}
	b := newBuilder(to - from)
	b.copy(t, from, to)
	return b.text()
}

// template expands {{…}}.
func (e *expander) template(n *ppNode, f *frame, b *builder) {
	titleText := e.expandText(n.title, f)
	name := strings.TrimSpace(titleText.s)
	var call *model.TemplateCall
	if f.top && !n.recorded {
		// A call in an argument may be expanded more than once; it is
		// recorded once. (The page's own nodes are this parse's.)
		n.recorded = true
		call = &model.TemplateCall{Pos: n.pos, End: n.end}
		e.calls = append(e.calls, call)
	}
	// On a normal parse, {{subst:…}} stays as written (it only acts when a
	// page is saved) and safesubst: expands like a plain call.
	if len(name) > 6 && strings.EqualFold(name[:6], "subst:") {
		if call != nil {
			call.Name = strings.TrimSpace(name[6:])
		}
		e.implode(b, f, n, titleText)
		return
	}
	if len(name) > 10 && strings.EqualFold(name[:10], "safesubst:") {
		name = strings.TrimSpace(name[10:])
	}
	out := e.outBuilder()
	start := func(tname string) {
		if call != nil {
			call.Name = tname
			call.Args = e.callArgs(n, f)
		}
	}
	// Variables and magic words without arguments.
	if len(n.parts) == 0 {
		if v, ok := e.variable(name, f); ok {
			if v == "" && isServerWord(name) {
				e.server(f, n)
			}
			start(name)
			markBuiltinCall(call)
			e.emitGen(out, f, v, n.pos, n.end)
			e.finishTemplate(n, f, b, out)
			return
		}
	}
	// The modifiers msgnw: (show the template's wikitext), msg: and raw:
	// (no effect without interwiki transclusion), as braceSubstitution
	// removes them.
	off := strings.Index(titleText.s, name) // where name starts in titleText
	nowiki := false
	if cutFold(&name, "msgnw:") {
		nowiki = true
		off += len("msgnw:")
	} else if cutFold(&name, "msg:") {
		off += len("msg:")
	}
	if cutFold(&name, "raw:") {
		off += len("raw:")
	}
	// Parser functions: {{#if:…|…}}, {{lc:…}}.
	if colon := strings.IndexByte(name, ':'); colon > 0 {
		if fn, ok := lookupFunction(name[:colon]); ok {
			start(name[:colon])
			markBuiltinCall(call)
			// The first argument is the rest of the title, with its map.
			first := firstArgText(titleText, off+colon)
			args := []pfArg{{text: first, trimmed: true}}
			for _, p := range n.parts {
				args = append(args, pfArg{part: p, frame: f})
			}
			pc := &pfCall{e: e, f: f, node: n, args: args, out: out}
			fn(pc)
			if !pc.notFound {
				e.finishTemplate(n, f, b, out)
				return
			}
			// Declined: on to templates, with what it wrote dropped.
			if call != nil {
				call.Builtin = false
			}
			e.recycleOut(out)
			out = e.outBuilder()
		}
	}
	names := e.opts.Namespaces
	title, ok := e.templateTitle(name)
	if !ok {
		// Not a valid title: MediaWiki writes the call out as text, with
		// its parts expanded.
		start(name)
		if call != nil {
			call.Unknown = true
		}
		e.implode(b, f, n, titleText)
		return
	}
	short := strings.TrimPrefix(title, names.Name(model.NSTemplate)+":")
	start(short)
	if f.depth >= e.maxDepth() {
		e.errorOut(b, f, n, model.MsgTemplateDepth, fmt.Sprintf("Template recursion depth limit (%d) exceeded at %s", e.maxDepth(), title))
		return
	}
	if e.limitHit || e.expands >= e.maxExpands() {
		e.limitHit = true
		e.errorOut(b, f, n, model.MsgTemplateSize, "Template expansion limit reached: "+title+" was not expanded")
		return
	}
	e.expands++
	src, nodes, found := e.lookup(title)
	if found {
		// A template that is a redirect transcludes its target.
		if target, ok := redirectTarget(names, src); ok {
			if t2, ok := templateTitle(names, target); ok {
				if s2, n2, ok := e.lookup(t2); ok {
					title, src, nodes = t2, s2, n2
				}
			}
		}
	}
	if !found && !nowiki {
		if bt, ok := builtinTemplates[strings.ToLower(short)]; ok {
			if call != nil {
				call.Builtin = true
			}
			args := e.frameArgs(n, f)
			bt(&builtinCall{e: e, f: f, node: n, args: args, out: out})
			e.finishTemplate(n, f, b, out)
			return
		}
	}
	for g := f; g != nil; g = g.parent {
		if g.title == title {
			e.errorOutWiki(b, f, n, model.MsgTemplateLoop, "Template loop detected: "+title, "Template loop detected: [["+title+"]]")
			return
		}
	}
	if !found {
		// MediaWiki links to the missing page (a red link).
		if call != nil {
			call.Unknown = true
		}
		pos, end := callRange(f, n)
		e.diags.Add(pos, end, model.SevWarning, model.MsgUnknownTemplate, "unknown template %q: no definition in the inputs or the template directory", short)
		link := "[[:" + title + "]]"
		if nowiki {
			link = escapeWikitext(link)
		}
		e.emitGen(out, f, link, n.pos, n.end)
		e.finishTemplate(n, f, b, out)
		return
	}
	if nowiki {
		e.emitGen(out, f, escapeWikitext(src), n.pos, n.end)
		e.finishTemplate(n, f, b, out)
		return
	}
	nf := &frame{parent: f, src: src, title: title, depth: f.depth + 1, args: e.frameArgs(n, f)}
	if f.top {
		nf.callPos, nf.callEnd = n.pos, n.end
	} else {
		nf.callPos, nf.callEnd = f.callPos, f.callEnd
	}
	e.expand(nodes, nf, out)
	e.finishTemplate(n, f, b, out)
}

// cutFold removes prefix from *s when *s starts with it, compared case
// insensitively (ASCII), and reports whether it did.
func cutFold(s *string, prefix string) bool {
	if len(*s) >= len(prefix) && strings.EqualFold((*s)[:len(prefix)], prefix) {
		*s = (*s)[len(prefix):]
		return true
	}
	return false
}

// markBuiltinCall marks a call as handled by wikirules itself (magic words
// and parser functions); c may be nil.
func markBuiltinCall(c *model.TemplateCall) {
	if c != nil {
		c.Builtin = true
	}
}

// finishTemplate applies MediaWiki's rule that output starting with block
// syntax starts a new line, checks the output budget and appends out to b.
func (e *expander) finishTemplate(n *ppNode, f *frame, b *builder, out *builder) {
	t := out.text()
	e.outBytes += len(t.s)
	if e.outBytes > e.maxOutput(len(f.src)) {
		e.limitHit = true
		e.errorOut(b, f, n, model.MsgTemplateSize, fmt.Sprintf("Template output limit (%d bytes) exceeded; the rest of the templates are not expanded", e.maxOutput(len(f.src))))
		return
	}
	if !n.lineStart && len(t.s) > 0 {
		switch t.s[0] {
		case ':', ';', '#', '*':
			e.emitGen(b, f, "\n", n.pos, n.pos)
		case '{':
			if strings.HasPrefix(t.s, "{|") {
				e.emitGen(b, f, "\n", n.pos, n.pos)
			}
		}
	}
	b.appendText(t)
	e.recycleOut(out)
}

func (e *expander) maxDepth() int {
	if e.opts.MaxTemplateDepth > 0 {
		return e.opts.MaxTemplateDepth
	}
	return defaultMaxDepth
}

func (e *expander) maxExpands() int {
	if e.opts.MaxTemplateCalls > 0 {
		return e.opts.MaxTemplateCalls
	}
	return defaultMaxExpands
}

// errorOut writes a visible error in place of a call and reports it.
func (e *expander) errorOut(b *builder, f *frame, n *ppNode, id model.MsgID, msg string) {
	pos, end := callRange(f, n)
	e.diags.Add(pos, end, model.SevError, id, "%s", msg)
	e.emitGen(b, f, `<span class="error">`+htmlEscape(msg)+`</span>`, n.pos, n.end)
}

// errorOutWiki is errorOut with a message written as wikitext (a link to
// the template), as MediaWiki's loop message is.
func (e *expander) errorOutWiki(b *builder, f *frame, n *ppNode, id model.MsgID, msg, wikitext string) {
	pos, end := callRange(f, n)
	e.diags.Add(pos, end, model.SevError, id, "%s", msg)
	e.emitGen(b, f, `<span class="error">`+wikitext+`</span>`, n.pos, n.end)
}

// lookup finds and preprocesses a template, caching the tree.
func (e *expander) lookup(title string) (string, []*ppNode, bool) {
	if c, ok := e.ppCache[title]; ok {
		return c.src, c.nodes, c.ok
	}
	var src string
	ok := false
	if e.opts.WikiTemplates != nil {
		src, ok = e.opts.WikiTemplates.Template(title)
	}
	var nodes []*ppNode
	if ok {
		nodes, _ = preprocess(src, true)
	}
	if e.ppCache == nil {
		e.ppCache = map[string]ppCacheEntry{}
	}
	e.ppCache[title] = ppCacheEntry{src: src, nodes: nodes, ok: ok}
	return src, nodes, ok
}

// frameArgs builds the argument table of a call.
func (e *expander) frameArgs(n *ppNode, f *frame) argTable {
	t := argTable{list: make([]frameArg, 0, len(n.parts))}
	idx := 0
	for _, p := range n.parts {
		if p.name == nil {
			idx++
			t.list = append(t.list, frameArg{name: strconv.Itoa(idx), nodes: p.value, owner: f})
			continue
		}
		name := strings.TrimSpace(e.expandString(p.name, f))
		t.list = append(t.list, frameArg{name: name, nodes: p.value, owner: f, trim: true})
	}
	if len(t.list) >= argIndexFrom {
		t.index = make(map[string]int, len(t.list))
		for i := range t.list {
			t.index[t.list[i].name] = i // the last one wins
		}
	}
	return t
}

// callArgs records a call's arguments as written in the page (calls in an
// argument stay as wikitext; their own records hold their expansion).
// Named arguments are trimmed, as MediaWiki trims them.
func (e *expander) callArgs(n *ppNode, f *frame) []model.TemplateArg {
	var out []model.TemplateArg
	idx := 0
	for _, p := range n.parts {
		if p.name == nil {
			idx++
			out = append(out, model.TemplateArg{Name: strconv.Itoa(idx), Value: nodesSource(f.src, p.value, p.pos, p.end), Positional: true})
			continue
		}
		// The name expanded ({{T|{{lc:X}}=v}} names "x"), but for one
		// holding an extension tag: expanding that again would add a
		// footnote or a strip item twice; its source is the name then.
		name := nodesSource(f.src, p.name, p.pos, p.eqposOffset())
		if !hasExtTag(p.name) {
			name = e.expandString(p.name, f)
		}
		out = append(out, model.TemplateArg{
			Name:  strings.TrimSpace(name),
			Value: strings.TrimSpace(nodesSource(f.src, p.value, p.eqposOffset()+1, p.end)),
		})
	}
	return out
}

// hasExtTag reports whether nodes hold an extension tag.
func hasExtTag(nodes []*ppNode) bool {
	for _, n := range nodes {
		if n.kind == ppExt {
			return true
		}
	}
	return false
}

// nodesSource returns the source text of nodes (from..to when there are
// none).
func nodesSource(src string, nodes []*ppNode, from, to int) string {
	if len(nodes) > 0 {
		from, to = nodes[0].pos, nodes[len(nodes)-1].end
	}
	if from > to || to > len(src) {
		return ""
	}
	return src[from:to]
}

// firstArgText returns the part of an expanded title after the colon at
// t.s[colon].
func firstArgText(t *text, colon int) *text {
	b := newBuilder(len(t.s) - colon)
	b.copy(t, colon+1, len(t.s))
	return trimText(b.text())
}

// templateTitle normalizes a template name to a full title as
// Title::newFromText(name, NS_TEMPLATE) does, by the wiki's namespace names
// and case rules (nil: the default ones): "heart" → "Template:Heart",
// ":Main Page" → "Main Page", "Foo&ndash;bar" → "Template:Foo–bar",
// "Foo#top" → "Template:Foo". A name that is no title ("#foo", "a<b>")
// reports false.
func templateTitle(names *model.Namespaces, name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, "<>[]{}|\x7f\n") {
		return "", false
	}
	t, rest, ok := splitTitle(names, name)
	if !ok || t.text == "" {
		return "", false
	}
	ns := t.ns
	if !t.forced && ns == model.NSMain {
		ns = model.NSTemplate
	}
	if len(rest) > 255 {
		return "", false
	}
	return names.Title(ns, caseName(names, ns, rest)), true
}

// extTag expands an extension tag into a strip marker.
func (e *expander) extTag(n *ppNode, f *frame, b *builder) {
	// The content as written, with its map.
	var content *text
	if f.top {
		content = newSourceText(n.ext.inner, n.ext.innerPos)
	} else {
		ib := newBuilder(len(n.ext.inner))
		ib.gen(n.ext.inner, f.callPos, f.callEnd)
		content = ib.text()
	}
	e.extTagContent(n, f, b, content)
}

// extTagContent renders an extension tag with the given content.
func (e *expander) extTagContent(n *ppNode, f *frame, b *builder, content *text) {
	var kind byte = stripGeneral
	var html *text
	// Content made by a template (#tag) may hold nowiki markers: their
	// text is part of the content. A footnote's text keeps its markers
	// (a <ref> inside {{#tag:ref|…}} is a footnote of its own): the text
	// is parsed when the list is written, and unstripped then.
	if strings.Contains(content.s, markerPrefix) && n.ext.name != "ref" {
		content = e.unstripText(content)
	}
	inner := func() *text { return content }
	innerEnd := n.ext.innerPos + len(n.ext.inner)
	switch n.ext.name {
	case "nowiki":
		kind = stripNowiki
		html = escapeNowiki(inner())
	case "pre":
		html = e.preTag(n, f, inner())
	case "syntaxhighlight", "source":
		var block bool
		html, block = e.codeTag(n, f, inner())
		if block {
			idx := len(e.strips)
			e.strips = append(e.strips, strip{kind: kind, html: html})
			e.emitGen(b, f, markerFor("block", idx), n.pos, n.end)
			return
		}
	case "ref":
		e.refTag(n, f, b, content)
		return
	case "references":
		e.referencesTag(n, f, b, content)
		return
	case "math":
		hb := newBuilder(len(n.ext.inner) + 40)
		e.emitGen(hb, f, `<code class="math">`, n.pos, n.ext.innerPos)
		hb.appendText(escapeAll(inner()))
		e.emitGen(hb, f, `</code>`, innerEnd, n.end)
		html = hb.text()
	case "gallery":
		// A gallery becomes wikitext (a list of image links) that the
		// later passes parse like the rest of the page, its templates
		// expanded first (MediaWiki parses each caption).
		wt := galleryWikitext(e.opts.Namespaces, content.s, n.ext.attrs)
		nodes, _ := preprocess(wt, false)
		nf := &frame{parent: f, src: wt, depth: f.depth + 1, callPos: n.pos, callEnd: n.end}
		if !f.top {
			nf.callPos, nf.callEnd = f.callPos, f.callEnd
		}
		e.expand(nodes, nf, b)
		return
	default:
		html = inner()
	}
	idx := len(e.strips)
	e.strips = append(e.strips, strip{kind: kind, html: html})
	name := "general"
	if n.ext.name == "pre" {
		name = "pre"
	} else if kind == stripNowiki {
		name = "nowiki"
	}
	e.emitGen(b, f, markerFor(name, idx), n.pos, n.end)
}

// escapeNowiki escapes < and > (entities stay: &amp; in nowiki is still an
// ampersand).
func escapeNowiki(t *text) *text {
	return replaceBytes(t, func(c byte) string {
		switch c {
		case '<':
			return "&lt;"
		case '>':
			return "&gt;"
		}
		return ""
	})
}

// escapeAll escapes <, > and & so the text shows exactly as written.
func escapeAll(t *text) *text {
	return replaceBytes(t, func(c byte) string {
		switch c {
		case '<':
			return "&lt;"
		case '>':
			return "&gt;"
		case '&':
			return "&amp;"
		}
		return ""
	})
}

// replaceBytes rewrites single bytes of t, keeping the map.
func replaceBytes(t *text, repl func(byte) string) *text {
	b := newBuilder(len(t.s) + 16)
	last := 0
	for i := 0; i < len(t.s); i++ {
		r := repl(t.s[i])
		if r == "" {
			continue
		}
		b.copy(t, last, i)
		b.genAt(r, t, i, i+1)
		last = i + 1
	}
	b.copy(t, last, len(t.s))
	return b.text()
}

// preTag renders <pre>: <nowiki> pairs inside are unwrapped, < and > are
// escaped, entities are kept.
func (e *expander) preTag(n *ppNode, f *frame, content *text) *text {
	// Remove <nowiki> and </nowiki> pairs.
	content = unwrapNowiki(content)
	hb := newBuilder(len(content.s) + 32)
	attrs := sanitizeAttrs(n.ext.attrs, "pre")
	e.emitGen(hb, f, "<pre"+attrs+">", n.pos, n.ext.innerPos)
	if preFormatWikitext(n.ext.attrs) && e.ps != nil {
		// <pre format="wikitext">: the content is wikitext, parsed
		// inline (no paragraphs), as CoreTagHooks::pre does.
		hb.appendText(e.unstripText(e.ps.inlineParse(content)))
	} else {
		hb.appendText(escapeNowiki(content))
	}
	e.emitGen(hb, f, "</pre>", n.end-6, n.end)
	return hb.text()
}

// preFormatWikitext reports a format="wikitext" attribute.
func preFormatWikitext(attrs string) bool {
	if !strings.Contains(attrs, "format") {
		return false
	}
	for _, a := range parseAttrs(attrs) {
		if a.name == "format" && strings.EqualFold(strings.TrimSpace(a.value), "wikitext") {
			return true
		}
	}
	return false
}

func unwrapNowiki(t *text) *text {
	low := strings.ToLower(t.s)
	if !strings.Contains(low, "<nowiki>") {
		return t
	}
	b := newBuilder(len(t.s))
	i := 0
	for {
		a := strings.Index(low[i:], "<nowiki>")
		if a < 0 {
			break
		}
		a += i
		z := strings.Index(low[a+8:], "</nowiki>")
		if z < 0 {
			break
		}
		z += a + 8
		b.copy(t, i, a)
		b.copy(t, a+8, z)
		i = z + 9
	}
	b.copy(t, i, len(t.s))
	return b.text()
}

func trimNewlines(t *text) *text {
	from, to := 0, len(t.s)
	for from < to && (t.s[from] == '\n' || t.s[from] == '\r') {
		from++
	}
	for to > from && (t.s[to-1] == '\n' || t.s[to-1] == '\r' || t.s[to-1] == ' ') {
		to--
	}
	b := newBuilder(to - from)
	b.copy(t, from, to)
	return b.text()
}

func safeToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '+' || c == '#') {
			return false
		}
	}
	return s != ""
}

// The escapers are built once: a strings.Replacer is costly to build and
// these run for every unknown template and generated attribute.
var (
	htmlEscaper     = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	htmlAttrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;", "[", "&#91;", "]", "&#93;", "{", "&#123;", "}", "&#125;", "|", "&#124;")
)

func htmlEscape(s string) string { return htmlEscaper.Replace(s) }

func htmlAttrEscape(s string) string { return htmlAttrEscaper.Replace(s) }

// implode writes a call back as text with its title and parts expanded,
// as MediaWiki's virtualBracketedImplode.
func (e *expander) implode(b *builder, f *frame, n *ppNode, title *text) {
	open, close := "{{", "}}"
	if n.kind == ppTplArg {
		open, close = "{{{", "}}}"
	}
	e.emitGen(b, f, open, n.pos, n.pos+len(open))
	b.appendText(title)
	for _, p := range n.parts {
		e.emitGen(b, f, "|", p.pos-1, p.pos)
		if p.name != nil {
			e.expand(p.name, f, b)
			e.emitGen(b, f, "=", p.eqposOffset(), p.eqposOffset()+1)
		}
		e.expand(p.value, f, b)
	}
	e.emitGen(b, f, close, n.end-len(close), n.end)
}

// redirectTarget recognises "#REDIRECT [[Target]]" (in any language).
func redirectTarget(names *model.Namespaces, src string) (string, bool) {
	t, _, _, ok := model.RedirectTargetIn(names, src)
	return ":" + t, ok
}

// unstripText replaces strip markers in t with their content.
func (e *expander) unstripText(t *text) *text { return e.unstripWith(t, newBuilderFor, 0) }

// unstripWith is unstripText writing into a builder from newB (the last
// pass of the main pipeline writes into the arrays of earlier ones), for
// the items of the given kind (0: all).
func (e *expander) unstripWith(t *text, newB func(*text, int) *builder, kind byte) *text {
	s := t.s
	if len(e.strips) == 0 || !strings.Contains(s, markerPrefix) {
		return t
	}
	b := newB(t, len(s)/4)
	last := 0
	for k, end := range markers(s) {
		if idx, ok := e.stripIndex(s, k, end); ok && (kind == 0 || e.strips[idx].kind == kind) {
			b.copy(t, last, k)
			b.appendText(e.strips[idx].html)
			last = end
		}
	}
	b.copy(t, last, len(s))
	return b.text()
}
