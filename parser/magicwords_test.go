package parser_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// TestRevisionAndSiteWords: the words that read the revision and the wiki
// (MediaWiki 1.39's output for the same options: ids and the author empty
// when the text is not a saved revision, counts formatted unless :R).
func TestRevisionAndSiteWords(t *testing.T) {
	src := "{{PAGEID}}|{{REVISIONID}}|{{REVISIONUSER}}|{{REVISIONSIZE}}|{{PAGELANGUAGE}}|{{STYLEPATH}}|{{CURRENTVERSION}}|" +
		"{{NUMBEROFPAGES}}|{{NUMBEROFPAGES:R}}|{{NUMBEROFARTICLES}}|{{NUMBEROFFILES}}|{{NUMBEROFEDITS}}|{{NUMBEROFUSERS}}|{{NUMBEROFACTIVEUSERS}}|{{NUMBEROFADMINS}}|{{numberofpages}}"
	size := strconv.Itoa(len(src)) // {{REVISIONSIZE}}: the text's bytes
	for _, c := range []struct {
		name string
		opts *parser.Options
		want string
	}{
		{"preview", &parser.Options{Title: "X"}, "|||" + size + "|en|/skins|" + parser.MediaWikiVersion + "|0|0|0|0|0|0|0|0|Template:Numberofpages"},
		{"saved", &parser.Options{Title: "X", PageID: 12, RevisionID: 345, RevisionUser: "Mara",
			Stats: &parser.SiteStats{Pages: 1234, Articles: 1000, Files: 7, Edits: 56789, Users: 42, ActiveUsers: 3, Admins: 1}},
			"12|345|Mara|" + size + "|en|/skins|" + parser.MediaWikiVersion + "|1,234|1234|1,000|7|56,789|42|3|1|Template:Numberofpages"},
	} {
		doc := parser.Parse(src, c.opts)
		if got := strings.TrimSpace(model.PlainText(doc.Root)); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
}

// TestServerWords: {{SERVER}}, {{SERVERNAME}} and the full-URL functions
// use Options.Server; without one they render without it (as MediaWiki
// with an empty $wgServer) and each use is reported, on the page: at the
// call that brought it in when a template uses it.
func TestServerWords(t *testing.T) {
	src := "a {{SERVER}}, {{servername}}, {{fullurl:Foo bar}}, {{canonicalurl:Foo|action=edit}}"
	for _, c := range []struct {
		server, want string
		warned       []int // where each warning starts
	}{
		{"https://wiki.example.net", "a https://wiki.example.net, wiki.example.net, https://wiki.example.net/wiki/Foo_bar, https://wiki.example.net/index.php?title=Foo&action=edit", nil},
		{"", "a , , /wiki/Foo_bar, /index.php?title=Foo&action=edit", []int{2, 14, 30, 51}},
	} {
		doc := parser.Parse(src, &parser.Options{Title: "X", Server: c.server})
		if got := strings.TrimSpace(model.PlainText(doc.Root)); got != c.want {
			t.Errorf("server %q:\n got %s\nwant %s", c.server, got, c.want)
		}
		var warned []int
		for _, d := range doc.Diagnostics {
			if d.ID == model.MsgNoServer {
				warned = append(warned, d.Pos)
			}
		}
		if fmt.Sprint(warned) != fmt.Sprint(c.warned) {
			t.Errorf("server %q: %s warnings at %v, want %v (%v)", c.server, model.MsgNoServer, warned, c.warned, doc.Diagnostics)
		}
	}
	// In a template, the warning is at the call on the page (the
	// template's own text is elsewhere).
	tpl := parser.NewWikiTemplates()
	tpl.Add("Template:Home", strings.Repeat("x", 60)+" {{fullurle:Foo}}")
	doc := parser.Parse("ab {{Home}}", &parser.Options{Title: "X", WikiTemplates: tpl})
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].ID != model.MsgNoServer || doc.Diagnostics[0].Pos != 3 || doc.Diagnostics[0].End != 11 {
		t.Errorf("{{fullurle:}} in a template without a server: %v, want one %s at 3:11", doc.Diagnostics, model.MsgNoServer)
	}
}

// TestUnknownTemplateInTemplate: a template a template calls that has no
// definition is reported at the outer call on the page, not at its place
// in the template's own text.
func TestUnknownTemplateInTemplate(t *testing.T) {
	tpl := parser.NewWikiTemplates()
	tpl.Add("Template:Outer", strings.Repeat("x", 60)+" {{Nowhere}}")
	doc := parser.Parse("ab {{Outer}}", &parser.Options{Title: "X", WikiTemplates: tpl})
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].ID != model.MsgUnknownTemplate || doc.Diagnostics[0].Pos != 3 || doc.Diagnostics[0].End != 12 {
		t.Errorf("%v, want one %s at 3:12", doc.Diagnostics, model.MsgUnknownTemplate)
	}
}
