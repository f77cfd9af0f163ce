package site

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// A build's workers take the nodes of their units from arenas they reset
// after each unit (model.NodeArena). Nothing a unit leaves behind may
// point at them: built with arenas whose freed nodes are overwritten, the
// site is the one built without arenas, byte for byte.
func TestNodeArenasChangeNothing(t *testing.T) {
	defer func(v int) { nodeArenas = v }(nodeArenas)
	ct := content.New()
	sample, err := ct.Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	specs, err := check.LoadSpecs(ct.FS(), content.ChecksDir, "content/checks")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		c    func() *model.Corpus
		opts Options
	}{
		{"embedded", func() *model.Corpus { return sample }, Options{Suite: check.NewSuite(specs, ct.FS(), content.EngineDir, "content/engine"), Content: ct.Site()}},
		{"generated", func() *model.Corpus { return testgen.Corpus(testgen.Options{Pages: 60, Revisions: 6, Seed: 3}) }, Options{}},
	}
	if shared.Has("seeds") {
		cases = append(cases, struct {
			name string
			c    func() *model.Corpus
			opts Options
		}{"seeds", func() *model.Corpus { return testutil.SeedCorpus(t) }, Options{}})
	} else {
		t.Log("../shared/seeds is absent: the seeds are not built")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := map[int]string{}
			for _, mode := range []int{arenasOff, arenasPoisoned} {
				nodeArenas = mode
				opts := tc.opts
				opts.Out, opts.Version, opts.Workers = filepath.Join(dir, []string{"on", "off", "poisoned"}[mode]), "test", 2
				if _, err := Build(wiki.New(tc.c(), nil, wiki.Config{}), opts); err != nil {
					t.Fatal(err)
				}
				out[mode] = opts.Out
			}
			sameFiles(t, out[arenasOff], out[arenasPoisoned])
		})
	}
}

// sameFiles reports every file that differs between two trees.
func sameFiles(t *testing.T, want, got string) {
	t.Helper()
	files := func(root string) map[string][]byte {
		m := map[string][]byte{}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(p)
			rel, _ := filepath.Rel(root, p)
			m[rel] = data
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	w, g := files(want), files(got)
	for p, data := range w {
		if !bytes.Equal(data, g[p]) {
			t.Errorf("%s differs when nodes are recycled", p)
		}
	}
	for p := range g {
		if _, ok := w[p]; !ok {
			t.Errorf("%s is only in the site built with recycled nodes", p)
		}
	}
}
