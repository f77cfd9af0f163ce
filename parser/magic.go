package parser

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser/internal/mwdata"
)

// The rest of MediaWiki's core parser functions and magic words
// (CoreParserFunctions, CoreMagicVariables), read from MediaWiki's PHP:
// page-name words that take a title, the talk/subject namespace words,
// {{int:}} with the wiki's MediaWiki: pages, {{#language:}}, {{#dir:}},
// {{#bcp47:}}, {{#formatdate:}}, {{formatnum:}}, {{DEFAULTSORT:}},
// {{DISPLAYTITLE:}}, {{GENDER:}} and {{GRAMMAR:}}.

// caseSensitiveFunctions are the function hooks whose magic word is case
// sensitive in MediaWiki ({{PAGENAME:x}} is a function, {{pagename:x}} a
// template).
var caseSensitiveFunctions map[string]parserFunction

// lookupFunction finds the parser function named name (the text before the
// colon, as written): case-sensitive names first, then the others
// compared in lower case, as Parser::callParserFunction does.
func lookupFunction(name string) (parserFunction, bool) {
	if fn, ok := caseSensitiveFunctions[name]; ok {
		return fn, true
	}
	fn, ok := parserFunctions[strings.ToLower(name)]
	return fn, ok
}

func init() {
	caseSensitiveFunctions = map[string]parserFunction{
		"DEFAULTSORT":         func(*pfCall) {},
		"DEFAULTSORTKEY":      func(*pfCall) {},
		"DEFAULTCATEGORYSORT": func(*pfCall) {},
		"DISPLAYTITLE":        func(*pfCall) {},
	}
	// The page-name words take a title: {{PAGENAME:Help:Foo/bar}}.
	for _, w := range pageNameWords {
		word := w
		caseSensitiveFunctions[word] = func(c *pfCall) {
			t, ok := parseTitle(c.e.opts.Namespaces, c.plain(0))
			if !ok || t.text == "" {
				return
			}
			c.emit(pageNameWord(c.e.opts.Namespaces, word, t.text))
		}
	}
	for _, alias := range [][2]string{{"ARTICLEPAGENAME", "SUBJECTPAGENAME"}, {"ARTICLEPAGENAMEE", "SUBJECTPAGENAMEE"}, {"ARTICLESPACE", "SUBJECTSPACE"}, {"ARTICLESPACEE", "SUBJECTSPACEE"}} {
		caseSensitiveFunctions[alias[0]] = caseSensitiveFunctions[alias[1]]
	}
	// {{NUMBEROFPAGES:R}}: the count without separators.
	for w := range statWords {
		word := w
		caseSensitiveFunctions[word] = func(c *pfCall) {
			v, _ := c.e.statWord(word, strings.TrimSpace(c.plain(0)) == "R")
			c.emit(v)
		}
	}
	more := map[string]parserFunction{
		"int":         intFunction,
		"#language":   languageFunction,
		"#dir":        dirFunction,
		"#bcp47":      func(c *pfCall) { c.emit(bcp47(c.plain(0))) },
		"#formatdate": formatDateFunction,
		"#dateformat": formatDateFunction,
		"formatnum":   formatNumFunction,
		"gender": func(c *pfCall) {
			// No user has a gender here: the neutral form (the third),
			// else the first.
			switch {
			case len(c.args) > 3:
				c.emitArg(3)
			case len(c.args) > 1:
				c.emitArg(1)
			}
		},
		"grammar": func(c *pfCall) { c.emitArg(1) },
		"bidi":    func(c *pfCall) { c.emitArg(0) },
	}
	for k, v := range more {
		parserFunctions[k] = v
	}
}

// pageNameWords are the magic words that name (part of) a page title; as
// variables they read the page's own title.
var pageNameWords = []string{
	"PAGENAME", "PAGENAMEE", "FULLPAGENAME", "FULLPAGENAMEE",
	"BASEPAGENAME", "BASEPAGENAMEE", "ROOTPAGENAME", "ROOTPAGENAMEE",
	"SUBPAGENAME", "SUBPAGENAMEE", "TALKPAGENAME", "TALKPAGENAMEE",
	"SUBJECTPAGENAME", "SUBJECTPAGENAMEE",
	"NAMESPACE", "NAMESPACEE", "NAMESPACENUMBER", "TALKSPACE", "TALKSPACEE",
	"SUBJECTSPACE", "SUBJECTSPACEE",
}

