package site

import (
	"bytes"
	"html/template"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// newMarkdown returns the Markdown converter of the site's own pages:
// GitHub-flavoured Markdown, heading ids, fenced code highlighted by
// chroma. Raw HTML is not passed through (goldmark's default): the pages
// are ours, but a user's content directory replaces them.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 100))),
	)
}

// markdownHTML converts Markdown to HTML; it returns the first level-one
// heading's text as the title.
func markdownHTML(md goldmark.Markdown, src []byte) (template.HTML, string, error) {
	doc := md.Parser().Parse(textReader(src))
	title := ""
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if h, ok := n.(*ast.Heading); ok && entering && h.Level == 1 && title == "" {
			title = string(plainText(h, src))
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, doc); err != nil {
		return "", "", err
	}
	return template.HTML(b.String()), title, nil
}

func plainText(n ast.Node, src []byte) []byte {
	var out []byte
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			out = append(out, t.Segment.Value(src)...)
		}
		return ast.WalkContinue, nil
	})
	return out
}

// codeRenderer renders fenced code blocks with chroma.
type codeRenderer struct{}

func (codeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, func(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		cb := n.(*ast.FencedCodeBlock)
		var code bytes.Buffer
		for i := 0; i < cb.Lines().Len(); i++ {
			seg := cb.Lines().At(i)
			code.Write(seg.Value(src))
		}
		lang := string(cb.Language(src))
		w.WriteString(string(highlight(lang, code.String())))
		return ast.WalkSkipChildren, nil
	})
}

func textReader(src []byte) text.Reader { return text.NewReader(src) }
