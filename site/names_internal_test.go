package site

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// A rebuild takes a game's name from the manifest when the game's pages
// (and what else the name is read from) did not change, and reads it again
// when they did. The test writes a name into the manifest that the pages
// do not give, for a game left alone and for a game edited. The game left
// alone keeps the manifest's name: its neighbour, which links to it by
// name, is rebuilt with that name. The game edited has its name read again
// from its page: the home page shows that one.
func TestGameNamesReused(t *testing.T) {
	c := testgen.Corpus(testgen.Options{Pages: 30, Revisions: 2, Seed: 7})
	out := filepath.Join(t.TempDir(), "public")
	opts := Options{Out: out, Version: "test"}
	if _, err := Build(wiki.New(c, nil, wiki.Config{}), opts); err != nil {
		t.Fatal(err)
	}
	mp := filepath.Join(out, filepath.FromSlash(manifestPath))
	data, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	m, err := decodeManifest(data)
	if err != nil {
		t.Fatal(err)
	}
	var games []*unitSummary
	for _, id := range slices.Sorted(maps.Keys(m.Units)) {
		if u := m.Units[id]; u.Game != nil && u.Game.NameKey != "" {
			games = append(games, u)
		}
	}
	if len(games) < 4 {
		t.Fatalf("%d games with a name key in the manifest, want 4 or more", len(games))
	}
	// Far apart, so neither is the other's neighbour.
	left, edited := games[0], games[len(games)-1]
	for _, u := range []*unitSummary{left, edited} {
		u.Game.Name = "Name from the manifest " + u.Game.Slug
		u.raw = nil // encoded again as changed
	}
	var buf bytes.Buffer
	if err := writeManifestTo(&buf, m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mp, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// A revision of the edited game's rules page.
	var pages []*model.Page
	for _, p := range c.Pages {
		if p.Kind == model.PageRules && p.Game == edited.Game.Slug {
			cp := *p
			last := p.Latest()
			text := last.Text + "\nOne more rule.\n"
			cp.Revisions = append(append([]*model.Revision(nil), p.Revisions...),
				&model.Revision{Timestamp: last.Timestamp.Add(time.Hour), Author: "Zoe", Text: text, SHA1: model.TextSHA1(text)})
			p = &cp
		}
		pages = append(pages, p)
	}
	st, err := Build(wiki.New(model.NewCorpus(pages), nil, wiki.Config{}), opts)
	if err != nil {
		t.Fatal(err)
	}
	if st.Built == 0 || st.Reused == 0 {
		t.Fatalf("not an incremental build: %+v", st)
	}
	home, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	next, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(games[1].Game.Dir), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(next), left.Game.Name) {
		t.Errorf("%s, next to %s, does not link to it by the name the manifest holds (%q): the name was read again", games[1].Game.Slug, left.Game.Slug, left.Game.Name)
	}
	if strings.Contains(string(home), edited.Game.Name) {
		t.Errorf("the home page shows the manifest's name for %s, whose page changed (%q): the name was not read again", edited.Game.Slug, edited.Game.Name)
	}
}
