package parser

import (
	"html"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The sanitizer follows MediaWiki's Sanitizer: only a whitelist of HTML
// elements survives as markup, each with a whitelist of attributes whose
// values are cleaned (style loses anything that could run script or load a
// URL); every other '<' becomes text. Attribute values are written with the
// characters that later passes react to ([, ', |, "http:"…) encoded, so a
// link or quote pass can never act inside an attribute.

// allowedTags are the HTML elements wikitext may use.
var allowedTags = map[string]bool{}

// singleOnlyTags never have content or an end tag.
var singleOnlyTags = map[string]bool{"br": true, "wbr": true, "hr": true, "meta": true, "link": true}

func init() {
	for t := range strings.FieldsSeq(`b bdi del i ins u font big small sub sup h1 h2 h3 h4 h5 h6 cite code em s
		strike strong tt var div center blockquote ol ul dl table caption pre ruby rb rp rt rtc p span abbr
		dfn kbd samp data time mark br wbr hr li dt dd meta link tr td th q bdo`) {
		allowedTags[t] = true
	}
}

var (
	attrCommon    = setOf("id class style lang dir title tabindex aria-describedby aria-flowto aria-hidden aria-label aria-labelledby aria-owns role about property resource datatype typeof itemid itemprop itemref itemscope itemtype")
	attrTableCell = "abbr axis headers scope rowspan colspan nowrap width height bgcolor align valign"
	allowedAttrs  = map[string]tagAttrs{}
)

// tagAttrs are the attributes allowed on an element: the common ones
// (attrCommon) if common, and extra. Elements share their extra set: one
// map each per element would cost every run of the program a millisecond
// at start.
type tagAttrs struct {
	common bool
	extra  map[string]bool
}

func (a tagAttrs) allows(name string) bool {
	return (a.common && attrCommon[name]) || a.extra[name]
}

func init() {
	set := func(tags string, extra ...string) {
		a := tagAttrs{common: true, extra: setOf(strings.Join(extra, " "))}
		for t := range strings.FieldsSeq(tags) {
			allowedAttrs[t] = a
		}
	}
	set("div h1 h2 h3 h4 h5 h6 p caption", "align")
	set("center span dl dd dt em strong cite dfn code samp kbd var abbr sub sup bdo tt b i big small strike s u hr rb rp rt rtc ruby mark bdi")
	set("blockquote q", "cite")
	set("pre", "width")
	set("ins del", "cite datetime")
	set("ul", "type")
	set("ol", "type start reversed")
	set("li", "type value")
	set("table", "summary width border frame rules cellspacing cellpadding align bgcolor")
	set("tr", "bgcolor align valign")
	set("td th", attrTableCell)
	set("font", "size color face")
	set("data", "value")
	set("time", "datetime")
	allowedAttrs["br"] = tagAttrs{extra: setOf("id class title style clear")}
	allowedAttrs["wbr"] = tagAttrs{extra: setOf("id class title style")}
	allowedAttrs["meta"] = tagAttrs{extra: setOf("itemprop content")}
	allowedAttrs["link"] = tagAttrs{extra: setOf("itemprop href title")}
}

// rawAttr is an attribute as parsed from tag text.
type rawAttr struct {
	name, value string
}

// parseAttrs parses attribute text the way MediaWiki's decodeTagAttributes
// does: names are lower-cased, values may be double-quoted, single-quoted
// (an unterminated quote runs to the end) or bare; whitespace in values is
// collapsed and character references decoded. Names with characters
// outside [:_ letters digits . -] are dropped.
func parseAttrs(s string) []rawAttr {
	var out []rawAttr
	i := 0
	n := len(s)
	for i < n {
		// Skip to an attribute name: anything but space, '/', '>' , and a
		// leading '=' is allowed as the first character.
		for i < n && (isAttrSpace(s[i]) || s[i] == '/' || s[i] == '>') {
			i++
		}
		if i >= n {
			break
		}
		start := i
		i++ // first char may be '='
		for i < n && !isAttrSpace(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=' {
			i++
		}
		name := strings.ToLower(s[start:i])
		// Optional value.
		j := i
		for j < n && isAttrSpace(s[j]) {
			j++
		}
		value := ""
		if j < n && s[j] == '=' {
			j++
			for j < n && isAttrSpace(s[j]) {
				j++
			}
			switch {
			case j < n && (s[j] == '"' || s[j] == '\''):
				k := strings.IndexByte(s[j+1:], s[j])
				if k < 0 {
					value = s[j+1:]
					j = n
				} else {
					value = s[j+1 : j+1+k]
					j = j + 2 + k
				}
			default:
				k := j
				for k < n && !isAttrSpace(s[k]) && s[k] != '>' {
					k++
				}
				value = s[j:k]
				j = k
			}
			i = j
		}
		if !validAttrName(name) {
			continue
		}
		value = collapseAttrSpaces(value)
		out = append(out, rawAttr{name: name, value: decodeCharRefs(value)})
	}
	return out
}

// collapseAttrSpaces trims an attribute value's spaces, tabs and line
// breaks and turns each run of them inside into one space. Most values
// need nothing and are returned as they are, with no allocation (every
// attribute of every tag passes here).
func collapseAttrSpaces(v string) string {
	plain := len(v) == 0 || v[0] != ' ' && v[len(v)-1] != ' '
	for i := 0; plain && i < len(v); i++ {
		switch v[i] {
		case '\t', '\n', '\r':
			plain = false
		case ' ':
			plain = v[i+1] != ' ' // not the last byte: checked above
		}
	}
	if plain {
		return v
	}
	return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }), " ")
}

func isAttrSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func validAttrName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		ok := r == ':' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
		if i > 0 {
			ok = ok || r == '.' || r == '-'
		}
		if !ok {
			return false
		}
	}
	return true
}

// validateAttrs keeps the attributes allowed on tag, cleaning their values.
// A later duplicate replaces an earlier one in place.
func validateAttrs(attrs []rawAttr, tag string) []rawAttr {
	allowed := allowedAttrs[tag]
	// Kept in place: every caller passes what parseAttrs has just made.
	out := attrs[:0]
	for _, a := range attrs {
		name, value := a.name, a.value
		isData := strings.HasPrefix(name, "data-") && !strings.Contains(name, ":")
		if strings.HasPrefix(name, "xmlns:") {
			if evilURI(value) {
				continue
			}
		} else if (!isData && !allowed.allows(name)) || reservedDataAttr(name) {
			continue
		}
		switch name {
		case "style":
			value = checkCSS(value)
		case "id":
			value = escapeID(value)
		case "rel", "rev", "about", "property", "resource", "datatype", "typeof", "itemid", "itemprop", "itemref", "itemscope", "itemtype":
			if evilURI(value) {
				continue
			}
		case "href", "src":
			if !hasURLProtocol(value) || strings.ContainsAny(value, " \t\n") {
				continue
			}
		case "tabindex":
			if value != "0" {
				continue
			}
		}
		replaced := false
		for k := range out {
			if out[k].name == name {
				out[k].value = value
				replaced = true
			}
		}
		if !replaced {
			out = append(out, rawAttr{name: name, value: value})
		}
	}
	if tag == "meta" || tag == "link" {
		// Only microdata uses of these are allowed.
		has := false
		for _, a := range out {
			if a.name == "itemprop" {
				has = true
			}
		}
		if !has {
			return nil
		}
	}
	return out
}

func reservedDataAttr(name string) bool {
	return strings.HasPrefix(name, "data-ooui") || strings.HasPrefix(name, "data-mw") || strings.HasPrefix(name, "data-parsoid")
}

func evilURI(v string) bool {
	l := strings.ToLower(strings.TrimSpace(v))
	return strings.HasPrefix(l, "javascript:") || strings.HasPrefix(l, "vbscript:") || strings.HasPrefix(l, "data:")
}

// sanitizeAttrs parses, validates and re-encodes attribute text for tag,
// returning " a=\"v\" b=\"w\"" or "".
func sanitizeAttrs(raw string, tag string) string {
	if strings.TrimSpace(raw) == "" {
		return ""
	}
	attrs := validateAttrs(parseAttrs(raw), tag)
	return encodeAttrs(attrs)
}

func encodeAttrs(attrs []rawAttr) string {
	if len(attrs) == 0 {
		return ""
	}
	var b strings.Builder
	for _, a := range attrs {
		b.WriteByte(' ')
		b.WriteString(a.name)
		b.WriteString(`="`)
		b.WriteString(safeEncodeAttr(a.value))
		b.WriteByte('"')
	}
	return b.String()
}

