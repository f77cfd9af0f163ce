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
	// Argument names nested in argument names on the page: an unset
	// argument is written back with its name expanded (MediaWiki's
	// argSubstitution), so a shallow run shows as written and a deep one
	// reaches the same limit as in MediaWiki.
	src := strings.Repeat("{", 50) + strings.Repeat("}", 50)
	if text := model.PlainText(Parse(src, &Options{}).Root); text != src {
		t.Errorf("{×50…}×50 shows %q, want it as written", text)
	}
	src = strings.Repeat("{", 60000) + strings.Repeat("}", 60000)
	doc := Parse(src, &Options{})
	if !hasDepthError(doc) {
		t.Errorf("{×60000…}×60000: no depth error (%v)", doc.Diagnostics)
	}
}
