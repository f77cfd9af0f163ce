package site

import "io"

// escapeText writes s escaped as text/template.HTMLEscape escapes
// []byte(s) (" ' & < > as &#34; &#39; &amp; &lt; &gt;, NUL as U+FFFD),
// without copying s into a byte slice first: the site escapes every line
// of every diff it shows.
func escapeText(w io.StringWriter, s string) { escapeHTML(w, s, false) }

// escapeByte marks the bytes escapeHTML replaces: the wikitext of every
// page and diff goes through it.
var escapeByte = [256]bool{0: true, '"': true, '\'': true, '&': true, '<': true, '>': true, '+': true}

// escapeHTML is escapeText, and with plus + as &#43; (as html/template
// escapes it).
func escapeHTML(w io.StringWriter, s string, plus bool) {
	last := 0
	for i := 0; i < len(s); i++ {
		if !escapeByte[s[i]] {
			continue
		}
		var r string
		switch s[i] {
		case 0:
			r = "\uFFFD"
		case '"':
			r = "&#34;"
		case '\'':
			r = "&#39;"
		case '&':
			r = "&amp;"
		case '<':
			r = "&lt;"
		case '>':
			r = "&gt;"
		case '+':
			if !plus {
				continue
			}
			r = "&#43;"
		default:
			continue
		}
		w.WriteString(s[last:i])
		w.WriteString(r)
		last = i + 1
	}
	w.WriteString(s[last:])
}