// namespacesWithSubpages are MediaWiki's default $wgNamespacesWithSubpages:
// only there do BASEPAGENAME and friends split at '/'.
var namespacesWithSubpages = map[int]bool{1: true, 2: true, 3: true, 4: true, 5: true, 7: true, 8: true, 9: true, 10: true, 11: true, 12: true, 13: true, 15: true}

// pageNameWord computes a page-name word for a normalized title, as
// CoreParserFunctions does (names escaped with wfEscapeWikiText, the …E
// forms URL-encoded).
func pageNameWord(names *model.Namespaces, word, title string) string {
	ns, rest := names.Split(title)
	if ns == model.NSMain {
		rest = title
	}
	encoded := strings.HasSuffix(word, "EE")
	base := word
	if encoded {
		base = word[:len(word)-1]
	}
	talk, subject := ns|1, ns&^1
	if ns < 0 {
		talk, subject = ns, ns
	}
	withNS := func(n int, s string) string {
		if name := names.Name(n); name != "" {
			return name + ":" + s
		}
		return s
	}
	var v string
	switch base {
	case "PAGENAME":
		v = rest
	case "FULLPAGENAME":
		v = title
	case "BASEPAGENAME":
		v = rest
		if namespacesWithSubpages[ns] {
			if i := strings.LastIndexByte(rest, '/'); i > 0 {
				v = rest[:i]
			}
		}
	case "ROOTPAGENAME":
		v = rest
		if namespacesWithSubpages[ns] {
			if i := strings.IndexByte(rest, '/'); i > 0 {
				v = rest[:i]
			}
		}
	case "SUBPAGENAME":
		v = rest
		if namespacesWithSubpages[ns] {
			if i := strings.LastIndexByte(rest, '/'); i >= 0 && i+1 < len(rest) {
				v = rest[i+1:]
			}
		}
	case "TALKPAGENAME":
		v = withNS(talk, rest)
	case "SUBJECTPAGENAME":
		v = withNS(subject, rest)
	case "NAMESPACE":
		v = names.Name(ns)
	case "NAMESPACENUMBER":
		return strconv.Itoa(ns)
	case "TALKSPACE":
		v = names.Name(talk)
	case "SUBJECTSPACE":
		v = names.Name(subject)
	}
	if encoded {
		return wikiURLEncode(v)
	}
	if strings.HasSuffix(base, "SPACE") {
		return strings.ReplaceAll(v, "_", " ")
	}
	return escapeWikitext(v)
}

// intFunction is {{int:key|$1|$2…}}: the interface message "key", read from
// the wiki's MediaWiki:Key page and expanded like wikitext; a missing
// message shows as ⧼key⧽.
func intFunction(c *pfCall) {
	key := c.str(0)
	if key == "" {
		// No message: the call is a template named "Int:".
		c.e.emitGen(c.out, c.f, "[[:Template:Int:]]", c.node.pos, c.node.end)
		return
	}
	title, ok := templateTitle(c.e.opts.Namespaces, "MediaWiki:"+key)
	src, found := "", false
	if ok && c.e.opts.WikiTemplates != nil {
		src, found = c.e.opts.WikiTemplates.Template(title)
	}
	if !found {
		c.emit("⧼" + htmlEscape(key) + "⧽")
		return
	}
	for i := len(c.args) - 1; i >= 1; i-- {
		src = strings.ReplaceAll(src, "$"+strconv.Itoa(i), c.str(i))
	}
	nodes, _ := preprocess(src, false)
	nf := &frame{parent: c.f, src: src, depth: c.f.depth + 1}
	if c.f.top {
		nf.callPos, nf.callEnd = c.node.pos, c.node.end
	} else {
		nf.callPos, nf.callEnd = c.f.callPos, c.f.callEnd
	}
	c.e.expand(nodes, nf, c.out)
}

