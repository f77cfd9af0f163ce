package parser_test

import (
	"io"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

func init() {
	r := render.New(render.Options{})
	parser.SetRenderForBench(func(w io.Writer, doc *model.Document) error { return r.Render(w, doc) })
}