// safeEncodeAttr escapes an attribute value, including the characters
// later wikitext passes would otherwise act on.
func safeEncodeAttr(v string) string {
	var b strings.Builder
	b.Grow(len(v) + 8)
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '{':
			b.WriteString("&#123;")
		case '}':
			b.WriteString("&#125;")
		case '[':
			b.WriteString("&#91;")
		case ']':
			b.WriteString("&#93;")
		case '|':
			b.WriteString("&#124;")
		case '_':
			if i+1 < len(v) && v[i+1] == '_' {
				b.WriteString("&#95;")
			} else {
				b.WriteByte(c)
			}
		case ':':
			// "http:" and other protocols lose their colon, so no URL is
			// ever recognised inside an attribute.
			if endsWithProtocolName(v[:i]) {
				b.WriteString("&#58;")
			} else {
				b.WriteByte(c)
			}
		case 'I', 'R', 'P':
			// ISBN, RFC and PMID magic words.
			if strings.HasPrefix(v[i:], "ISBN") || strings.HasPrefix(v[i:], "RFC") || strings.HasPrefix(v[i:], "PMID") {
				b.WriteString("&#" + strconv.Itoa(int(c)) + ";")
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// endsWithProtocolName reports whether s ends with a URL protocol name
// (before its ':').
func endsWithProtocolName(s string) bool {
	ls := strings.ToLower(s)
	for _, p := range urlProtocols {
		name := strings.TrimSuffix(strings.TrimSuffix(p, "//"), ":")
		if name != "" && strings.HasSuffix(ls, name) {
			return true
		}
	}
	return false
}

// checkCSS returns a style value that cannot run script or fetch a URL, as
// MediaWiki's Sanitizer::checkCss.
func checkCSS(v string) string {
	v = normalizeCSS(v)
	for _, r := range v {
		if r <= 0x08 || r == 0x0b || (r >= 0x0e && r <= 0x1f) || r == 0x7f || r == utf8.RuneError {
			return "/* invalid control char */"
		}
	}
	l := strings.ToLower(v)
	if strings.Contains(l, "expression") {
		return "/* insecure input */"
	}
	for _, kw := range []string{"accelerator", "-o-link", "-o-link-source", "-o-replace"} {
		if i := strings.Index(l, kw); i >= 0 && followedBy(l[i+len(kw):], ':') {
			return "/* insecure input */"
		}
	}
	for _, fn := range []string{"url", "src", "image", "image-set"} {
		for i := 0; i < len(l); {
			k := strings.Index(l[i:], fn)
			if k < 0 {
				break
			}
			if followedBy(l[i+k+len(fn):], '(') {
				return "/* insecure input */"
			}
			i += k + len(fn)
		}
	}
	if i := strings.Index(l, "attr"); i >= 0 && followedBy(l[i+4:], '(') && strings.Contains(l[i:], "url") {
		return "/* insecure input */"
	}
	if strings.Contains(l, "javascript:") || strings.Contains(l, "behavior") || strings.Contains(l, "-moz-binding") {
		return "/* insecure input */"
	}
	return v
}

func followedBy(s string, c byte) bool {
	s = strings.TrimLeft(s, " \t\r\n\f")
	return len(s) > 0 && s[0] == c
}

// normalizeCSS decodes character references and CSS escapes and replaces
// comments with spaces.
func normalizeCSS(v string) string {
	v = decodeCharRefs(v)
	if strings.IndexByte(v, '\\') >= 0 {
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			c := v[i]
			if c != '\\' {
				b.WriteByte(c)
				continue
			}
			if i+1 >= len(v) {
				b.WriteByte('\\')
				continue
			}
			nx := v[i+1]
			switch {
			case nx == '\n' || nx == '\f':
				i++
			case nx == '\r':
				i++
				if i+1 < len(v) && v[i+1] == '\n' {
					i++
				}
			case isHexDigit(nx):
				j := i + 1
				for j < len(v) && j < i+7 && isHexDigit(v[j]) {
					j++
				}
				cp, _ := strconv.ParseUint(v[i+1:j], 16, 32)
				if j < len(v) && isAttrSpace(v[j]) {
					j++
				}
				i = j - 1
				r := rune(cp)
				if !validCodepoint(r) {
					r = utf8.RuneError
				}
				if r == '\n' || r == '"' || r == '\'' || r == '\\' {
					b.WriteString("\\" + strconv.FormatInt(int64(r), 16) + " ")
				} else {
					b.WriteRune(r)
				}
			default:
				_, size := utf8.DecodeRuneInString(v[i+1:])
				b.WriteString(v[i+1 : i+1+size])
				i += size
			}
		}
		v = b.String()
	}
	// A value that is nothing but one comment passes as is.
	t := strings.TrimSpace(v)
	if strings.HasPrefix(t, "/*") && strings.HasSuffix(t, "*/") && strings.Count(t, "*/") == 1 && !strings.ContainsAny(t[2:len(t)-2], "*/") {
		return v
	}
	for {
		a := strings.Index(v, "/*")
		if a < 0 {
			break
		}
		z := strings.Index(v[a+2:], "*/")
		if z < 0 {
			v = v[:a]
			break
		}
		v = v[:a] + " " + v[a+2+z+2:]
	}
	return v
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// validCodepoint is MediaWiki's Sanitizer::validateCodepoint.
func validCodepoint(r rune) bool {
	return r == 0x09 || r == 0x0a ||
		(r > 0x1f && r < 0x7f) ||
		(r > 0x9f && r < 0xd800) ||
		(r > 0xdfff && r < 0xfffe) ||
		(r > 0xffff && r <= 0x10ffff)
}

// entityAliases are the wikitext-specific entity names MediaWiki accepts.
var entityAliases = map[string]string{"רלמ": "rlm", "رلم": "rlm"}

// lookupEntity decodes a named character reference (name without & and ;).
func lookupEntity(name string) (string, bool) {
	if d := commonEntity(name); d != "" {
		return d, true
	}
	if a, ok := entityAliases[name]; ok {
		name = a
	}
	ref := "&" + name + ";"
	dec := html.UnescapeString(ref)
	if dec == ref {
		return "", false
	}
	// html.UnescapeString also decodes legacy prefixes without the
	// semicolon ("&ampfoo;" → "&foo;"); those are not entities.
	if strings.HasSuffix(dec, ";") && dec != ";" {
		return "", false
	}
	return dec, true
}

// commonEntity decodes the named references pages use most without
// html.UnescapeString, whose first call builds a table of 2,231 entities
// (4 ms in a fresh process); "" for the others. TestCommonEntities checks
// them against html.UnescapeString.
func commonEntity(name string) string {
	switch name {
	case "amp":
		return "&"
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "quot":
		return "\""
	case "apos":
		return "'"
	case "nbsp":
		return "\u00a0"
	case "ndash":
		return "–"
	case "mdash":
		return "—"
	case "hellip":
		return "…"
	case "times":
		return "×"
	case "minus":
		return "−"
	case "rarr":
		return "→"
	case "larr":
		return "←"
	case "middot":
		return "·"
	case "deg":
		return "°"
	case "copy":
		return "©"
	case "laquo":
		return "«"
	case "raquo":
		return "»"
	case "hearts":
		return "♥"
	case "spades":
		return "♠"
	case "clubs":
		return "♣"
	case "diams":
		return "♦"
	}
	return ""
}

// charRef decodes the character reference at s[0] == '&'. It returns the
// decoded text and the length consumed, or ok false for a literal '&'.
func charRef(s string) (dec string, n int, ok bool) {
	if len(s) < 3 || s[0] != '&' {
		return "", 0, false
	}
	if s[1] == '#' {
		i := 2
		hex := false
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			hex = true
			i++
		}
		j := i
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || hex && isHexDigit(s[j])) {
			j++
		}
		if j == i || j >= len(s) || s[j] != ';' {
			return "", 0, false
		}
		base := 10
		if hex {
			base = 16
		}
		cp, err := strconv.ParseUint(s[i:j], base, 32)
		if err != nil || !validCodepoint(rune(cp)) {
			return "", 0, false
		}
		return string(rune(cp)), j + 1, true
	}
	j := 1
	for j < len(s) && j < 64 && (s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9' || s[j] >= 0x80) {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ';' {
		return "", 0, false
	}
	d, ok := lookupEntity(s[1:j])
	if !ok {
		return "", 0, false
	}
	return d, j + 1, true
}

