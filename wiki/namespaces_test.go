package wiki_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/wiki"
)

// A wiki's own namespace names and case rule (from the export's
// <siteinfo>) reach the parser: a case-sensitive wiki that calls namespace
// 14 "Bólkur", 10 "Fyrimynd" and 6 "Mynd".
func TestWikiNamespaces(t *testing.T) {
	w := open(t, wiki.Config{Inputs: []string{"testdata/namespaces-cs.xml"}})
	p, _ := w.Find("terningar")
	if p == nil {
		t.Fatal("no page terningar")
	}
	doc := w.Parse(p, p.LatestVisible())
	// Categories by either name, kept as written (case-sensitive).
	if want := []string{"spøl", "terningaspøl"}; !reflect.DeepEqual(doc.Categories, want) {
		t.Errorf("categories %q, want %q", doc.Categories, want)
	}
	var targets []string
	for n := range doc.Root.Descendants() {
		if n.Link() != nil && n.Link().Target != "" {
			targets = append(targets, n.Link().Target)
		}
	}
	// [[polish]] and [[Polish]] are two pages; a file is in "Mynd", whose
	// rule is first-letter.
	if want := []string{"polish", "Polish", "Mynd:Board.png"}; !reflect.DeepEqual(targets, want) {
		t.Errorf("link targets %q, want %q", targets, want)
	}
	text := model.PlainText(doc.Root)
	// {{regluboks}} and {{Template:regluboks}} are Fyrimynd:regluboks (its
	// latest visible revision: the latest is deleted); the namespace words
	// name the wiki's namespaces; #ifexist is case-sensitive.
	for _, want := range []string{"tvær eina", "Bólkur/Bólkur/Bólkur/terningar/til/ikki"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	for _, d := range doc.Diagnostics {
		if d.ID == model.MsgUnknownTemplate {
			t.Errorf("diagnostic: %v", d)
		}
	}
	if got := w.Templates.Names(); !slices.Contains(got, "Fyrimynd:regluboks") {
		t.Errorf("templates %q lack Fyrimynd:regluboks", got)
	}
	// A redirect's target follows the wiki's case rule.
	r, _ := w.Find("polish")
	if d := w.Parse(r, r.LatestVisible()); d.Redirect == nil || d.Redirect.Target != "terningar" {
		t.Errorf("redirect %+v, want terningar", d.Redirect)
	}
}

// The words that read the revision and the wiki get the revision's ids and
// author and the corpus's counts ("polish" is a redirect: not an article).
func TestRevisionWordsAndStats(t *testing.T) {
	w := open(t, wiki.Config{Inputs: []string{"testdata/namespaces-cs.xml"}})
	want := parser.SiteStats{Pages: 3, Articles: 1, Edits: 4, Users: 1, ActiveUsers: 1}
	if got := *w.Stats(); got != want {
		t.Errorf("stats %+v, want %+v", got, want)
	}
	p, _ := w.Find("terningar")
	doc := parser.Parse("{{PAGEID}} {{REVISIONID}} {{REVISIONUSER}} {{NUMBEROFARTICLES}} {{NUMBEROFEDITS}}", w.RevisionOptions(p, p.Latest()))
	if got := strings.TrimSpace(model.PlainText(doc.Root)); got != "1 10 Rói 1 4" {
		t.Errorf("got %q", got)
	}
}
