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
