package parser

import (
	"strconv"
	"strings"
)

// <syntaxhighlight> and <source> (the SyntaxHighlight extension). The
// parser writes the structure the extension writes,
//
//	<div class="mw-highlight mw-highlight-lang-go mw-content-ltr" dir="ltr"><pre>…</pre></div>
//	<code class="mw-highlight mw-highlight-lang-go mw-content-ltr" dir="ltr">…</code>   (inline)
//
// with the code as text and its options as data attributes on the <pre> or
// <code> (data-lang, data-line, data-start, data-highlight); the renderer
// highlights it (render/highlight.go), so the tree keeps the code as text
// for extraction and diffs. A language the highlighter does not know is
// written as a plain <pre>, as the extension writes it, by the renderer.

// codeTag renders <syntaxhighlight>; block reports a block (div) rather
// than inline code.
func (e *expander) codeTag(n *ppNode, f *frame, content *text) (html *text, block bool) {
	var lang, start, hl string
	line, inline, rtl := false, false, false
	var class, style, id string
	for _, a := range parseAttrs(n.ext.attrs) {
		switch a.name {
		case "lang":
			lang = strings.ToLower(strings.TrimSpace(a.value))
		case "line":
			line = true
		case "start":
			start = strings.TrimSpace(a.value)
		case "highlight":
			hl = strings.TrimSpace(a.value)
		case "inline":
			inline = true
		case "enclose":
			inline = inline || strings.EqualFold(a.value, "none")
		case "dir":
			rtl = strings.EqualFold(a.value, "rtl")
		case "class":
			class = a.value
		case "style":
			style = a.value
		case "id":
			id = a.value
		}
	}
	if lang != "" && !safeToken(lang) {
		lang = ""
	}
	dir := "ltr"
	if rtl {
		dir = "rtl"
	}
	classes := "mw-highlight"
	if class != "" {
		classes = class + " " + classes
	}
	if lang != "" {
		classes += " mw-highlight-lang-" + lang
	}
	classes += " mw-content-" + dir
	if line && !inline {
		classes += " mw-highlight-lines"
	}
	outer := ` class="` + htmlAttrEscape(classes) + `" dir="` + dir + `"`
	extra := ""
	if style != "" {
		extra += ` style="` + htmlAttrEscape(style) + `"`
	}
	if id != "" {
		extra += ` id="` + htmlAttrEscape(id) + `"`
	}
	if extra != "" {
		outer += sanitizeAttrs(extra, "div")
	}
	data := ""
	if lang != "" {
		data += ` data-lang="` + lang + `"`
		if line && !inline {
			data += ` data-line="1"`
			if isAllDigits(start) {
				data += ` data-start="` + strconv.Itoa(atoiMax(start)) + `"`
			}
		}
		if lines := highlightLines(hl); lines != "" && !inline {
			data += ` data-highlight="` + lines + `"`
		}
	}
	// The code: leading newlines and trailing space go (rtrim, then
	// /^\n+/); inline code is trimmed and kept on one line.
	code := trimNewlines(content)
	hb := newBuilder(len(code.s) + 128)
	if inline {
		code = trimText(code)
		e.emitGen(hb, f, "<code"+outer+data+">", n.pos, n.ext.innerPos)
		hb.appendText(replaceBytes(escapeAll(code), func(c byte) string {
			if c == '\n' {
				return " "
			}
			return ""
		}))
		e.emitGen(hb, f, "</code>", n.end, n.end)
		return hb.text(), false
	}
	e.emitGen(hb, f, "<div"+outer+"><pre"+data+">", n.pos, n.ext.innerPos)
	hb.appendText(escapeAll(code))
	e.emitGen(hb, f, "</pre></div>", n.end, n.end)
	return hb.text(), true
}

// highlightLines normalizes highlight="1,3-5" as the extension reads it
// (numbers and ranges, at most 1000 lines); "" when none is valid.
func highlightLines(spec string) string {
	if spec == "" {
		return ""
	}
	var out []string
	count := 0
	for _, v := range strings.Split(spec, ",") {
		v = strings.TrimSpace(v)
		if isAllDigits(v) {
			out = append(out, strconv.Itoa(atoiMax(v)))
			count++
		} else if a, b, ok := strings.Cut(v, "-"); ok {
			x, y := atoiMax(strings.TrimSpace(a)), atoiMax(strings.TrimSpace(b))
			if x > 0 && x < y && y-x < 1000 {
				out = append(out, strconv.Itoa(x)+"-"+strconv.Itoa(y))
				count += y - x + 1
			}
		}
		if count > 1000 {
			break
		}
	}
	return strings.Join(out, ",")
}

// atoiMax reads a decimal number, capped so that it cannot overflow.
func atoiMax(s string) int {
	n := 0
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > 1<<30 {
			return 1 << 30
		}
	}
	return n
}
