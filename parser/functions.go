package parser

import (
	"math"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// Magic words, parser functions (the core ones and those of the
// ParserFunctions extension that wikis rely on) and wikirules' built-in
// card templates.

// variable returns the value of a magic word used as {{NAME}}.
func (e *expander) variable(name string, f *frame) (string, bool) {
	title := e.opts.Title
	ns, rest := model.SplitNamespace(title)
	t := e.opts.Time
	switch name {
	case "!":
		return "|", true
	case "=":
		return "=", true
	case "PAGENAME", "BASEPAGENAME", "ROOTPAGENAME", "SUBPAGENAME":
		return htmlAttrEscapeTitle(rest), true
	case "PAGENAMEE":
		return wikiURLEncode(rest), true
	case "FULLPAGENAME":
		return htmlAttrEscapeTitle(title), true
	case "FULLPAGENAMEE":
		return wikiURLEncode(title), true
	case "NAMESPACE":
		return namespaceName(ns), true
	case "SITENAME":
		if e.opts.SiteName != "" {
			return e.opts.SiteName, true
		}
		return "Wiki", true
	case "CURRENTYEAR", "REVISIONYEAR":
		return strconv.Itoa(t.Year()), true
	case "CURRENTMONTH", "REVISIONMONTH":
		return pad2(int(t.Month())), true
	case "CURRENTMONTHNAME":
		return t.Month().String(), true
	case "CURRENTDAY", "REVISIONDAY":
		return strconv.Itoa(t.Day()), true
	case "CURRENTDAY2", "REVISIONDAY2":
		return pad2(t.Day()), true
	case "CURRENTTIMESTAMP", "REVISIONTIMESTAMP":
		return t.UTC().Format("20060102150405"), true
	}
	return "", false
}

func htmlAttrEscapeTitle(s string) string {
	// MediaWiki escapes PAGENAME so that it cannot inject markup.
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace(s)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func namespaceName(ns int) string {
	switch ns {
	case model.NSUser:
		return "User"
	case model.NSProject:
		return "Project"
	case model.NSFile:
		return "File"
	case model.NSTemplate:
		return "Template"
	case model.NSHelp:
		return "Help"
	case model.NSCategory:
		return "Category"
	}
	return ""
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
			v, err := evalExpr(c.str(0))
			if err != nil {
				c.emit(`<strong class="error">Expression error: ` + htmlEscape(err.Error()) + `</strong>`)
				return
			}
			if v != 0 {
				c.emitArg(1)
			} else {
				c.emitArg(2)
			}
		},
		"#expr": func(c *pfCall) {
			v, err := evalExpr(c.str(0))
			if err != nil {
				c.emit(`<strong class="error">Expression error: ` + htmlEscape(err.Error()) + `</strong>`)
				return
			}
			c.emit(formatNumber(v))
		},
		"#switch": switchFunction,
		"lc":      func(c *pfCall) { c.emit(strings.ToLower(c.str(0))) },
		"uc":      func(c *pfCall) { c.emit(strings.ToUpper(c.str(0))) },
		"lcfirst": func(c *pfCall) {
			s := c.str(0)
			r, n := utf8.DecodeRuneInString(s)
			c.emit(string(unicode.ToLower(r)) + s[n:])
		},
		"ucfirst": func(c *pfCall) {
			s := c.str(0)
			if s == "" {
				return
			}
			r, n := utf8.DecodeRuneInString(s)
			c.emit(string(unicode.ToUpper(r)) + s[n:])
		},
		"urlencode":    func(c *pfCall) { c.emit(url.QueryEscape(c.str(0))) },
		"anchorencode": func(c *pfCall) { c.emit(AnchorID(c.str(0))) },
		"padleft":      func(c *pfCall) { c.emit(pad(c.str(0), c.str(1), c.str(2), true)) },
		"padright":     func(c *pfCall) { c.emit(pad(c.str(0), c.str(1), c.str(2), false)) },
		"formatnum": func(c *pfCall) {
			if v, err := strconv.ParseFloat(strings.ReplaceAll(c.str(0), ",", ""), 64); err == nil {
				c.emit(groupThousands(formatNumber(v)))
			} else {
				c.emit(c.str(0))
			}
		},
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
			if n, err := strconv.Atoi(c.str(0)); err == nil {
				c.emit(namespaceName(n))
			} else {
				c.emit(c.str(0))
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

func pad(s, lengthStr, padding string, left bool) string {
	n, err := strconv.Atoi(lengthStr)
	if err != nil || n > 500 {
		return s
	}
	if padding == "" {
		padding = "0"
	}
	have := utf8.RuneCountInString(s)
	if have >= n {
		return s
	}
	var fill strings.Builder
	pr := []rune(padding)
	for i := 0; i < n-have; i++ {
		fill.WriteRune(pr[i%len(pr)])
	}
	if left {
		return fill.String() + s
	}
	return s + fill.String()
}

func formatNumber(v float64) string {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return "NAN"
	}
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'g', 14, 64)
}

func groupThousands(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	out := b.String()
	if frac != "" {
		out += "." + frac
	}
	if neg {
		out = "-" + out
	}
	return out
}

// Built-in templates: the card templates of the Board Game Arena wiki.
// A definition in the inputs (a Template: page) takes precedence.

type builtinCall struct {
	e    *expander
	f    *frame
	node *ppNode
	args map[string]*frameArg
	out  *builder
}

// arg returns an argument's expansion (trimmed), looking the names up in
// order.
func (c *builtinCall) arg(names ...string) *text {
	for _, n := range names {
		if a := c.args[n]; a != nil {
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