// decodeCharRefs decodes every valid character reference in s.
func decodeCharRefs(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '&' {
			if d, n, ok := charRef(s[i:]); ok {
				b.WriteString(d)
				i += n
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// escapeID makes an id attribute value (HTML5 mode): spaces become
// underscores.
func escapeID(s string) string {
	s = strings.TrimSpace(s)
	return strings.ReplaceAll(s, " ", "_")
}

// AnchorID returns the id MediaWiki gives a heading or fragment with this
// text (HTML5 mode): runs of whitespace become one underscore; everything
// else is kept (the browser percent-encodes it in URLs).
func AnchorID(s string) string {
	// The usual heading ("Scoring", "End of the game") has single ASCII
	// spaces inside it only: one pass and one allocation at most.
	simple := len(s) > 0 && s[0] != ' ' && s[len(s)-1] != ' '
	for i := 0; simple && i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
			simple = s[i+1] != ' '
		case c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r',
			c == 0xc2 || c == 0xe1 || c == 0xe2 || c == 0xe3: // lead bytes of Unicode spaces
			simple = false
		}
	}
	if simple {
		return strings.ReplaceAll(s, " ", "_")
	}
	return strings.Join(strings.Fields(s), "_")
}

// removeHTMLTags is the sanitizer pass: allowed tags are rewritten in
// canonical form with clean attributes; anything else that looks like a tag
// is escaped as text, and so is every stray '>'.
func (ps *parseState) removeHTMLTags(in *text) *text {
	s := in.s
	if strings.IndexByte(s, '<') < 0 && strings.IndexByte(s, '>') < 0 {
		return in // no tag, nothing to escape
	}
	b := ps.passBuilder(in, len(s)/8)
	// next returns the offset of the first c at or after from (len(s)
	// when there is none): the next '<' and '>' are kept and looked for
	// again only once passed, so every byte is scanned once for each.
	next := func(c byte, from int) int {
		if k := strings.IndexByte(s[from:], c); k >= 0 {
			return from + k
		}
		return len(s)
	}
	lt, gt := -1, -1
	i := 0
	for i < len(s) {
		if lt < i {
			lt = next('<', i)
		}
		if gt < i {
			gt = next('>', i)
		}
		j := min(lt, gt)
		if j == len(s) {
			b.copy(in, i, len(s))
			break
		}
		b.copy(in, i, j)
		if s[j] == '>' {
			b.genAt("&gt;", in, j, j+1)
			i = j + 1
			continue
		}
		// s[j] == '<': the "bit" runs to the next '<'.
		end := next('<', j+1)
		lt = end
		if n := ps.tryTag(in, b, j, end); n > 0 {
			i = n
			continue
		}
		b.genAt("&lt;", in, j, j+1)
		i = j + 1
	}
	return b.text()
}

// tryTag recognises an allowed tag at s[j] == '<' (bit ends at end) and
// writes it; it returns the offset after the tag, or 0.
func (ps *parseState) tryTag(in *text, b *builder, j, end int) int {
	s := in.s
	k := j + 1
	slash := false
	if k < end && s[k] == '/' {
		slash = true
		k++
	}
	if k >= end || !(s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z') {
		return 0
	}
	nameEnd := k
	for nameEnd < end {
		c := s[nameEnd]
		if c == '\t' || c == '\n' || c == '\v' || c == ' ' || c == '/' || c == '>' || c == 0 {
			break
		}
		nameEnd++
	}
	gt := strings.IndexByte(s[nameEnd:end], '>')
	if gt < 0 {
		return 0
	}
	gt += nameEnd
	name := strings.ToLower(s[k:nameEnd])
	if !allowedTags[name] {
		return 0
	}
	params := s[nameEnd:gt]
	selfClose := strings.HasSuffix(params, "/")
	if selfClose {
		params = params[:len(params)-1]
	}
	if slash {
		if name == "br" {
			// </br> is read as <br> by browsers, and by MediaWiki's tidy.
			b.genAt("<br />", in, j, gt+1)
			return gt + 1
		}
		if singleOnlyTags[name] {
			return 0
		}
		b.genAt("</"+name+">", in, j, gt+1)
		return gt + 1
	}
	attrs := validateAttrs(parseAttrs(ps.unstripAttr(params)), name)
	if (name == "meta" || name == "link") && attrs == nil {
		return 0
	}
	close := ""
	if selfClose || singleOnlyTags[name] {
		close = " /"
	}
	b.genAt("<"+name+encodeAttrs(attrs)+close+">", in, j, gt+1)
	return gt + 1
}
