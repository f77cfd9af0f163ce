package parser

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
)

// TestExpansionNestingLimit: expansions nested deeper than MediaWiki's
// $wgMaxPPExpandDepth stop with a visible error, so deep nesting cannot
// take quadratic time or exhaust the stack.
func TestExpansionNestingLimit(t *testing.T) {
	tpl := NewWikiTemplates()
	tpl.Add("Box", "({{{1}}})")
	hasDepthError := func(doc *model.Document) bool {
		for _, d := range doc.Diagnostics {
			if d.ID == model.MsgTemplateDepth && d.Severity == model.SevError {
				return true
			}
		}
		return false
	}
	// Calls nested in arguments: each level nests two expansions (the body,
	// and the argument in it), as in MediaWiki: 40 levels expand, 60 reach
	// the limit.
	for _, tc := range []struct {
		depth   int
		limited bool
	}{{40, false}, {60, true}} {
		src := strings.Repeat("{{Box|", tc.depth) + "x" + strings.Repeat("}}", tc.depth)
		doc := Parse(src, &Options{WikiTemplates: tpl})
		if got := hasDepthError(doc); got != tc.limited {
			t.Errorf("%d nested calls: depth error %v, want %v (%v)", tc.depth, got, tc.limited, doc.Diagnostics)
		}
		errs := 0
		for range doc.Root.FindAll(model.KindError) {
			errs++
		}
		if tc.limited && errs == 0 {
			t.Errorf("%d nested calls: no error node", tc.depth)
		}
		if text := model.PlainText(doc.Root); !tc.limited && !strings.Contains(text, strings.Repeat("(", tc.depth)+"x") {
			t.Errorf("%d nested calls: %q", tc.depth, text)
		}
	}
	// Argument names nested in argument names on the page: the page shows
	// them as written, however deep.
	for _, n := range []int{50, 60000} {
		src := strings.Repeat("{", n) + strings.Repeat("}", n)
		doc := Parse(src, &Options{})
		if text := model.PlainText(doc.Root); text != src {
			t.Errorf("{×%d…}×%d shows %d bytes, want the %d written", n, n, len(text), len(src))
		}
	}
}
