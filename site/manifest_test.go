package site_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
)

// A manifest that cannot be read (cut short, a byte changed, another
// format, not a manifest at all) is never trusted: the build says why and
// builds the site anew, into the tree a full build makes.
func TestCorruptManifestRebuildsAll(t *testing.T) {
	t.Parallel()
	c := testgen.Corpus(testgen.Options{Pages: 12, Revisions: 2, Seed: 3})
	opts := site.Options{Version: "test"}
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	build(t, c, opts, full)
	mp := filepath.Join(full, ".wikirules", "manifest.bin")
	good, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	flip := func(i int) []byte {
		b := []byte(string(good))
		b[i] ^= 0x20
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut short", good[:len(good)/2], "checksum mismatch"},
		{"empty", nil, "not a wikirules manifest"},
		{"a byte changed", flip(len(good) / 3), "checksum mismatch"},
		{"JSON", []byte(`{"version":"test","units":{}}`), "not a wikirules manifest"},
		{"another format version", func() []byte { b := []byte(string(good)); b[len("\x00wikirules-manifest")] = 99; return b }(), "format version 99"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			st := build(t, c, opts, out)
			if err := os.WriteFile(filepath.Join(out, ".wikirules", "manifest.bin"), tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			st = build(t, c, opts, out)
			if st.Reused != 0 || st.Built == 0 {
				t.Errorf("built %d, reused %d: want every unit built", st.Built, st.Reused)
			}
			var found *model.Msg
			for i, w := range st.Warnings {
				if w.ID == model.MsgManifest {
					found = &st.Warnings[i]
				}
			}
			if found == nil {
				t.Fatalf("no %s warning in %v", model.MsgManifest, st.Warnings)
			}
			if !strings.Contains(found.Text, tc.want) || !strings.Contains(found.Text, "built anew") || !strings.HasSuffix(found.File, "manifest.bin") {
				t.Errorf("warning %q (file %s): want it to say %q, and that the site is built anew", found.Text, found.File, tc.want)
			}
			sameTree(t, full, out)
			// And the next build trusts the manifest it wrote.
			if st := build(t, c, opts, out); !st.UpToDate {
				t.Errorf("the rebuilt site is not up to date: %+v", st)
			}
		})
	}
}

// TestBuildReleasesTexts: a build gives back the texts of every page it
// builds, once, and only those (a rebuild that reuses a page leaves its
// texts alone): model.Corpus.ReleaseTexts, which a mapped feed's corpus
// turns into memory given back.
func TestBuildReleasesTexts(t *testing.T) {
	t.Parallel()
	c := testgen.Corpus(testgen.Options{Pages: 40, Revisions: 2, Seed: 11})
	var mu sync.Mutex
	released := map[*model.Page]int{}
	c.SetTextRelease(func(pages []*model.Page) {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range pages {
			if p != nil {
				released[p]++
			}
		}
	})
	out := filepath.Join(t.TempDir(), "site")
	st := build(t, c, site.Options{Version: "test"}, out)
	if st.Built == 0 {
		t.Fatalf("nothing built: %+v", st)
	}
	for _, p := range c.Pages {
		if released[p] != 1 {
			t.Errorf("%s: released %d times, want once", p.Title, released[p])
		}
	}
	clear(released)
	st = build(t, c, site.Options{Version: "test"}, out)
	if st.Built != 0 && !st.UpToDate {
		t.Fatalf("the rebuild built %d units: %+v", st.Built, st)
	}
	if len(released) != 0 {
		t.Errorf("a rebuild with nothing to build released %d pages", len(released))
	}
}

// TestMissingFileRebuildsItsUnit: a file of the site taken away (by hand,
// say) makes the next build build its unit again, and only it.
func TestMissingFileRebuildsItsUnit(t *testing.T) {
	t.Parallel()
	c := testgen.Corpus(testgen.Options{Pages: 10, Revisions: 2, Seed: 4})
	opts := site.Options{Version: "test"}
	dir := t.TempDir()
	full, out := filepath.Join(dir, "full"), filepath.Join(dir, "out")
	build(t, c, opts, full)
	build(t, c, opts, out)
	var gone string
	filepath.WalkDir(filepath.Join(out, "games"), func(p string, d fs.DirEntry, err error) error {
		if gone == "" && err == nil && strings.HasSuffix(p, filepath.Join("history", "index.html")) {
			gone = p
		}
		return nil
	})
	if gone == "" {
		t.Fatal("no history page in the site")
	}
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	if st := build(t, c, opts, out); st.Built != 1 || st.UpToDate {
		t.Errorf("built %d units, reused %d (up to date %v): want the one whose file went", st.Built, st.Reused, st.UpToDate)
	}
	sameTree(t, full, out)
}
