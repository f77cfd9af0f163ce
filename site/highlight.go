package site

import (
	"bytes"
	_ "embed"
	"html/template"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/wikirules/wikirules/internal/lexers"

	"github.com/wikirules/wikirules/render"
)

// Styles of the highlighted code: the light one by default, the dark one
// under the dark theme.
const (
	lightStyle = "github"
	darkStyle  = "github-dark"
)

// chromaCSSFile is chromaCSSOf chroma's light and dark styles, made by
// TestChromaCSS (go test ./site -run ChromaCSS -update after a chroma
// upgrade). Importing chroma's styles package would cost every run of
// the program, whatever the command, 17 ms of start-up: it decodes the
// XML of its 70 styles when the program starts.
//
//go:embed chroma.css
var chromaCSSFile []byte

var formatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.ClassPrefix("hl-"))

// highlight returns code as HTML with chroma's token classes; an unknown
// language or a lexer error gives the code escaped, unhighlighted.
func highlight(lang, code string) template.HTML {
	lexer := lexers.Get(lang)
	if lexer == nil {
		return template.HTML("<pre><code>" + template.HTMLEscapeString(code) + "</code></pre>")
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return template.HTML("<pre><code>" + template.HTMLEscapeString(code) + "</code></pre>")
	}
	var b bytes.Buffer
	// With classes, the HTML does not depend on the style: the
	// stylesheet (chromaCSS) does.
	if err := formatter.Format(&b, render.PlainCodeStyle(), it); err != nil {
		return template.HTML("<pre><code>" + template.HTMLEscapeString(code) + "</code></pre>")
	}
	return template.HTML(b.String())
}

// chromaCSS is the stylesheet of the highlighted code.
func chromaCSS() []byte { return chromaCSSFile }

// chromaCSSOf is the stylesheet of the highlighted code: the light style,
// and the dark one both for the system setting and the theme toggle.
func chromaCSSOf(lightStyle, darkStyle *chroma.Style) []byte {
	var light, dark bytes.Buffer
	formatter.WriteCSS(&light, lightStyle)
	formatter.WriteCSS(&dark, darkStyle)
	var out bytes.Buffer
	out.WriteString("/* Code highlighting (chroma: " + lightStyle.Name + " and " + darkStyle.Name + "). */\n")
	out.Write(light.Bytes())
	out.WriteString("@media (prefers-color-scheme: dark) {\n")
	out.WriteString(scopeCSS(dark.String(), `:root:not([data-theme="light"]) `))
	out.WriteString("}\n")
	out.WriteString(scopeCSS(dark.String(), `:root[data-theme="dark"] `))
	return out.Bytes()
}

// scopeCSS prefixes every rule's selector with scope. chroma writes one rule
// per line ("/* Keyword */ .hl-k { color: #… }").
func scopeCSS(css, scope string) string {
	var b strings.Builder
	for _, line := range strings.Split(css, "\n") {
		if line == "" {
			continue
		}
		rule := line
		comment := ""
		if strings.HasPrefix(rule, "/*") {
			if i := strings.Index(rule, "*/"); i >= 0 {
				comment, rule = rule[:i+2]+" ", strings.TrimSpace(rule[i+2:])
			}
		}
		brace := strings.IndexByte(rule, '{')
		if brace < 0 {
			continue
		}
		sels := strings.Split(rule[:brace], ",")
		for i, s := range sels {
			sels[i] = scope + strings.TrimSpace(s)
		}
		b.WriteString(comment + strings.Join(sels, ", ") + " " + rule[brace:] + "\n")
	}
	return b.String()
}
