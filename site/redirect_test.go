package site_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/site"
)

// Links to a redirect go to its target (blue, with the redirect's
// section), and the redirect page is not listed as a page of content.
func TestLinksToRedirects(t *testing.T) {
	in := t.TempDir()
	for name, text := range map[string]string{
		"Gamehelphearts.wiki": "'''Hearts'''. See [[Hearts rules]] and [[Herz|the scoring]].\n== Scoring ==\nOne per heart.",
		"Hearts rules.wiki":   "#REDIRECT [[Gamehelphearts]]",
		"Herz.wiki":           "#WEITERLEITUNG [[Gamehelphearts#Scoring]]",
	} {
		if err := os.WriteFile(filepath.Join(in, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := corpus.Load([]string{in}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	build(t, c, site.Options{Version: "test"}, out)
	got := files(t, out)
	game := string(got["games/hearts/index.html"])
	for _, want := range []string{
		`<a href="../../games/hearts/index.html" title="Hearts rules">Hearts rules</a>`,
		`<a href="../../games/hearts/index.html#Scoring" title="Herz">the scoring</a>`,
	} {
		if !strings.Contains(game, want) {
			t.Errorf("the game page has no %s", want)
		}
	}
	if strings.Contains(game, `class="new"`) {
		t.Error("a link to a redirect is red")
	}
	if !strings.Contains(string(got["wiki/herz/index.html"]), `http-equiv="refresh"`) {
		t.Error("the redirect page does not redirect")
	}
	if strings.Contains(string(got["pages/index.html"]), "Herz") {
		t.Error("the redirect is listed as a page")
	}
}
