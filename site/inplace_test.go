package site_test

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

// tree lists a site's files with their bytes and its directories.
func tree(t *testing.T, dir string) (map[string][]byte, []string) {
	t.Helper()
	var dirs []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(dirs)
	return files(t, dir), dirs
}

// sameTree fails unless the two sites hold the same directories and the
// same files, byte for byte (the build's manifest included).
func sameTree(t *testing.T, want, got string) {
	t.Helper()
	wf, wd := tree(t, want)
	gf, gd := tree(t, got)
	wn, gn := filepath.Base(want), filepath.Base(got)
	if strings.Join(wd, "\n") != strings.Join(gd, "\n") {
		t.Errorf("directories differ:\n%s: %v\n%s: %v", wn, wd, gn, gd)
	}
	for p, data := range wf {
		if g, ok := gf[p]; !ok {
			t.Errorf("%s: in %s, missing from %s", p, wn, gn)
		} else if !bytes.Equal(data, g) {
			t.Errorf("%s differs between %s and %s", p, wn, gn)
		}
	}
	for p := range gf {
		if _, ok := wf[p]; !ok {
			t.Errorf("%s: in %s, not in %s", p, gn, wn)
		}
	}
}

// edited returns a copy of c's pages with one page edited (a new
// revision), one removed and one added; c is not changed.
func edited(c *model.Corpus) *model.Corpus {
	var pages []*model.Page
	for i, p := range c.Pages {
		switch i {
		case 3:
			cp := *p
			last := p.Latest()
			text := last.Text + "\nOne more line about [[Glossary page]].\n"
			cp.Revisions = append(append([]*model.Revision(nil), p.Revisions...), &model.Revision{Timestamp: last.Timestamp.Add(time.Hour), Author: "Zoe", Summary: "a line", Text: text, SHA1: model.TextSHA1(text)})
			pages = append(pages, &cp)
		case 7:
			// removed
		default:
			pages = append(pages, p)
		}
	}
	ns, kind, game := model.DefaultConventions().Classify("Glossary page", -1)
	text := "Words and what they mean.\n\n[[Category:Help]]\n"
	pages = append(pages, &model.Page{Title: "Glossary page", Namespace: ns, Kind: kind, Game: game, Revisions: []*model.Revision{
		{Timestamp: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Author: "X", Text: text, SHA1: model.TextSHA1(text)}}})
	return model.NewCorpus(pages)
}

// An incremental build updates the site in place and leaves the tree a
// full build of the same inputs makes, byte for byte: no stale file, no
// empty directory, no temporary file.
func TestInPlaceMatchesFullBuild(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		c    func(t *testing.T) (*model.Corpus, site.Options)
	}{
		{"embedded", func(t *testing.T) (*model.Corpus, site.Options) { return embedded(t) }},
		{"generated", func(*testing.T) (*model.Corpus, site.Options) {
			return testgen.Corpus(testgen.Options{Pages: 30, Revisions: 3, Seed: 7}), site.Options{Version: "test"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, opts := tc.c(t)
			dir := t.TempDir()
			inc := filepath.Join(dir, "inc")
			build(t, c, opts, inc)
			c2 := edited(c)
			st := build(t, c2, opts, inc)
			if st.Reused == 0 || st.Built == 0 {
				t.Fatalf("not an incremental build: %+v", st)
			}
			full := filepath.Join(dir, "full")
			build(t, c2, opts, full)
			sameTree(t, full, inc)
			// And back: the removed page returns, the added one goes.
			build(t, c, opts, inc)
			full0 := filepath.Join(dir, "full0")
			build(t, c, opts, full0)
			sameTree(t, full0, inc)
		})
	}
}

// A failed incremental build leaves a site whose every file is whole (the
// previous version or the new one) and a manifest marked incomplete; the
// next build repairs it into the tree a full build makes.
func TestFailedInPlaceBuild(t *testing.T) {
	t.Parallel()
	c, opts := embedded(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	build(t, c, opts, out)
	before := files(t, out)
	good := opts.Layouts
	bad, err := templates.New(fstest.MapFS{"page.html": {Data: []byte(`{{template "base" .}}{{define "main"}}{{.NoSuchField}}{{end}}`)}})
	if err != nil {
		t.Fatal(err)
	}
	opts.Layouts, opts.Out, opts.InputKey = bad, out, "k"
	c2 := edited(c)
	if _, err := site.Build(wiki.New(c2, nil, wiki.Config{}), opts); err == nil || !strings.Contains(err.Error(), "NoSuchField") {
		t.Fatalf("build with a broken template: %v", err)
	}
	after := files(t, out)
	for p, data := range after {
		if strings.HasPrefix(p, ".wikirules/") {
			continue
		}
		if old, ok := before[p]; !ok || !bytes.Equal(old, data) {
			t.Errorf("%s: changed by a build that wrote nothing but failed", p)
		}
	}
	if _, ok := site.UpToDate(out, "k"); ok {
		t.Error("UpToDate takes the failed build's site for finished")
	}
	var pd struct{ Rebuild []string }
	if err := json.Unmarshal(after[".wikirules/pending.json"], &pd); err != nil || len(pd.Rebuild) == 0 {
		t.Errorf("after a failed build, pending.json: %+v (%v)", pd, err)
	}
	// A file the failed build could have written that no build makes.
	os.WriteFile(filepath.Join(out, "games", "orphan.html"), []byte("x"), 0o644)
	opts.Layouts, opts.InputKey = good, ""
	build(t, c2, opts, out)
	full := filepath.Join(dir, "full")
	build(t, c2, opts, full)
	sameTree(t, full, out)
	ents, _ := os.ReadDir(filepath.Join(out, ".wikirules"))
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "tmp-") {
			t.Errorf("temporary directory left: %s", e.Name())
		}
	}
}
