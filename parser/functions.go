package parser

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// Magic words, parser functions (the core ones and those of the
// ParserFunctions extension that wikis rely on) and wikirules' built-in
// card templates.

// variable returns the value of a magic word used as {{NAME}}. Times come
// from Options.Time (the revision's time), so output is reproducible.
func (e *expander) variable(name string, f *frame) (string, bool) {
	title := e.opts.Title
	t := e.opts.Time.UTC()
	switch strings.ToUpper(name) {
	case "SERVER":
		return e.opts.Server, true
	case "SERVERNAME":
		return strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(e.opts.Server, "https:"), "http:"), "//"), true
	case "SCRIPTPATH":
		return "", true
	case "STYLEPATH":
		// $wgStylePath: the script path's skins/.
		return "/skins", true
	}
	if v, ok := e.statWord(name, false); ok {
		return v, true
	}
	if v, ok := timeVariable(name, t); ok {
		return v, true
	}
	for _, w := range pageNameWords {
		if name == w {
			return pageNameWord(e.opts.Namespaces, w, e.normalizedPageTitle(title)), true
		}
	}
	if strings.HasPrefix(name, "ARTICLE") {
		switch name {
		case "ARTICLEPAGENAME", "ARTICLEPAGENAMEE", "ARTICLESPACE", "ARTICLESPACEE":
			return pageNameWord(e.opts.Namespaces, "SUBJECT"+name[len("ARTICLE"):], e.normalizedPageTitle(title)), true
		}
	}
	switch name {
	case "!":
		return "|", true
	case "=":
		return "=", true
	case "CONTENTLANGUAGE", "CONTENTLANG", "PAGELANGUAGE":
		return "en", true
	case "CURRENTVERSION":
		return MediaWikiVersion, true
	case "PAGEID":
		return idWord(e.opts.PageID), true
	case "REVISIONID":
		return idWord(e.opts.RevisionID), true
	case "REVISIONUSER":
		return e.opts.RevisionUser, true
	case "REVISIONSIZE":
		switch {
		case e.opts.RevisionSize > 0:
			return strconv.Itoa(e.opts.RevisionSize), true
		case e.ps != nil:
			return strconv.Itoa(len(e.ps.src)), true
		}
		return "0", true
	case "DIRMARK", "DIRECTIONMARK":
		return "\u200e", true
	case "SITENAME":
		if e.opts.SiteName != "" {
			return e.opts.SiteName, true
		}
		return "MediaWiki", true
	}
	return "", false
}

// MediaWikiVersion is the MediaWiki release whose output wikirules
// follows and is tested against ({{CURRENTVERSION}}).
const MediaWikiVersion = "1.39.17"

// idWord is an id as {{PAGEID}} writes it: empty when there is none.
func idWord(id int64) string {
	if id <= 0 {
		return ""
	}
	return strconv.FormatInt(id, 10)
}

// statWords are the NUMBEROF… magic words (variables, and functions
// taking "R" for the number without separators) and the count each reads.
var statWords = map[string]func(*SiteStats) int64{
	"NUMBEROFPAGES":       func(s *SiteStats) int64 { return s.Pages },
	"NUMBEROFARTICLES":    func(s *SiteStats) int64 { return s.Articles },
	"NUMBEROFFILES":       func(s *SiteStats) int64 { return s.Files },
	"NUMBEROFEDITS":       func(s *SiteStats) int64 { return s.Edits },
	"NUMBEROFUSERS":       func(s *SiteStats) int64 { return s.Users },
	"NUMBEROFACTIVEUSERS": func(s *SiteStats) int64 { return s.ActiveUsers },
	"NUMBEROFADMINS":      func(s *SiteStats) int64 { return s.Admins },
}

// statWord is the value of a NUMBEROF… word: formatted unless raw.
func (e *expander) statWord(name string, raw bool) (string, bool) {
	count, ok := statWords[name]
	if !ok {
		return "", false
	}
	var n int64
	if e.opts.Stats != nil {
		n = count(e.opts.Stats)
	}
	v := strconv.FormatInt(n, 10)
	if !raw {
		v = formatNum(v, true)
	}
	return v, true
}

