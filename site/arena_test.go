package site_test

import (
	"path/filepath"
	"testing"

	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
)

// A build's workers take the nodes of their units from arenas they reset
// after each unit (model.NodeArena). Nothing a unit leaves behind may
// point at them: built with arenas, and with arenas whose freed nodes are
// overwritten, the site is the one built without arenas, byte for byte.
func TestNodeArenasChangeNothing(t *testing.T) {
	type input struct {
		name string
		c    func() (*model.Corpus, site.Options)
	}
	inputs := []input{
		{"embedded", func() (*model.Corpus, site.Options) { return embedded(t) }},
		{"generated", func() (*model.Corpus, site.Options) {
			return testgen.Corpus(testgen.Options{Pages: 60, Revisions: 6, Seed: 3}), site.Options{Version: "test"}
		}},
	}
	if shared.Has("seeds") {
		inputs = append(inputs, input{"seeds", func() (*model.Corpus, site.Options) {
			return testutil.SeedCorpus(t), site.Options{Version: "test"}
		}})
	} else {
		t.Log("../shared/seeds is absent: the seeds are not built")
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, mode := range []string{"off", "on", "poisoned"} {
				restore := site.NodeArenas(mode)
				c, opts := in.c()
				opts.Workers = 2
				build(t, c, opts, filepath.Join(dir, mode))
				restore()
			}
			sameTree(t, filepath.Join(dir, "off"), filepath.Join(dir, "on"))
			sameTree(t, filepath.Join(dir, "off"), filepath.Join(dir, "poisoned"))
		})
	}
}
