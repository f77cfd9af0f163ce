package parser_test

import (
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// TestConformanceTemplates scores the parser on the MediaWiki parser-test
// cases that need template definitions (templates-dev.jsonl), set up as
// ../shared/conformance/run_templates.py sets them up for `wikirules html
// --templates DIR`: every article of the case's test file is a definition
// (titles with "/" cannot be file names there and are left out here too),
// the page is "Parser test", the clock the runner's fixed time and the
// server the runner's $wgServer. The floor in
// testdata/conformance-templates-floor.txt only goes up.
func TestConformanceTemplates(t *testing.T) {
	cases := loadCaseFile(t, "templates-dev.jsonl")
	at := time.Date(1970, 1, 1, 0, 2, 3, 0, time.UTC)
	scoreConformance(t, cases, "conformance-templates-floor.txt", func(c confCase) string {
		tpl := parser.NewWikiTemplates()
		for title, text := range c.Articles {
			if strings.Contains(title, "/") {
				continue
			}
			tpl.Add(":"+title, strings.TrimRight(text, " \t\r\n"))
		}
		doc := parser.Parse(c.Wikitext, &parser.Options{Title: "Parser test", Time: at, Server: "http://example.org", WikiTemplates: tpl})
		var sb strings.Builder
		render.New(render.Options{}).Render(&sb, doc)
		return sb.String()
	})
}
