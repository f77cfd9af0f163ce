package parser_test

import (
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
// with an empty $wgServer) and the first use is reported, once a parse,
// at its place.
func TestServerWords(t *testing.T) {
	src := "a {{SERVER}}, {{servername}}, {{fullurl:Foo bar}}, {{canonicalurl:Foo|action=edit}}"
	for _, c := range []struct {
		server, want string
		warned       bool
	}{
		{"https://wiki.example.net", "a https://wiki.example.net, wiki.example.net, https://wiki.example.net/wiki/Foo_bar, https://wiki.example.net/index.php?title=Foo&action=edit", false},
		{"", "a , , /wiki/Foo_bar, /index.php?title=Foo&action=edit", true},
	} {
		doc := parser.Parse(src, &parser.Options{Title: "X", Server: c.server})
		if got := strings.TrimSpace(model.PlainText(doc.Root)); got != c.want {
			t.Errorf("server %q:\n got %s\nwant %s", c.server, got, c.want)
		}
		var warned []model.Msg
		for _, d := range doc.Diagnostics {
			if d.ID == model.MsgNoServer {
				warned = append(warned, d)
			}
		}
		switch {
		case !c.warned && len(warned) > 0:
			t.Errorf("server %q: warned %v", c.server, warned)
		case c.warned && (len(warned) != 1 || warned[0].Pos != 2):
			t.Errorf("server %q: want one %s warning at byte 2, got %v", c.server, model.MsgNoServer, warned)
		}
	}
	// A full URL alone is reported too.
	doc := parser.Parse("{{fullurle:Foo}}", &parser.Options{Title: "X"})
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].ID != model.MsgNoServer {
		t.Errorf("{{fullurle:}} without a server: %v", doc.Diagnostics)
	}
}
