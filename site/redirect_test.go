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
	got := buildPages(t, map[string]string{
		"Gamehelphearts.wiki": "'''Hearts'''. See [[Hearts rules]] and [[Herz|the scoring]].\n== Scoring ==\nOne per heart.",
		"Hearts rules.wiki":   "#REDIRECT [[Gamehelphearts]]",
		"Herz.wiki":           "#WEITERLEITUNG [[Gamehelphearts#Scoring]]",
	}, site.Options{})
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

// Redirects in a loop: each page says where it leads without sending the
// reader round (no refresh), and that the loop leads to no page (it said
// the next one was not in the site, though it is, a redirect).
func TestRedirectLoop(t *testing.T) {
	got := buildPages(t, map[string]string{
		"Loop A.wiki": "#REDIRECT [[Loop B]]",
		"Loop B.wiki": "#REDIRECT [[Loop A]]",
		"Gone.wiki":   "#REDIRECT [[Nowhere]]",
	}, site.Options{})
	var loop, gone string
	for p, data := range got {
		switch {
		case strings.Contains(p, "loop-a") || strings.Contains(p, "Loop_A") || strings.Contains(p, "loop_a"):
			loop = string(data)
		case strings.Contains(strings.ToLower(p), "gone"):
			gone = string(data)
		}
	}
	if !strings.Contains(loop, "redirects to <a") || strings.Contains(loop, "http-equiv") || !strings.Contains(loop, "go round in a loop, or on past 5") || strings.Contains(loop, "not in this site") {
		t.Errorf("Loop A's page:\n%s", loop)
	}
	if !strings.Contains(gone, "not in this site") {
		t.Errorf("Gone's page:\n%s", gone)
	}
}

// buildPages builds the site of a wiki of .wiki pages (name: text) with
// opts and returns its files.
func buildPages(t *testing.T, pages map[string]string, opts site.Options) map[string][]byte {
	t.Helper()
	in := t.TempDir()
	for name, text := range pages {
		if err := os.WriteFile(filepath.Join(in, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, err := corpus.Load([]string{in}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "public")
	opts.Version = "test"
	build(t, c, opts, out)
	return files(t, out)
}
