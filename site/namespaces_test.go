package site_test

import (
	"path/filepath"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/site"
)

// The site reads titles by the wiki's rules: on a case-sensitive wiki
// that calls namespace 6 "Mynd" and 14 "Bólkur", [[Polish]] is not the
// page "polish" (a redirect to "terningar", not to "Terningar": [[polish]]
// links to its target), [[Mynd:board.png]] shows the uploaded board.png,
// and [[bólkur:terningaspøl]] puts the page in a category.
func TestSiteNamespaces(t *testing.T) {
	c, err := corpus.Load([]string{filepath.Join("..", "wiki", "testdata", "namespaces-cs.xml")}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test", Media: fstest.MapFS{"board.png": {Data: []byte("\x89PNG\r\n\x1a\n")}}}, out)
	fs := files(t, out)
	page := string(fs["wiki/terningar/index.html"])
	for _, re := range []string{
		`<a href="../../wiki/terningar/index.html" title="polish">polish</a>`,
		`href="[^"]*search/index.html\?q=Polish"`,
		`<img src="[^"]*media/board[^"]*"`,
		`href="[^"]*categories/terningasp[^"]*"`,
	} {
		if !regexp.MustCompile(re).MatchString(page) {
			t.Errorf("page lacks %s:\n%s", re, page)
		}
	}
	checkLinks(t, out)
}