// languageFunction is {{#language:code|in}}: a language's name, in itself
// or (for in = en, an English variant or simple, whose messages fall back
// to English) in English; a name in another language falls back to the
// autonym, as MediaWiki does without the CLDR extension.
func languageFunction(c *pfCall) {
	code := bcp47ToInternal(strings.ToLower(c.plain(0)))
	in := bcp47ToInternal(strings.ToLower(strings.TrimSpace(c.plain(1))))
	if in != "" && in != code && (in == "en" || strings.HasPrefix(in, "en-") || in == "simple") {
		if name, ok := mwdata.EnglishNames()[code]; ok {
			c.emit(name)
			return
		}
	}
	if name, ok := mwdata.Autonyms()[code]; ok {
		c.emit(name)
		return
	}
	c.emit(bcp47(code))
}

// dirFunction is {{#dir:code}} (or {{#dir:code|bcp47}}): "rtl" or "ltr".
func dirFunction(c *pfCall) {
	code := strings.ToLower(c.plain(0))
	if strings.EqualFold(c.plain(1), "bcp47") {
		code = bcp47ToInternal(code)
	}
	if mwdata.RTL[code] {
		c.emit("rtl")
	} else {
		c.emit("ltr")
	}
}

// Language codes MediaWiki uses that are not BCP 47 (LanguageCode.php).
var deprecatedCodes = map[string]string{
	"als": "gsw", "bat-smg": "sgs", "be-x-old": "be-tarask", "fiu-vro": "vro",
	"roa-rup": "rup", "zh-classical": "lzh", "zh-min-nan": "nan", "zh-yue": "yue",
}

var nonStandardCodes = map[string]string{
	"cbk-zam": "cbk", "de-formal": "de-x-formal", "eml": "egl", "en-rtl": "en-x-rtl",
	"es-formal": "es-x-formal", "hu-formal": "hu-x-formal", "map-bms": "jv-x-bms",
	"mo": "ro-Cyrl-MD", "nrm": "nrf", "nl-informal": "nl-x-informal", "roa-tara": "nap-x-tara",
	"simple": "en-simple", "sr-ec": "sr-Cyrl", "sr-el": "sr-Latn", "zh-cn": "zh-Hans-CN",
	"zh-sg": "zh-Hans-SG", "zh-my": "zh-Hans-MY", "zh-tw": "zh-Hant-TW", "zh-hk": "zh-Hant-HK",
	"zh-mo": "zh-Hant-MO",
}

// bcp47 is LanguageCode::bcp47: a MediaWiki language code as a standard
// tag ("zh-classical" → "lzh", "sr-ec" → "sr-Cyrl").
func bcp47(code string) string {
	code = strings.ToLower(strings.TrimSpace(code))
	if v, ok := deprecatedCodes[code]; ok {
		code = v
	}
	if v, ok := nonStandardCodes[code]; ok {
		code = v
	}
	segs := strings.Split(code, "-")
	for i, s := range segs {
		switch {
		case i > 0 && strings.EqualFold(segs[i-1], "x"):
			segs[i] = strings.ToLower(s)
		case i > 0 && len(s) == 2:
			segs[i] = strings.ToUpper(s)
		case i > 0 && len(s) == 4:
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		default:
			segs[i] = strings.ToLower(s)
		}
	}
	return strings.Join(segs, "-")
}

// bcp47ToInternal maps a standard tag back to MediaWiki's code
// ("de-x-formal" → "de-formal").
func bcp47ToInternal(code string) string {
	code = strings.ToLower(code)
	for k, v := range nonStandardCodes {
		if strings.ToLower(v) == code {
			return k
		}
	}
	return code
}

// formatNumFunction is {{formatnum:n}}, {{formatnum:n|R}} (read a
// formatted number back) and {{formatnum:n|NOSEP}}.
func formatNumFunction(c *pfCall) {
	mode := strings.TrimSpace(c.plain(1))
	fn := func(s string) string { return formatNum(s, true) }
	switch {
	case mode == "R":
		// Language::parseFormattedNumber: no check that it is a number.
		fn = func(s string) string {
			switch s {
			case "∞":
				return "INF"
			case "−∞", "-∞":
				return "-INF"
			}
			return strings.NewReplacer(",", "", "−", "-").Replace(s)
		}
	case strings.EqualFold(mode, "NOSEP"):
		fn = func(s string) string { return formatNum(s, false) }
	}
	c.emit(markerSkip(c.str(0), fn))
}

