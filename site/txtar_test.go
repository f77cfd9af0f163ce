package site_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/site"
)

var update = flag.Bool("update", false, "rewrite the expected files of testdata/sites/*.txtar")

// TestSites builds each archive of testdata/sites: its files under input/
// are the wiki (feeds, exports, .wiki files), checks/ and engine/ the rule
// checks, content/ the Markdown pages, media/ the uploaded files, and
// site.yaml the options (base_url, site_name). Every file under want/ must
// be in the site with exactly that content; -update rewrites them.
func TestSites(t *testing.T) {
	archives, _ := filepath.Glob("testdata/sites/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no archives")
	}
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range ar.Files {
				if strings.HasPrefix(f.Name, "want/") {
					continue
				}
				p := filepath.Join(dir, filepath.FromSlash(f.Name))
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
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
			changed := false
			for i, f := range ar.Files {
				name, ok := strings.CutPrefix(f.Name, "want/")
				if !ok {
					continue
				}
				data, ok := got[name]
				if !ok {
					t.Errorf("the site has no %s", name)
					continue
				}
				if !bytes.Equal(data, f.Data) {
					if *update {
						ar.Files[i].Data = data
						changed = true
						continue
					}
					t.Errorf("%s differs (go test ./site -run TestSites -update rewrites it):\n%s", name, firstDiff(string(f.Data), string(data)))
				}
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			checkLinks(t, out)
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return ""
}
