package site_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/site"
)

// TestSites builds each archive of testdata/sites: its files under input/
// are the wiki (feeds, exports, .wiki files), checks/ and engine/ the rule
// checks, content/ the Markdown pages, media/ the uploaded files, and
// site.yaml the options (base_url, site_name). Every file under want/ must
// be in the site with exactly that content; -update rewrites them. Every
// link must land (checkLinks) but those listed in broken-links, one a
// line as checkLinks reports them, which must still be broken.
func TestSites(t *testing.T) {
	for _, file := range testutil.Archives(t, "testdata/sites/*.txtar") {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar := testutil.ReadArchive(t, file)
			dir := t.TempDir()
			ar.WriteFiles(t, dir, func(name string) bool { return !strings.HasPrefix(name, "want/") && name != "broken-links" })
			var cfg struct {
				BaseURL  string `yaml:"base_url"`
				SiteName string `yaml:"site_name"`
			}
			if data, err := os.ReadFile(filepath.Join(dir, "site.yaml")); err == nil {
				if err := yaml.Unmarshal(data, &cfg); err != nil {
					t.Fatal(err)
				}
			}
			c, err := corpus.Load([]string{filepath.Join(dir, "input")}, corpus.Options{})
			if err != nil {
				t.Fatal(err)
			}
			opts := site.Options{BaseURL: cfg.BaseURL, SiteName: cfg.SiteName, Version: "test"}
			if _, err := os.Stat(filepath.Join(dir, "checks")); err == nil {
				specs, err := check.LoadSpecs(os.DirFS(filepath.Join(dir, "checks")), ".", "checks")
				if err != nil {
					t.Fatal(err)
				}
				opts.Suite = check.NewSuite(specs, os.DirFS(filepath.Join(dir, "engine")), ".", "engine")
			}
			if _, err := os.Stat(filepath.Join(dir, "content")); err == nil {
				opts.Content = os.DirFS(filepath.Join(dir, "content"))
			}
			if _, err := os.Stat(filepath.Join(dir, "media")); err == nil {
				opts.Media = os.DirFS(filepath.Join(dir, "media"))
			}
			out := filepath.Join(dir, "public")
			build(t, c, opts, out)
			got := files(t, out)
			names := make([]string, 0, len(got))
			for name := range got {
				names = append(names, name)
			}
			sort.Strings(names)
			outputs := make([]txtar.File, len(names))
			for i, name := range names {
				outputs[i] = txtar.File{Name: name, Data: got[name]}
			}
			ar.Check(t, "want/", outputs, false)
			var known []string
			if data, ok := ar.File("broken-links"); ok {
				for _, l := range strings.Split(string(data), "\n") {
					if l = strings.TrimSpace(l); l != "" {
						known = append(known, l)
					}
				}
			}
			checkLinksExcept(t, out, known)
		})
	}
}
