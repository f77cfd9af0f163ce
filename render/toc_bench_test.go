package render_test

import (
	"bytes"
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// generatedDocs are the last revisions of 300 generated pages, parsed:
// the pages a site build writes.
func generatedDocs(b *testing.B) []*model.Document {
	c := testgen.Corpus(testgen.Options{Pages: 300, Revisions: 1, Seed: 1})
	docs := make([]*model.Document, 0, len(c.Pages))
	for _, p := range c.Pages {
		docs = append(docs, parser.Parse(p.Revisions[len(p.Revisions)-1].Text, &parser.Options{}))
	}
	return docs
}

// BenchmarkTOC lists the headings of 300 generated pages, as the site does
// for each page's table of contents: TOC (plain text), Renderer.TOC (each
// line's HTML too) and, for scale, Body, the pages' bodies rendered
// without a table of contents (go test ./render -bench TOC -benchmem).
func BenchmarkTOC(b *testing.B) {
	docs := generatedDocs(b)
	r := render.New(render.Options{NoTOC: true})
	b.Run("TOC", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				render.TOC(d)
			}
		}
	})
	b.Run("RendererTOC", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, d := range docs {
				r.TOC(d)
			}
		}
	})
	b.Run("Body", func(b *testing.B) {
		b.ReportAllocs()
		var out bytes.Buffer
		for b.Loop() {
			for _, d := range docs {
				out.Reset()
				if err := r.Render(&out, d); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
