package wiki_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
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
		if n.Link != nil && n.Link.Target != "" {
			targets = append(targets, n.Link.Target)
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
