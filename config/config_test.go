package config_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/config"
	"github.com/wikirules/wikirules/model"
)

func write(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "checks"), 0o755)
	os.MkdirAll(filepath.Join(dir, "site"), 0o755)
	p := write(t, dir, "wikirules.yaml", `# The rules of our wiki
title: Our rules
base_url: https://rules.example.org/
wiki_url: https://en.doc.boardgamearena.com/
rules_prefix: [Gamehelp, "Rules "]
names:
  sushigo: Sushi Go!
  Gamehelpthegang: The Gang
checks: checks
content: site
media_allow: [svg]
inputs: [dumps/*.xml, /abs/feed.txt, "-"]
output: public
`)
	if found, ok := config.Find(dir); !ok || found != p {
		t.Fatalf("Find: %s %v", found, ok)
	}
	c, err := config.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Checks != filepath.Join(dir, "checks") || c.Content != filepath.Join(dir, "site") || c.Output != filepath.Join(dir, "public") {
		t.Errorf("paths not read from the file's directory: %q %q %q", c.Checks, c.Content, c.Output)
	}
	if strings.Join(c.Inputs, "|") != filepath.Join(dir, "dumps/*.xml")+"|/abs/feed.txt|-" {
		t.Errorf("inputs %q", c.Inputs)
	}
	f := c.Flags()
	if f["site-name"][0] != "Our rules" || strings.Join(f["rules-prefix"], "|") != "Gamehelp|Rules " || f["media-allow"][0] != "svg" || f["checks"][0] != c.Checks {
		t.Errorf("flags %q", f)
	}
	if _, ok := f["templates"]; ok {
		t.Error("a key the file does not set is a flag")
	}
	w := c.Wiki()
	if w.URL != "https://en.doc.boardgamearena.com/" || w.Names["sushigo"] != "Sushi Go!" || w.NamesLines["Gamehelpthegang"] != 8 || w.NamesFile != p || w.SiteContent == nil {
		t.Errorf("wiki config: %+v", w)
	}
	if strings.Join(w.Conventions.TipsPrefixes, "|") != strings.Join(model.DefaultConventions().TipsPrefixes, "|") || len(w.Conventions.RulesPrefixes) != 2 {
		t.Errorf("conventions %+v", w.Conventions)
	}
	if c.Suite().ChecksDir != c.Checks {
		t.Error("suite config")
	}
	o, err := c.Site()
	if err != nil || o.SiteName != "Our rules" || o.BaseURL != "https://rules.example.org/" || o.Content == nil || o.Out != c.Output {
		t.Errorf("site options %+v, %v", o, err)
	}
	if !c.Has("names") || c.Has("media") {
		t.Error("Has")
	}
	if _, ok := config.Find(t.TempDir()); ok {
		t.Error("Find in a directory without the file")
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"title: a\ntitel: b\n", `f.yaml:2:1: error: unknown key "titel" (did you mean title?)`},
		{"names: [a]\n", `f.yaml:1:8: error: expected a mapping`},
		{"inputs: a.txt\n", `f.yaml:1:9: error: expected a list`},
		{"title: a\nmedia: nowhere\n", `f.yaml:2: error: media: nowhere is not a directory [config]`},
		{"wiki_url: en.doc.example.org\n", `f.yaml:1: error: wiki_url: "en.doc.example.org" is not an http(s) address [config]`},
		{"title: [\n", `f.yaml:1: error: did not find expected node content [config]`},
		{"names:\n  a: [b]\n", `f.yaml:2:6: error: expected a text value`},
	} {
		dir := t.TempDir()
		wd, _ := os.Getwd()
		os.Chdir(dir)
		_, err := config.Parse("f.yaml", []byte(c.text))
		os.Chdir(wd)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v\nwant %s", c.text, err, c.want)
		}
	}
	if _, err := config.Load(filepath.Join(t.TempDir(), "none.yaml")); err == nil {
		t.Error("a missing file is no error")
	}
	// Empty files are fine.
	if c, err := config.Parse("f.yaml", []byte("# nothing yet\n")); err != nil || c.Title != "" {
		t.Errorf("%+v %v", c, err)
	}
}