// normalizedPageTitle is the page's title as MediaWiki shows it.
func (e *expander) normalizedPageTitle(title string) string {
	if t, ok := parseTitle(e.opts.Namespaces, title); ok && t.text != "" {
		return t.text
	}
	return title
}

// timeVariable handles CURRENT…, LOCAL… and REVISION… time words.
func timeVariable(name string, t time.Time) (string, bool) {
	var rest string
	switch {
	case strings.HasPrefix(name, "CURRENT"):
		rest = name[len("CURRENT"):]
	case strings.HasPrefix(name, "LOCAL"):
		rest = name[len("LOCAL"):]
	case strings.HasPrefix(name, "REVISION"):
		rest = name[len("REVISION"):]
	default:
		return "", false
	}
	switch rest {
	case "YEAR":
		return strconv.Itoa(t.Year()), true
	case "MONTH", "MONTH2":
		return pad2(int(t.Month())), true
	case "MONTH1":
		return strconv.Itoa(int(t.Month())), true
	case "MONTHNAME", "MONTHNAMEGEN":
		return t.Month().String(), true
	case "MONTHABBREV":
		return t.Month().String()[:3], true
	case "DAY":
		return strconv.Itoa(t.Day()), true
	case "DAY2":
		return pad2(t.Day()), true
	case "DOW":
		return strconv.Itoa(int(t.Weekday())), true
	case "DAYNAME":
		return t.Weekday().String(), true
	case "TIME":
		return pad2(t.Hour()) + ":" + pad2(t.Minute()), true
	case "HOUR":
		return pad2(t.Hour()), true
	case "WEEK":
		_, w := t.ISOWeek()
		return strconv.Itoa(w), true
	case "TIMESTAMP":
		return t.Format("20060102150405"), true
	}
	return "", false
}

var titleEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")

