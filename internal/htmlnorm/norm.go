package htmlnorm

import (
	"html"
	"sort"
	"strings"
)

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		m[f] = true
	}
	return m
}

var (
	void  = set("br hr img input meta link wbr col area base embed source track param keygen")
	block = set(`address article aside blockquote body caption center col colgroup dd details dialog dir div
		dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend li main
		menu nav ol p pre section summary table tbody td tfoot th thead tr ul textarea listing xmp plaintext search`)
	closesP        = map[string]bool{}
	preLike        = set("pre textarea listing")
	tableCtx       = set("table tbody thead tfoot tr")
	tableOK        = set("caption colgroup col tbody thead tfoot tr td th script style template form input table")
	emptyDroppable = set("strong em s u small big font span sub sup code tt kbd samp var del ins strike mark q cite dfn abbr a")
	rename         = map[string]string{"b": "strong", "i": "em"}
	keepAttrs      = []string{"colspan", "rowspan"}
	urlProtocols   = []string{"bitcoin:", "ftp://", "ftps://", "geo:", "git://", "gopher://", "http://", "https://",
		"irc://", "ircs://", "magnet:", "mailto:", "matrix:", "mms://", "news:", "nntp://", "redis://", "sftp://",
		"sip:", "sips:", "sms:", "ssh://", "svn://", "tel:", "telnet://", "urn:", "worldwind://", "xmpp:", "//"}
)

func init() {
	for t := range block {
		switch t {
		case "body", "html", "caption", "col", "colgroup", "dd", "dt", "li", "tbody", "td", "tfoot", "th", "thead", "tr", "textarea":
		default:
			closesP[t] = true
		}
	}
	closesP["dd"], closesP["dt"], closesP["li"] = true, true, true
}

// node is an element (tag != "") or the root; children are *node or string.
type node struct {
	tag      string
	attrs    map[string]*string // nil value: attribute without value (the <a> marker)
	children []any
	parent   *node
}

type builder struct {
	root  *node
	stack []*node
}

func (b *builder) cur() *node { return b.stack[len(b.stack)-1] }

func (b *builder) openIndex(tags map[string]bool, stop map[string]bool) int {
	for k := len(b.stack) - 1; k > 0; k-- {
		t := b.stack[k].tag
		if tags[t] {
			return k
		}
		if stop[t] {
			return -1
		}
	}
	return -1
}

func (b *builder) closeTo(k int) { b.stack = b.stack[:k] }

func (b *builder) tableIndex() int {
	for k := len(b.stack) - 1; k > 0; k-- {
		if b.stack[k].tag == "table" {
			return k
		}
	}
	return -1
}

// foster inserts text or a node before the innermost open table.
func (b *builder) foster(item any) *node {
	k := b.tableIndex()
	table, parent := b.stack[k], b.stack[k-1]
	pos := 0
	for i, c := range parent.children {
		if c == any(table) {
			pos = i
			break
		}
	}
	if s, ok := item.(string); ok && pos > 0 {
		if prev, ok := parent.children[pos-1].(string); ok {
			parent.children[pos-1] = prev + s
			return parent
		}
	}
	parent.children = append(parent.children[:pos], append([]any{item}, parent.children[pos:]...)...)
	return parent
}

var (
	liStop   = set("ul ol menu dir table div blockquote")
	dtStop   = set("dl table div")
	trStop   = set("table")
	cellStop = set("tr table")
	pStop    = set("table td th caption button object marquee applet html")
)

func (b *builder) startTag(tag string, attrs map[string]*string) {
	inTable := tableCtx[b.cur().tag]
	switch {
	case tag == "caption" && b.tableIndex() > 0:
		b.closeTo(b.tableIndex() + 1)
	case (tag == "td" || tag == "th") && tableCtx[b.cur().tag] && b.cur().tag != "tr":
		tr := &node{tag: "tr", attrs: map[string]*string{}, parent: b.cur()}
		b.cur().children = append(b.cur().children, tr)
		b.stack = append(b.stack, tr)
	case inTable && !tableOK[tag]:
		n := &node{tag: tag, attrs: attrs}
		n.parent = b.foster(n)
		if !void[tag] {
			b.stack = append(b.stack, n)
		}
		return
	}
	switch tag {
	case "li":
		if k := b.openIndex(set("li"), liStop); k > 0 {
			b.closeTo(k)
		}
	case "dt", "dd":
		if k := b.openIndex(set("dt dd"), dtStop); k > 0 {
			b.closeTo(k)
		}
	case "tr":
		if k := b.openIndex(set("tr"), trStop); k > 0 {
			b.closeTo(k)
		}
	case "td", "th":
		if k := b.openIndex(set("td th"), cellStop); k > 0 {
			b.closeTo(k)
		}
	}
	if closesP[tag] {
		if k := b.openIndex(set("p"), pStop); k > 0 {
			b.closeTo(k)
		}
	}
	n := &node{tag: tag, attrs: attrs, parent: b.cur()}
	b.cur().children = append(b.cur().children, n)
	if !void[tag] {
		b.stack = append(b.stack, n)
	}
}

