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
