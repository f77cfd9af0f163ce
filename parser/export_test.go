package parser

import (
	"io"

	"github.com/wikirules/wikirules/model"
)

// renderForBench is set by an external test file to the HTML renderer, so
// the in-package benchmarks can measure parse+render without an import
// cycle in the package graph.
var renderForBench = func(w io.Writer, doc *model.Document) error { return nil }

// SetRenderForBench installs the renderer used by BenchmarkParseRenderSeeds.
func SetRenderForBench(f func(io.Writer, *model.Document) error) { renderForBench = f }

// GeneratedInputs returns the generated pages of the scaling tests at about
// size bytes each, by name: every construct and every hostile pattern.
func GeneratedInputs(size int) map[string]string {
	out := map[string]string{}
	for _, c := range constructs {
		out["construct "+c.name] = c.gen(size)
	}
	for name, in := range hostileInputs(size) {
		out["hostile "+name] = in
	}
	return out
}

// ScaleTemplates are the template definitions the constructs call.
func ScaleTemplates() *WikiTemplates { return scaleTemplates() }