func (b *builder) startEndTag(tag string, attrs map[string]*string) {
	b.startTag(tag, attrs)
	if !void[tag] && b.cur().tag == tag {
		b.stack = b.stack[:len(b.stack)-1]
	}
}

func (b *builder) endTag(tag string) {
	if tag == "br" {
		b.cur().children = append(b.cur().children, &node{tag: "br", attrs: map[string]*string{}, parent: b.cur()})
		return
	}
	if void[tag] {
		return
	}
	if k := b.openIndex(map[string]bool{tag: true}, nil); k > 0 {
		b.closeTo(k)
	}
}

func (b *builder) data(s string) {
	if tableCtx[b.cur().tag] && strings.Trim(s, " \t\n\r\f") != "" {
		b.foster(s)
		return
	}
	b.cur().children = append(b.cur().children, s)
}

func classes(n *node) []string {
	if v := n.attrs["class"]; v != nil {
		return strings.Fields(*v)
	}
	return nil
}

func hasClass(n *node, c string) bool {
	for _, x := range classes(n) {
		if x == c {
			return true
		}
	}
	return false
}

func isExternal(href string) bool {
	h := strings.ToLower(strings.TrimSpace(href))
	for _, p := range urlProtocols {
		if strings.HasPrefix(h, p) {
			return true
		}
	}
	return false
}

// transform applies rules 2-5.
func transform(n *node) []any {
	var out []any
	for _, ch := range n.children {
		c, ok := ch.(*node)
		if !ok {
			out = append(out, ch)
			continue
		}
		tag := c.tag
		if tag == "span" && hasClass(c, "mw-editsection") {
			continue
		}
		if tag == "div" && (hasClass(c, "toc") || (c.attrs["id"] != nil && *c.attrs["id"] == "toc")) {
			continue
		}
		kids := transform(c)
		unwrap := tag == "thead" || tag == "tbody" || tag == "tfoot" ||
			(tag == "span" && hasClass(c, "mw-headline")) ||
			(tag == "div" && hasClass(c, "mw-parser-output"))
		if tag == "div" {
			for _, cl := range classes(c) {
				if strings.HasPrefix(cl, "mw-heading") {
					unwrap = true
				}
			}
		}
		if unwrap {
			out = append(out, kids...)
			continue
		}
		name := tag
		if r, ok := rename[tag]; ok {
			name = r
		}
		nn := &node{tag: name, attrs: map[string]*string{}}
		for _, a := range keepAttrs {
			if v := c.attrs[a]; v != nil {
				t := strings.Trim(*v, " \t\n\r\f\v")
				nn.attrs[a] = &t
			}
		}
		if tag == "a" {
			if href := c.attrs["href"]; href != nil {
				if isExternal(*href) {
					nn.attrs["ext"] = nil
				} else {
					nn.attrs["int"] = nil
				}
			}
		}
		nn.children = kids
		out = append(out, nn)
	}
	return out
}

func mergeText(children []any) []any {
	var out []any
	for _, ch := range children {
		if s, ok := ch.(string); ok && len(out) > 0 {
			if prev, ok := out[len(out)-1].(string); ok {
				out[len(out)-1] = prev + s
				continue
			}
		}
		out = append(out, ch)
	}
	return out
}

func textEmpty(n *node) bool {
	for _, ch := range n.children {
		s, ok := ch.(string)
		if !ok || strings.Trim(s, " \t\n\r\f") != "" {
			return false
		}
	}
	return true
}

func dropEmpty(n *node) {
	var kids []any
	for _, ch := range n.children {
		if c, ok := ch.(*node); ok {
			dropEmpty(c)
			if c.tag == "p" && textEmpty(c) {
				continue
			}
			if emptyDroppable[c.tag] && len(c.children) == 0 && !(c.tag == "a" && len(c.attrs) > 0) {
				continue
			}
		} else if ch.(string) == "" {
			continue
		}
		kids = append(kids, ch)
	}
	n.children = mergeText(kids)
}

func collapseWS(s string) string {
	var b strings.Builder
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteByte(c)
	}
	return b.String()
}

func prepText(n *node, inPre bool) {
	preHere := inPre || preLike[n.tag]
	for _, ch := range n.children {
		if c, ok := ch.(*node); ok {
			prepText(c, preHere)
		}
	}
	kids := mergeText(n.children)
	if preLike[n.tag] {
		if len(kids) == 1 {
			if c, ok := kids[0].(*node); ok && c.tag == "code" {
				kids = mergeText(c.children)
			}
		}
		if len(kids) > 0 {
			if s, ok := kids[0].(string); ok {
				if strings.HasPrefix(s, "\r\n") {
					kids[0] = s[2:]
				} else if strings.HasPrefix(s, "\n") {
					kids[0] = s[1:]
				}
			}
		}
		if len(kids) > 0 {
			if s, ok := kids[len(kids)-1].(string); ok {
				kids[len(kids)-1] = strings.TrimRight(s, " \t\n\r\f")
			}
		}
	}
	for i, k := range kids {
		if s, ok := k.(string); ok {
			if preHere {
				kids[i] = strings.ReplaceAll(s, "\r\n", "\n")
			} else {
				kids[i] = collapseWS(s)
			}
		}
	}
	n.children = kids
}