var (
	numberRe     *regexp.Regexp
	numberReOnce sync.Once
)

// formatNum is Language::formatNum for English: the numbers in s with
// thousands separators, a minus sign for '-', exponents written out.
func formatNum(s string, sep bool) string {
	numberReOnce.Do(func() {
		// Language::formatNum's /(-(?=[\d\.]))?(\d+|(?=\.\d))(\.\d*)?([Ee][-+]?\d+)?/
		// without its lookaheads.
		numberRe = regexp.MustCompile(`-?(?:\d+(?:\.\d*)?|\.\d+)(?:[Ee][-+]?\d+)?`)
	})
	return numberRe.ReplaceAllStringFunc(s, func(m string) string { return formatOneNum(m, sep) })
}

func formatOneNum(m string, sep bool) string {
	neg := strings.HasPrefix(m, "-")
	if neg {
		m = m[1:]
	}
	if strings.ContainsAny(m, "eE") {
		v, err := strconv.ParseFloat(m, 64)
		if err != nil {
			return m
		}
		m = strconv.FormatFloat(v, 'f', -1, 64)
	}
	intPart, frac, hasFrac := strings.Cut(m, ".")
	if sep {
		var b strings.Builder
		for i := 0; i < len(intPart); i++ {
			if i > 0 && (len(intPart)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteByte(intPart[i])
		}
		intPart = b.String()
	}
	out := intPart
	if hasFrac {
		out += "." + frac
	}
	if neg {
		out = "−" + out
	}
	return out
}

// formatDateFunction is {{#formatdate:date|default format}} (DateFormatter
// with the default user preference).
func formatDateFunction(c *pfCall) {
	c.emit(formatDate(c.str(0), strings.TrimSpace(c.str(1))))
}

var (
	dateRes     map[int]*regexp.Regexp
	dateResOnce sync.Once
)

const (
	dfNone = iota
	dfMDY
	dfDMY
	dfYMD
	dfISO
	dfYDM
	dfDM
	dfMD
)

var dfFormats = map[int]string{dfDMY: "j F Y", dfYDM: "Y, j F", dfMDY: "F j, Y", dfYMD: "Y F j", dfDM: "j F", dfMD: "F j", dfISO: "y-m-d"}

var monthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}

