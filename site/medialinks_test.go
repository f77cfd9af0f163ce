package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/site"
)

// A [[Media:Name]] link goes to the file itself, as on the wiki (and a
// link to a missing file is red): it went to the search page, red,
// "page does not exist", though the file is published.
func TestMediaLinksGoToTheFile(t *testing.T) {
	in := t.TempDir()
	text := "Print [[Media:Board.png|the board]] or see [[Media:Gone.png]].\n"
	if err := os.WriteFile(filepath.Join(in, "Gamehelpboard.wiki"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := corpus.Load([]string{in}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	media := fstest.MapFS{"Board.png": {Data: []byte("a board")}}
	build(t, c, site.Options{Version: "test", Media: media}, out)
	page := string(files(t, out)["games/board/index.html"])
	if want := `<a href="../../media/board.png" title="Media:Board.png">the board</a>`; !strings.Contains(page, want) {
		t.Errorf("no %s in\n%s", want, page)
	}
	if strings.Count(page, `class="new"`) != 1 {
		t.Errorf("want one red link (the missing file):\n%s", page)
	}
}
