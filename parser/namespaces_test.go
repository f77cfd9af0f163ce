package parser_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// faroese are the rules of a case-sensitive wiki with its own names for
// the File, Template and Category namespaces.
func faroese() *model.Namespaces {
	return model.NewNamespaces(&model.SiteInfo{Case: model.CaseSensitive, Namespaces: []model.Namespace{
		{ID: 6, Name: "Mynd", Case: model.CaseFirstLetter},
		{ID: 10, Name: "Fyrimynd"},
		{ID: 14, Name: "Bólkur"},
	}})
}

func TestNamespaces(t *testing.T) {
	names := faroese()
	tpl := parser.NewWikiTemplates()
	tpl.Add("box", "[{{{1}}}]")              // before the rules are known: Template:box
	tpl.Add("Fyrimynd:Other", "<other>")     // before: a page of the main namespace
	tpl.SetNamespaces(names)                 // read again: both are templates
	tpl.Add(":Fyrimynd:third", "({{{1|}}})") // after
	if got, want := tpl.Names(), []string{"Fyrimynd:Other", "Fyrimynd:box", "Fyrimynd:third"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names %q, want %q", got, want)
	}
	src := "{{box|a}} {{Template:box|b}} {{Fyrimynd:Other}} {{third|c}} {{Box}}\n" +
		"{{ns:14}} {{ns:Category}} {{ns:bólkur}} {{NAMESPACE:Mynd:x}} {{TALKSPACE:Fyrimynd:x}} {{localurl:fyrimynd:box}} {{PAGENAME}}\n\n" +
		"[[Category:spøl]] [[bólkur:kort]] [[image:board.png]] [[mynd:dice.png|thumb|Dice]] [[page]] [[Page]]\n" +
		"<gallery>\ncards.png|Cards\n</gallery>"
	doc := parser.Parse(src, &parser.Options{Title: "spøl", Namespaces: names, WikiTemplates: tpl})
	if want := []string{"spøl", "kort"}; !reflect.DeepEqual(doc.Categories, want) {
		t.Errorf("categories %q, want %q", doc.Categories, want)
	}
	if targets, want := linkTargets(doc), []string{"Fyrimynd:Box", "Mynd:Board.png", "Mynd:Dice.png", "page", "Page", "Mynd:Cards.png"}; !reflect.DeepEqual(targets, want) {
		t.Errorf("targets %q, want %q", targets, want)
	}
	text := model.PlainText(doc.Root)
	for _, want := range []string{"[a] [b] <other> (c) Fyrimynd:Box", "Bólkur Bólkur Bólkur Mynd Template talk /wiki/Fyrimynd:box spøl"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// {{TALKSPACE}} names a namespace the export did not list by its
	// canonical name. The same page by the default rules:
	doc = parser.Parse("[[Category:spøl]] [[bólkur:kort]] [[page]] {{ns:14}}", nil)
	if want := []string{"Spøl"}; !reflect.DeepEqual(doc.Categories, want) {
		t.Errorf("default rules: categories %q, want %q", doc.Categories, want)
	}
	if text := model.PlainText(doc.Root); !strings.HasSuffix(text, "Category") {
		t.Errorf("default rules: %q", text)
	}
	if targets, want := linkTargets(doc), []string{"Bólkur:kort", "Page"}; !reflect.DeepEqual(targets, want) {
		t.Errorf("default rules: targets %q, want %q", targets, want)
	}
}

func linkTargets(doc *model.Document) []string {
	var targets []string
	for n := range doc.Root.Descendants() {
		if n.Link() != nil && n.Link().Target != "" {
			targets = append(targets, n.Link().Target)
		}
	}
	return targets
}

// TestTemplateLookupsAfterChanges: a template looked up before a
// definition is added, or before the namespace rules change, is found as
// the definitions and rules say afterwards (the lookups are remembered
// until then).
func TestTemplateLookupsAfterChanges(t *testing.T) {
	tpl := parser.NewWikiTemplates()
	if _, ok := tpl.Template("Template:Box"); ok {
		t.Fatal("Template:Box found before it is defined")
	}
	tpl.Add("Box", "[{{{1}}}]")
	if text, ok := tpl.Template("Template:Box"); !ok || text != "[{{{1}}}]" {
		t.Fatalf("Box after Add: %q, %v", text, ok)
	}
	tpl.Add("Box", "({{{1}}})") // a later definition wins
	if text, _ := tpl.Template("Template:Box"); text != "({{{1}}})" {
		t.Fatalf("Box redefined: %q", text)
	}
	if _, ok := tpl.Template("Fyrimynd:Box"); ok {
		t.Fatal("Fyrimynd:Box found by the default rules")
	}
	tpl.SetNamespaces(faroese())
	if text, ok := tpl.Template("Fyrimynd:Box"); !ok || text != "({{{1}}})" {
		t.Fatalf("Fyrimynd:Box by the Faroese rules: %q, %v", text, ok)
	}
	for i := range 5000 {
		// More titles than are remembered: each still looked up.
		if _, ok := tpl.Template("Missing" + strings.Repeat("x", i%7) + string(rune('a'+i%26))); ok {
			t.Fatal("a missing template found")
		}
	}
	if text, ok := tpl.Template("Template:Box"); !ok || text != "({{{1}}})" {
		t.Fatalf("Box after many lookups: %q, %v", text, ok)
	}
}