// flow trims spaces at line starts and ends within a block's inline flow.
func flow(blk *node) {
	prevSpace := true
	var lastNode *node
	lastIdx := -1
	endLine := func() {
		if lastNode != nil {
			lastNode.children[lastIdx] = strings.TrimRight(lastNode.children[lastIdx].(string), " ")
		}
		prevSpace = true
		lastNode, lastIdx = nil, -1
	}
	var walk func(n *node)
	walk = func(n *node) {
		for i, ch := range n.children {
			if s, ok := ch.(string); ok {
				if prevSpace {
					s = strings.TrimLeft(s, " ")
					n.children[i] = s
				}
				if s != "" {
					prevSpace = strings.HasSuffix(s, " ")
					lastNode, lastIdx = n, i
				}
				continue
			}
			c := ch.(*node)
			if block[c.tag] || c.tag == "br" {
				endLine()
				if !preLike[c.tag] && block[c.tag] {
					flow(c)
				}
				continue
			}
			if void[c.tag] {
				prevSpace = false
				lastNode, lastIdx = nil, -1
				continue
			}
			walk(c)
		}
	}
	walk(blk)
	endLine()
}

func attrsStr(n *node) string {
	if len(n.attrs) == 0 {
		return ""
	}
	keys := make([]string, 0, len(n.attrs))
	for k := range n.attrs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		if v := n.attrs[k]; v == nil {
			parts[i] = k
		} else {
			parts[i] = k + `="` + html.EscapeString(*v) + `"`
		}
	}
	return " " + strings.Join(parts, " ")
}

func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func serialize(n *node, depth int, lines *[]string, cur *[]string) {
	ind := strings.Repeat("  ", depth)
	for _, ch := range n.children {
		if s, ok := ch.(string); ok {
			*cur = append(*cur, escapeText(s))
			continue
		}
		c := ch.(*node)
		tag := c.tag
		if block[tag] && tag != "br" {
			if len(*cur) > 0 {
				*lines = append(*lines, ind+strings.Join(*cur, ""))
				*cur = (*cur)[:0]
			}
			if void[tag] {
				*lines = append(*lines, ind+"<"+tag+attrsStr(c)+">")
				continue
			}
			if preLike[tag] {
				var inner []string
				serializeInline(c, &inner)
				*lines = append(*lines, ind+"<"+tag+attrsStr(c)+">"+strings.Join(inner, "")+"</"+tag+">")
				continue
			}
			hasBlock := false
			for _, g := range c.children {
				if gn, ok := g.(*node); ok && block[gn.tag] {
					hasBlock = true
				}
			}
			if !hasBlock {
				var inner []string
				for _, g := range c.children {
					if s, ok := g.(string); ok {
						inner = append(inner, escapeText(s))
					} else {
						serializeInline(g.(*node), &inner)
					}
				}
				*lines = append(*lines, ind+"<"+tag+attrsStr(c)+">"+strings.Join(inner, "")+"</"+tag+">")
				continue
			}
			*lines = append(*lines, ind+"<"+tag+attrsStr(c)+">")
			var sub []string
			serialize(c, depth+1, lines, &sub)
			if len(sub) > 0 {
				*lines = append(*lines, strings.Repeat("  ", depth+1)+strings.Join(sub, ""))
			}
			*lines = append(*lines, ind+"</"+tag+">")
		} else {
			serializeInline(c, cur)
		}
	}
}

func serializeInline(n *node, cur *[]string) {
	items := []any{n}
	if preLike[n.tag] {
		items = n.children
	}
	for _, ch := range items {
		if s, ok := ch.(string); ok {
			*cur = append(*cur, escapeText(s))
			continue
		}
		c := ch.(*node)
		if void[c.tag] {
			*cur = append(*cur, "<"+c.tag+attrsStr(c)+">")
			continue
		}
		*cur = append(*cur, "<"+c.tag+attrsStr(c)+">")
		for _, g := range c.children {
			if s, ok := g.(string); ok {
				*cur = append(*cur, escapeText(s))
			} else {
				serializeInline(g.(*node), cur)
			}
		}
		*cur = append(*cur, "</"+c.tag+">")
	}
}

// Normalize returns the canonical form of an HTML fragment.
func Normalize(text string) string {
	root := &node{}
	b := &builder{root: root, stack: []*node{root}}
	tokenize(text, b)
	root.children = transform(root)
	dropEmpty(root)
	prepText(root, false)
	flow(root)
	dropEmpty(root)
	var lines, cur []string
	serialize(root, 0, &lines, &cur)
	if len(cur) > 0 {
		lines = append(lines, strings.Join(cur, ""))
	}
	return strings.Join(lines, "\n")
}
