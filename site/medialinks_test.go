package site_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/site"
)

// A [[Media:Name]] link goes to the file itself, as on the wiki (and a
// link to a missing file is red): it went to the search page, red,
// "page does not exist", though the file is published.
func TestMediaLinksGoToTheFile(t *testing.T) {
	media := fstest.MapFS{"Board.png": {Data: []byte("a board")}}
	got := buildPages(t, map[string]string{"Gamehelpboard.wiki": "Print [[Media:Board.png|the board]] or see [[Media:Gone.png]].\n"}, site.Options{Media: media})
	page := string(got["games/board/index.html"])
	if want := `<a href="../../media/board.png" title="Media:Board.png">the board</a>`; !strings.Contains(page, want) {
		t.Errorf("no %s in\n%s", want, page)
	}
	if strings.Count(page, `class="new"`) != 1 {
		t.Errorf("want one red link (the missing file):\n%s", page)
	}
}
