package render

import (
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"

	"github.com/wikirules/wikirules/internal/lexers"
	"github.com/wikirules/wikirules/model"
)

// Code from <syntaxhighlight> and <source> is highlighted with chroma. The
// parser leaves the code as the text of a <pre> (or an inline <code>) with
// its options as data attributes: data-lang, data-line (line numbers),
// data-start (the first number) and data-highlight ("1,3-5": lines to
// mark). Tokens get chroma's classes with the prefix "hl-" (the site's
// stylesheet styles them); a language chroma does not know, or a lexer
// error, gives the code as plain text, as the extension does. The lexers
// are chroma's, from internal/lexers, which builds chroma's registry on
// the first lookup rather than when the program starts.

// HighlightClassPrefix is the prefix of the token classes.
const HighlightClassPrefix = "hl-"

// highlightCode renders n, a <pre> or <code> with data-lang; it reports
// false when the code is to be written as plain text.
func (r *Renderer) highlightCode(w *Writer, n *model.Node) bool {
	lang, _ := n.Attr("data-lang")
	lexer := lexers.Get(lang)
	if lexer == nil {
		return false
	}
	code := codeText(n)
	opts := []chromahtml.Option{chromahtml.WithClasses(true), chromahtml.ClassPrefix(HighlightClassPrefix), chromahtml.WithPreWrapper(noPre{})}
	if n.Tag == "code" {
		opts = append(opts, chromahtml.InlineCode(true))
	}
	if _, ok := n.Attr("data-line"); ok {
		opts = append(opts, chromahtml.WithLineNumbers(true))
		if s, ok := n.Attr("data-start"); ok {
			if v, err := strconv.Atoi(s); err == nil && v > 0 {
				opts = append(opts, chromahtml.BaseLineNumber(v))
			}
		}
	}
	if spec, ok := n.Attr("data-highlight"); ok {
		var ranges [][2]int
		for _, p := range strings.Split(spec, ",") {
			a, b, isRange := strings.Cut(p, "-")
			x, err1 := strconv.Atoi(a)
			y := x
			var err2 error
			if isRange {
				y, err2 = strconv.Atoi(b)
			}
			if err1 == nil && err2 == nil {
				ranges = append(ranges, [2]int{x, y})
			}
		}
		// chroma numbers highlighted lines from the first line number.
		if s, ok := n.Attr("data-start"); ok {
			if v, err := strconv.Atoi(s); err == nil && v > 1 {
				for i := range ranges {
					ranges[i][0] += v - 1
					ranges[i][1] += v - 1
				}
			}
		}
		opts = append(opts, chromahtml.HighlightLines(ranges))
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return false
	}
	var sb strings.Builder
	if err := chromahtml.New(opts...).Format(&sb, PlainCodeStyle(), it); err != nil {
		return false
	}
	w.WriteString("<" + n.Tag)
	for _, a := range n.Attrs() {
		if !strings.HasPrefix(a.Name, "data-") && safeAttr(a.Name, a.Value) {
			w.Attr(a.Name, a.Value)
		}
	}
	w.WriteByte('>')
	out := sb.String()
	if n.Tag == "code" {
		// chroma's inline wrapper: keep what is inside it.
		if i := strings.IndexByte(out, '>'); strings.HasPrefix(out, "<code") && i >= 0 {
			out = strings.TrimSuffix(out[i+1:], "</code>")
		}
	}
	w.WriteString(out)
	w.WriteString("</" + n.Tag + ">")
	return true
}

// PlainCodeStyle returns a chroma style with no colours. Code highlighted
// with classes (as here) comes out the same whatever the style, which only
// the stylesheet uses; this one spares a program chroma's styles package,
// which decodes its 70 styles when the program starts (17 ms).
var PlainCodeStyle = sync.OnceValue(func() *chroma.Style {
	return chroma.MustNewStyle("plain", chroma.StyleEntries{})
})

// noPre is a chroma pre wrapper that writes nothing: the <pre> is ours.
// (chroma's PreventSurroundingPre would also drop the line spans that
// carry line numbers and highlighted lines.)
type noPre struct{}

func (noPre) Start(bool, string) string { return "" }
func (noPre) End(bool) string           { return "" }

// codeText is the code of a <pre> or <code>: its text, line breaks kept.
func codeText(n *model.Node) string {
	var sb strings.Builder
	model.Walk(n, func(c *model.Node, entering bool) model.WalkStatus {
		if entering && c.Kind == model.KindText {
			sb.WriteString(c.Text)
		}
		if entering && c.Kind == model.KindLineBreak {
			sb.WriteByte('\n')
		}
		return model.WalkContinue
	})
	return sb.String()
}

// renderCode is the render function of <pre> and of elements: highlighted
// code where the parser marked some, the default otherwise.
func (r *Renderer) renderCode(w *Writer, n *model.Node, entering bool) bool {
	if _, ok := n.Attr("data-lang"); ok && entering && (n.Tag == "pre" || n.Tag == "code") {
		if r.highlightCode(w, n) {
			return false
		}
	}
	return renderPlainCode(w, n, entering)
}

// renderPlainCode writes an element without its data attributes.
func renderPlainCode(w *Writer, n *model.Node, entering bool) bool {
	if _, ok := n.Attr("data-lang"); !ok {
		return renderElement(w, n, entering)
	}
	if !entering {
		return renderElement(w, n, entering)
	}
	m := *n
	var attrs []model.Attr
	for _, a := range n.Attrs() {
		if !strings.HasPrefix(a.Name, "data-") {
			attrs = append(attrs, a)
		}
	}
	m.SetAttrs(attrs)
	return renderElement(w, &m, entering)
}