func htmlAttrEscapeTitle(s string) string {
	// MediaWiki escapes PAGENAME so that it cannot inject markup.
	return titleEscaper.Replace(s)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// namespaceByName resolves a namespace name or alias ("user_talk",
// "Image", a wiki's own "Bólkur") to the name the wiki spells it with.
func namespaceByName(names *model.Namespaces, s string) (string, bool) {
	ns, ok := names.Lookup(s)
	if !ok {
		return "", false
	}
	return names.Name(ns), true
}

// pfArg is an argument of a parser function: either already expanded (the
// part of the title after the colon) or a part to expand on demand.
type pfArg struct {
	text    *text
	trimmed bool
	part    *ppPart
	frame   *frame
}

type pfCall struct {
	e    *expander
	f    *frame
	node *ppNode
	args []pfArg
	out  *builder
	// notFound: the function declines the call (MediaWiki's
	// 'found' => false), which is then read as a template call.
	notFound bool
}

// arg expands argument i (whole part, name and '=' included), trimmed.
func (c *pfCall) arg(i int) *text {
	if i >= len(c.args) {
		return &text{}
	}
	a := &c.args[i]
	if a.text == nil {
		a.text = trimText(c.e.expandText(a.part.allNodes(), a.frame))
	}
	return a.text
}

func (c *pfCall) str(i int) string { return c.arg(i).s }

// plain is str without strip markers: functions that compute on text
// (urlencode, the padding of padleft…) must not see the markers' bytes.
func (c *pfCall) plain(i int) string { return killMarkers(c.str(i)) }

// namespace is {{ns:}}'s namespace: by number (PHP's intval, as
// CoreParserFunctions::ns) or by name. An unknown name is not found: the
// call is then read as a template's ({{ns:x}} is Template:Ns:x, or text
// when that is no title).
func (c *pfCall) namespace() (string, bool) {
	names := c.e.opts.Namespaces
	s := c.str(0)
	if n := phpInt(s); n != 0 || isNumericZero(s) {
		return names.Name(n), true
	}
	if name, ok := namespaceByName(names, s); ok {
		return name, true
	}
	if strings.TrimSpace(s) == "" {
		return "", true // the main namespace's name
	}
	c.notFound = true
	return "", false
}

// isNumericZero reports whether PHP finds s == "0": a numeric string of
// value 0 ("-0", "0.0", " 0").
func isNumericZero(s string) bool {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil && v == 0 && !strings.ContainsAny(s, "xXpP_")
}

// padding is padleft's third argument, "0" when there is none.
func (c *pfCall) padding() string {
	if len(c.args) < 3 {
		return "0"
	}
	return c.plain(2)
}

// killMarkers removes strip markers from s.
func killMarkers(s string) string {
	return replaceMarkers(s, func(string) (string, bool) { return "", true })
}

// markerSkip applies fn to the parts of s between strip markers.
func markerSkip(s string, fn func(string) string) string {
	var b strings.Builder
	last := 0
	for k, end := range markers(s) {
		b.WriteString(fn(s[last:k]))
		b.WriteString(s[k:end])
		last = end
	}
	b.WriteString(fn(s[last:]))
	return b.String()
}

func (c *pfCall) emit(s string) { c.e.emitGen(c.out, c.f, s, c.node.pos, c.node.end) }

func (c *pfCall) emitArg(i int) { c.out.appendText(c.arg(i)) }

type parserFunction func(c *pfCall)

var parserFunctions map[string]parserFunction

func init() {
	parserFunctions = map[string]parserFunction{
		"#if": func(c *pfCall) {
			if c.str(0) != "" {
				c.emitArg(1)
			} else {
				c.emitArg(2)
			}
		},
		"#ifeq": func(c *pfCall) {
			if valuesEqual(c.str(0), c.str(1)) {
				c.emitArg(2)
			} else {
				c.emitArg(3)
			}
		},
		"#iferror": func(c *pfCall) {
			if strings.Contains(c.str(0), `class="error"`) {
				c.emitArg(1)
			} else if len(c.args) > 2 {
				c.emitArg(2)
			} else {
				c.emitArg(0)
			}
		},
		"#ifexpr": func(c *pfCall) {
			v, err := exprTruth(c.str(0))
			if err != nil {
				c.emit(`<strong class="error">` + htmlEscape(err.Error()) + `</strong>`)
				return
			}
			if v {
				c.emitArg(1)
			} else {
				c.emitArg(2)
			}
		},
		"#expr": func(c *pfCall) {
			v, err := evalExpr(c.str(0))
			if err != nil {
				c.emit(`<strong class="error">` + htmlEscape(err.Error()) + `</strong>`)
				return
			}
			c.emit(v)
		},
		"#switch": switchFunction,
		"lc":      func(c *pfCall) { c.emit(markerSkip(c.str(0), model.Lower)) },
		"uc":      func(c *pfCall) { c.emit(markerSkip(c.str(0), model.Upper)) },
		"lcfirst": func(c *pfCall) {
			s := c.str(0)
			_, n := utf8.DecodeRuneInString(s)
			c.emit(model.Lower(s[:n]) + s[n:])
		},
		"ucfirst": func(c *pfCall) {
			s := c.str(0)
			if s == "" {
				return
			}
			c.emit(model.UcFirst(s))
		},
		"urlencode": func(c *pfCall) {
			v := c.plain(0)
			switch strings.ToUpper(c.str(1)) {
			case "WIKI":
				c.emit(wikiURLEncode(v))
			case "PATH":
				c.emit(phpURLEncode(v, "~", false)) // rawurlencode
			default:
				c.emit(phpURLEncode(v, "", true))
			}
		},
		"localurl":      func(c *pfCall) { c.emit(c.localURL()) },
		"localurle":     func(c *pfCall) { c.emit(htmlAttrEscapeTitle(c.localURL())) },
		"fullurl":       func(c *pfCall) { c.emit(c.server() + c.localURL()) },
		"fullurle":      func(c *pfCall) { c.emit(htmlAttrEscapeTitle(c.server() + c.localURL())) },
		"canonicalurl":  func(c *pfCall) { c.emit(c.server() + c.localURL()) },
		"canonicalurle": func(c *pfCall) { c.emit(htmlAttrEscapeTitle(c.server() + c.localURL())) },
		"#tag":          tagFunction,
		"anchorencode": func(c *pfCall) {
			c.emit(safeEncodeAttribute(escapePercents(AnchorID(sectionNameSpaces(decodeText(stripSectionName(c.plain(0))))))))
		},
		"padleft":  func(c *pfCall) { c.emit(pad(c.str(0), c.str(1), c.padding(), true)) },
		"padright": func(c *pfCall) { c.emit(pad(c.str(0), c.str(1), c.padding(), false)) },
		"plural": func(c *pfCall) {
			if v, err := strconv.ParseFloat(c.str(0), 64); err == nil && v == 1 {
				c.emitArg(1)
			} else if len(c.args) > 2 {
				c.emitArg(2)
			} else {
				c.emitArg(1)
			}
		},
		"ns": func(c *pfCall) {
			if name, ok := c.namespace(); ok {
				c.emit(name)
			}
		},
		"nse": func(c *pfCall) {
			if name, ok := c.namespace(); ok {
				c.emit(wikiURLEncode(name))
			}
		},
	}
}

// switchFunction implements {{#switch:value|case=result|a|b=shared|#default=…}}.
func switchFunction(c *pfCall) {
	primary := c.str(0)
	found := false
	var def *pfArg
	lastNoEquals := false
	var lastItem *text
	for i := 1; i < len(c.args); i++ {
		a := &c.args[i]
		if a.part == nil {
			continue
		}
		if a.part.name != nil {
			lastNoEquals = false
			if found {
				c.out.appendText(trimText(c.e.expandText(a.part.value, a.frame)))
				return
			}
			test := strings.TrimSpace(c.e.expandString(a.part.name, a.frame))
			if valuesEqual(test, primary) {
				c.out.appendText(trimText(c.e.expandText(a.part.value, a.frame)))
				return
			}
			if test == "#default" {
				def = a
			}
			continue
		}
		lastNoEquals = true
		lastItem = trimText(c.e.expandText(a.part.value, a.frame))
		if valuesEqual(lastItem.s, primary) {
			found = true
		}
	}
	if lastNoEquals && lastItem != nil {
		c.out.appendText(lastItem)
		return
	}
	if def != nil {
		c.out.appendText(trimText(c.e.expandText(def.part.value, def.frame)))
	}
}

// valuesEqual compares like ParserFunctions: numerically when both sides
// are numbers, as strings otherwise.
func valuesEqual(a, b string) bool {
	if a == b {
		return true
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x == y
}

// sectionNameSpaces is Sanitizer::normalizeSectionNameWhitespace: runs of
// spaces and underscores as one space, trimmed; then each other white
// space character (a line break) is an underscore of its own, as the
// anchor MediaWiki makes has it.
func sectionNameSpaces(s string) string {
	if strings.Contains(s, "_") || strings.Contains(s, "  ") {
		s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '_' }), " ")
	} else {
		s = strings.Trim(s, " ")
	}
	if strings.ContainsAny(s, "\n\t\r\f") {
		s = strings.NewReplacer("\n", "_", "\t", "_", "\r", "_", "\f", "_").Replace(s)
	}
	return s
}

