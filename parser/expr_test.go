package parser_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// exprCases reads testdata/mediawiki/expr.json: #expr and #ifexpr calls
// with the HTML MediaWiki 1.39 (ParserFunctions) writes for each inside its
// paragraph, recorded from a real MediaWiki. TestAgainstMediaWiki checks
// them against the MediaWiki at hand too.
func exprCases(t *testing.T) [][2]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "mediawiki", "expr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestExprAsMediaWiki: numbers as PHP prints them (1.0E+20, INF, integers
// from mod and trunc), the words and punctuation ExprParser refuses, with
// its messages, and its operator precedence.
func TestExprAsMediaWiki(t *testing.T) {
	for _, c := range exprCases(t) {
		doc := parser.Parse(c[0], &parser.Options{Title: "Parser test"})
		var sb strings.Builder
		render.New(render.Options{}).Render(&sb, doc)
		// Compared as HTML (MediaWiki writes " in text as &quot;).
		if got, want := htmlnorm.Normalize(sb.String()), htmlnorm.Normalize("<p>"+c[1]+"</p>"); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c[0], got, want)
		}
	}
}