func formatDate(date, pref string) string {
	dateResOnce.Do(func() {
		var parts []string
		for _, m := range monthNames {
			parts = append(parts, m, m[:3])
		}
		months := strings.Join(parts, "|")
		dm := `(?P<day>\d{1,2})[ _](?P<monthName>` + months + `)`
		md := `(?P<monthName>` + months + `)[ _](?P<day>\d{1,2})`
		y := `(?P<year>\d{1,4}(?:[ _]BC|))`
		iso := `(?P<isoYear>-?\d{4})-(?P<isoMonth>\d{2})-(?P<isoDay>\d{2})`
		dateRes = map[int]*regexp.Regexp{
			dfDMY: regexp.MustCompile(`(?i)^` + dm + `(?: *, *| +)` + y + `$`),
			dfYDM: regexp.MustCompile(`(?i)^` + y + `(?: *, *| +)` + dm + `$`),
			dfMDY: regexp.MustCompile(`(?i)^` + md + `(?: *, *| +)` + y + `$`),
			dfYMD: regexp.MustCompile(`(?i)^` + y + `(?: *, *| +)` + md + `$`),
			dfDM:  regexp.MustCompile(`(?i)^` + dm + `$`),
			dfMD:  regexp.MustCompile(`(?i)^` + md + `$`),
			dfISO: regexp.MustCompile(`(?i)^` + iso + `$`),
		}
	})
	date = strings.TrimSpace(date)
	user := map[string]int{"dmy": dfDMY, "mdy": dfMDY, "ymd": dfYMD, "ISO 8601": dfISO}[pref]
	for source := dfMDY; source <= dfMD; source++ {
		re := dateRes[source]
		m := re.FindStringSubmatch(date)
		if m == nil {
			continue
		}
		g := map[string]string{}
		for i, name := range re.SubexpNames() {
			if name != "" && m[i] != "" {
				g[name] = m[i]
			}
		}
		target := source
		switch {
		case user == dfMDY && source == dfDM:
			target = dfMD
		case user == dfDMY && source == dfMD:
			target = dfDM
		case source == dfMD || source == dfDM:
			target = source
		case user == dfNone && source == dfISO:
			target = dfISO
		case user != dfNone:
			target = user
		}
		if _, ok := g["isoYear"]; !ok {
			if y, ok := g["year"]; ok {
				if strings.HasSuffix(y, "BC") {
					n, _ := strconv.Atoi(y[:len(y)-3])
					g["isoYear"] = fmt.Sprintf("-%04d", n-1)
				} else {
					n, _ := strconv.Atoi(y)
					g["isoYear"] = fmt.Sprintf("%04d", n)
				}
			}
		}
		if _, ok := g["year"]; !ok {
			if iy, ok := g["isoYear"]; ok {
				n, _ := strconv.Atoi(strings.TrimPrefix(iy, "-"))
				if strings.HasPrefix(iy, "-") {
					g["year"] = strconv.Itoa(n+1) + " BC"
				} else {
					g["year"] = strconv.Itoa(n)
				}
			}
		}
		if _, ok := g["isoMonth"]; !ok {
			mon := 0
			for i, name := range monthNames {
				if strings.EqualFold(g["monthName"], name) || strings.EqualFold(g["monthName"], name[:3]) {
					mon = i + 1
				}
			}
			if mon == 0 {
				return date
			}
			g["isoMonth"] = fmt.Sprintf("%02d", mon)
		}
		if _, ok := g["isoDay"]; !ok {
			d, _ := strconv.Atoi(g["day"])
			g["isoDay"] = fmt.Sprintf("%02d", d)
		}
		var out strings.Builder
		for _, ch := range dfFormats[target] {
			switch ch {
			case 'd':
				out.WriteString(g["isoDay"])
			case 'm':
				out.WriteString(g["isoMonth"])
			case 'y':
				out.WriteString(g["isoYear"])
			case 'j':
				if d, ok := g["day"]; ok {
					out.WriteString(d)
				} else {
					d, _ := strconv.Atoi(g["isoDay"])
					out.WriteString(strconv.Itoa(d))
				}
			case 'F':
				mon, _ := strconv.Atoi(g["isoMonth"])
				if mon < 1 || mon > 12 {
					return date
				}
				out.WriteString(monthNames[mon-1])
			case 'Y':
				out.WriteString(g["year"])
			default:
				out.WriteRune(ch)
			}
		}
		iso := g["isoMonth"] + "-" + g["isoDay"]
		if y, ok := g["isoYear"]; ok {
			iso = y + "-" + iso
		}
		return `<span class="mw-formatted-date" title="` + htmlAttrEscape(iso) + `">` + out.String() + `</span>`
	}
	return date
}

var (
	sectionNameRes     [3]*regexp.Regexp
	sectionNameResOnce sync.Once
)

// stripSectionName removes link, quote and tag markup from a section name
// as Parser::stripSectionName does ({{anchorencode:[[a|b]] ”c”}} is
// "b_c").
func stripSectionName(s string) string {
	sectionNameResOnce.Do(func() {
		sectionNameRes[0] = regexp.MustCompile(`\[\[:?([^[|]+)\|([^[]+)\]\]`)
		sectionNameRes[1] = regexp.MustCompile(`\[\[:?([^[]+)\|?\]\]`)
		sectionNameRes[2] = regexp.MustCompile(`\[(?i:https?://|ftp://|mailto:|//)([^ ]+?) ([^[]+)\]`)
	})
	if !strings.ContainsAny(s, "['<") {
		return s
	}
	s = sectionNameRes[0].ReplaceAllString(s, "$2")
	s = sectionNameRes[1].ReplaceAllString(s, "$1")
	s = sectionNameRes[2].ReplaceAllString(s, "$2")
	if strings.Contains(s, "''") {
		// MediaWiki's doQuotes, then its tags go with the others
		// ("''''''''" leaves "'''").
		s = (&parseState{}).quotes(newSourceText(s, 0)).s
	}
	// Tags: everything from '<' to '>'.
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}