// escapePercents writes "%XX" as "%25XX", as Sanitizer::escapeIdForLink
// does for a fragment of a URL (a browser would decode it).
func escapePercents(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteByte(s[i])
		if s[i] == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]) {
			b.WriteString("25")
		}
	}
	return b.String()
}

// safeEncoder is Sanitizer::safeEncodeAttribute's table (after
// encodeAttribute's): text that later passes could read as markup — links,
// templates, quotes, magic links, behaviour switches — is written as
// character references.
var safeEncoder = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#039;",
	"\n", "&#10;", "\r", "&#13;", "\t", "&#9;", "{", "&#123;", "}", "&#125;", "[", "&#91;", "]", "&#93;",
	"|", "&#124;", "ISBN", "&#73;SBN", "RFC", "&#82;FC", "PMID", "&#80;MID", "__", "&#95;_")

// safeEncodeAttribute is Sanitizer::safeEncodeAttribute: {{anchorencode:}}
// writes what it returns into the page. A URL protocol's ':' is encoded
// too, so that no link is made of it.
func safeEncodeAttribute(s string) string {
	s = safeEncoder.Replace(s)
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if n := protocolAt(s, i, false); n > 0 {
			if k := strings.IndexByte(s[i:i+n], ':'); k >= 0 {
				b.WriteString(s[last : i+k])
				b.WriteString("&#58;")
				last = i + k + 1
			}
			i += n - 1
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// phpURLEncode is PHP's urlencode with the bytes of keep written as they
// are (MediaWiki's wfUrlencode keeps ";@$!*(),/~:"): letters, digits and
// "-_." stay, a space is '+' when plusSpace (else %20, as rawurlencode,
// which keeps "~"), any other byte %XX.
func phpURLEncode(s, keep string, plusSpace bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || strings.IndexByte(keep, c) >= 0:
			b.WriteByte(c)
		case c == ' ' && plusSpace:
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// pad is padleft and padright, as CoreParserFunctions::pad: the length is
// PHP's (int) of the argument, at most 500; s keeps its strip markers and
// counts them as characters, as MediaWiki does (a nowiki is longer than
// most lengths asked); padding given empty (or only markers) pads nothing.
func pad(s, lengthStr, padding string, left bool) string {
	if padding == "" {
		return s
	}
	n := min(phpInt(lengthStr), 500) - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	var fill strings.Builder
	pr := []rune(padding)
	for i := range n {
		fill.WriteRune(pr[i%len(pr)])
	}
	if left {
		return fill.String() + s
	}
	return s + fill.String()
}

// phpInt is PHP 8's (int) of a string: the number it starts with (after
// white space; "12px" is 12, "1e3" 1000, "2.9" 2), 0 when none.
func phpInt(s string) int {
	s = strings.TrimLeft(s, " \t\n\r\v\f")
	j := 0
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	digits := func() int {
		k := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j - k
	}
	n := digits()
	if j < len(s) && s[j] == '.' {
		j++
		n += digits()
	}
	if n == 0 {
		return 0
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		save := j
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if digits() == 0 {
			j = save
		}
	}
	v, err := strconv.ParseFloat(s[:j], 64)
	if err != nil || math.IsNaN(v) || v > 1e18 || v < -1e18 {
		return 0
	}
	return int(v)
}

// Built-in templates: the card templates of the Board Game Arena wiki.
// A definition in the inputs (a Template: page) takes precedence.

type builtinCall struct {
	e    *expander
	f    *frame
	node *ppNode
	args argTable
	out  *builder
}

// arg returns an argument's expansion (trimmed), looking the names up in
// order.
func (c *builtinCall) arg(names ...string) *text {
	for _, n := range names {
		if a := c.args.get(n); a != nil {
			return trimText(c.e.argText(a))
		}
	}
	return &text{}
}

func (c *builtinCall) emit(s string) { c.e.emitGen(c.out, c.f, s, c.node.pos, c.node.end) }

type builtinTemplate func(c *builtinCall)

var builtinTemplates map[string]builtinTemplate

func init() {
	builtinTemplates = map[string]builtinTemplate{
		"heart":      suitTemplate("heart", "♥"),
		"diamond":    suitTemplate("diamond", "♦"),
		"spade":      suitTemplate("spade", "♠"),
		"club":       suitTemplate("club", "♣"),
		"card":       suitTemplate("", ""),
		"cardholder": cardholderTemplate,
	}
}

// suitTemplate renders {{heart|K}}, {{heart|=K}} and {{heart}} as a card:
// the rank and the suit symbol, coloured by CSS class.
func suitTemplate(suit, symbol string) builtinTemplate {
	class := "card"
	if suit != "" {
		class += " card-" + suit
	}
	return func(c *builtinCall) {
		rank := c.arg("1", "", "rank")
		c.emit(`<span class="` + class + `">`)
		c.out.appendText(rank)
		c.emit(symbol + `</span>`)
	}
}

// cardholderTemplate renders {{cardholder|cards…|caption}}: a group of cards
// with a caption.
func cardholderTemplate(c *builtinCall) {
	cards := c.arg("1", "cards")
	caption := c.arg("2", "caption")
	c.emit(`<span class="cardholder"><span class="cardholder-cards">`)
	c.out.appendText(cards)
	c.emit(`</span>`)
	if caption.s != "" {
		c.emit(` <span class="cardholder-caption">`)
		c.out.appendText(caption)
		c.emit(`</span>`)
	}
	c.emit(`</span>`)
}

// server is the wiki's server (see expander.server).
func (c *pfCall) server() string { return c.e.server(c.f, c.node) }

// isServerWord reports whether the magic word name is the server's.
func isServerWord(name string) bool {
	return strings.EqualFold(name, "SERVER") || strings.EqualFold(name, "SERVERNAME")
}

// localURL is {{localurl:Page|query}} for a wiki at /wiki/ and /index.php.
func (c *pfCall) localURL() string {
	title, query := c.str(0), c.str(1)
	t := wikiURLEncode(c.e.opts.Namespaces.Normalize(title))
	if query == "" {
		return "/wiki/" + t
	}
	return "/index.php?title=" + t + "&" + query
}

// escapeWikitext shows wikitext literally ({{msgnw:}}), as MediaWiki's
// wfEscapeWikiText: the characters markup is made of become references.
func escapeWikitext(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"', '&', '\'', '<', '=', '>', '[', ']', '{', '|', '}', ';':
			b.WriteString("&#" + strconv.Itoa(int(c)) + ";")
		case '#', '*', ':', ' ', '\n', '!':
			if i == 0 || s[i-1] == '\n' {
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

// tagFunction is {{#tag:name|content|attr=value…}}, as MediaWiki's
// CoreParserFunctions::tagObj: the first argument after the name is the
// content, whole and untrimmed ("a=b" included); of the others only the
// named ones are attributes (trimmed, one pair of quotes taken off, the
// last of a name winning in the first one's place). A name that is not an
// extension tag is written back as an HTML tag, for the paragraph pass and
// the sanitizer to read as if it had been typed: <name attrs>content</name>,
// or <name attrs/> without content.
func tagFunction(c *pfCall) {
	name := strings.ToLower(strings.TrimSpace(c.str(0)))
	var content *text
	if len(c.args) > 1 {
		a := &c.args[1]
		content = c.e.expandText(a.part.allNodes(), a.frame)
	}
	type attr struct{ k, v string }
	var attrs []attr
	for i := 2; i < len(c.args); i++ {
		a := c.args[i]
		if a.part == nil || a.part.name == nil {
			continue
		}
		k := strings.TrimSpace(c.e.expandString(a.part.name, a.frame))
		v := unquoteTagAttr(strings.TrimSpace(c.e.expandString(a.part.value, a.frame)))
		found := false
		for j := range attrs {
			if attrs[j].k == k {
				attrs[j].v, found = v, true
			}
		}
		if !found {
			attrs = append(attrs, attr{k, v})
		}
	}
	var at strings.Builder
	for _, a := range attrs {
		at.WriteString(" " + htmlAttrEscape(a.k) + `="` + htmlAttrEscape(a.v) + `"`)
	}
	if !extTags[name] {
		if content == nil {
			c.emit("<" + name + at.String() + "/>")
			return
		}
		c.emit("<" + name + at.String() + ">")
		c.out.appendText(content)
		c.emit("</" + name + ">")
		return
	}
	if content == nil {
		content = &text{}
	}
	n := &ppNode{kind: ppExt, pos: c.node.pos, end: c.node.end, ext: &ppTag{name: name, attrs: at.String(), innerPos: c.node.pos}}
	c.e.extTagContent(n, c.f, c.out, content)
}

// unquoteTagAttr takes one pair of quotes off an attribute value of #tag
// (each either " or ', as tagObj's /^(?:["'](.+)["']|""|”)$/s).
func unquoteTagAttr(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && (v[len(v)-1] == '"' || v[len(v)-1] == '\'') {
		return v[1 : len(v)-1]
	}
	return v
}
