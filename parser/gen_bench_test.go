package parser_test

import (
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/parser"
)

// BenchmarkParseGenerated parses the revisions of a generated wiki (the
// pages BenchmarkBuildGenerated builds).
func BenchmarkParseGenerated(b *testing.B) {
	var texts []string
	n := 0
	for _, e := range testgen.Entries(testgen.Options{Pages: 50, Revisions: 4, Seed: 1}) {
		texts = append(texts, e.Rev.Text)
		n += len(e.Rev.Text)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			parser.Parse(t, &parser.Options{Title: "Gamehelpx"})
		}
	}
}
