package parser_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// A text over the parser's limit is not parsed, and the document says so
// (an error node and a located diagnostic), never a silent truncation.
func TestTooLarge(t *testing.T) {
	src := strings.Repeat("a", parser.MaxSourceBytes+1)
	doc := parser.Parse(src, nil)
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].ID != model.MsgTooLarge || doc.Diagnostics[0].End != len(src) {
		t.Fatalf("diagnostics %v", doc.Diagnostics)
	}
	var sb strings.Builder
	if err := render.New(render.Options{}).Render(&sb, doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sb.String(), "not parsed") || len(sb.String()) > 1000 {
		t.Errorf("rendered %.200q", sb.String())
	}
}
