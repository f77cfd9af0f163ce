package site_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
	"github.com/wikirules/wikirules/templates"
	"github.com/wikirules/wikirules/wiki"
)

// TestNativeLayouts: the pages the site writes in Go when its layouts are
// the embedded ones (site/layouts.go) are the bytes the embedded templates
// give. Each wiki is built twice, with the embedded layouts and with the
// same layouts given as an override that differs by a comment only (so
// that the templates are executed), and every file must be the same.
func TestNativeLayouts(t *testing.T) {
	base, err := os.ReadFile("../templates/layouts/base.html")
	if err != nil {
		t.Fatal(err)
	}
	override, err := templates.New(fstest.MapFS{
		"base.html": {Data: append(base, "{{/* the templates are executed */}}\n"...)},
	})
	if err != nil {
		t.Fatal(err)
	}
	defaults, err := templates.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !defaults.Embedded("base.html", "page.html") || override.Embedded("base.html") || !override.Embedded("page.html") {
		t.Fatal("Embedded does not tell the embedded layouts from an override")
	}

	type wikiCase struct {
		name string
		wiki func(t *testing.T) (*wiki.Wiki, site.Options)
		// reach are strings the Go pages must hold: the escapes the
		// case is there to exercise.
		reach []string
	}
	cases := []wikiCase{
		{"embedded", func(t *testing.T) (*wiki.Wiki, site.Options) {
			c, opts := embedded(t)
			return wiki.New(c, nil, wiki.Config{}), opts
		}, []string{`class="card-checks"`, `class="check-summary"`, `<h2 id="kind-`}},
		{"hostile", func(t *testing.T) (*wiki.Wiki, site.Options) {
			return wiki.New(hostileCorpus(), nil, wiki.Config{URL: `https://wiki.example.org/w/index.php?x="'<+>&%zz%41`}),
				site.Options{SiteName: `Site "A" <b>+&'`, BaseURL: "https://example.org/a b/"}
		}, []string{"&#43;", "&#34;", "&#39;", "&lt;", "&amp;", "%22", "\uFFFD", "declared total", "with-aside", `class="autocomment"`,
			`<span class="delta">-`, `<span class="delta">&#43;`, "other page"}},
		{"javascript-wiki-url", func(t *testing.T) (*wiki.Wiki, site.Options) {
			return wiki.New(hostileCorpus(), nil, wiki.Config{URL: "javascript:alert(1)//$1"}), site.Options{}
		}, []string{"#ZgotmplZ"}},
		{"seeds", func(t *testing.T) (*wiki.Wiki, site.Options) {
			return wiki.New(testutil.SeedCorpus(t), nil, wiki.Config{URL: "https://en.doc.boardgamearena.com/"}), site.Options{}
		}, nil},
	}
	archives, _ := filepath.Glob("testdata/sites/*.txtar")
	for _, file := range archives {
		cases = append(cases, wikiCase{"txtar-" + strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) (*wiki.Wiki, site.Options) {
			ar := testutil.ReadArchive(t, file)
			dir := t.TempDir()
			ar.WriteFiles(t, dir, func(name string) bool { return strings.HasPrefix(name, "input/") })
			c, err := corpus.Load([]string{filepath.Join(dir, "input")}, corpus.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return wiki.New(c, nil, wiki.Config{}), site.Options{}
		}, nil})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w, opts := tc.wiki(t)
			opts.Version = "test"
			dir := t.TempDir()
			native, executed := filepath.Join(dir, "native"), filepath.Join(dir, "executed")
			opts.Out = native
			if _, err := site.Build(w, opts); err != nil {
				t.Fatal(err)
			}
			opts.Out, opts.Layouts = executed, override
			if _, err := site.Build(w, opts); err != nil {
				t.Fatal(err)
			}
			got, want := files(t, native), files(t, executed)
			var names []string
			for name := range want {
				names = append(names, name)
			}
			sort.Strings(names)
			pages := 0
			for _, name := range names {
				if strings.HasPrefix(name, ".wikirules/") {
					continue // the layouts' digest
				}
				if !bytes.Equal(got[name], want[name]) {
					t.Errorf("%s: the page written in Go differs from the template's:\n%s", name, firstDifference(got[name], want[name]))
				}
				if strings.HasSuffix(name, ".html") {
					pages++
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: written in Go only", name)
				}
			}
			if pages < 3 {
				t.Errorf("only %d pages compared", pages)
			}
			for _, s := range tc.reach {
				found := false
				for name, data := range got {
					if (name == "index.html" || strings.HasSuffix(name, "/index.html")) && bytes.Contains(data, []byte(s)) {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("no page holds %q: the case no longer exercises it", s)
				}
			}
		})
	}
}

// firstDifference shows where a and b part.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return "go:       …" + string(a[from:min(len(a), i+120)]) + "…\ntemplate: …" + string(b[from:min(len(b), i+120)]) + "…"
}

// hostileCorpus is a wiki whose titles, authors, summaries and text hold
// every character the layouts escape, and a game with tables and checks.
func hostileCorpus() *model.Corpus {
	conv := model.DefaultConventions()
	at := func(d int) time.Time { return time.Date(2024, 3, d, 10, 0, 0, 0, time.UTC) }
	text := "Intro with \"quotes\" & <b>bold</b> + 'apostrophes'.\n\n" +
		"== Setup <x> & \"y\" + z ==\nTotal: 5 cards:\n* 2 x Card \"A\" & <B>\n* 3 x Card +C\n\n" +
		"== Scoring ==\n{| class=\"wikitable\"\n! Category !! Points\n|-\n| Most \"cards\" <x> || 6\n|-\n| Fewest + & || 3\n|}\n" +
		"[[Category:Card & \"dice\" <games>]]\n"
	var pages []*model.Page
	add := func(title string, revs ...*model.Revision) {
		ns, kind, game := conv.Classify(title, -1)
		pages = append(pages, &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game, Revisions: revs})
	}
	rev := func(d int, author, summary, text string) *model.Revision {
		return &model.Revision{Timestamp: at(d), Author: author, Summary: summary, Text: text, SHA1: model.TextSHA1(text), Size: len(text)}
	}
	add("Gamehelpa+b&\"c\"<d>'e'",
		rev(1, `Ed "the" <editor> + & '`, `/* Setup <x> */ first & "only" + 'draft'`, text),
		rev(2, "Other+", "", strings.Replace(text, "|| 6", "|| 7", 1)),
		rev(3, "\x00nul", "javascript:alert(1) %zz %41", strings.Replace(text, "3 x Card +C", "4 x Card +C", 1)))
	add("Tips a+b&\"c\"<d>'e'", rev(2, "Tipper", "tips & <tricks>", "Tips \"quoted\" + & <i>x</i>.\n\n== Setup ==\n* 1 x Card\n"))
	add("Plain page % 100 & more", rev(4, "Someone", "+1", "A plain page about [[Gamehelpa+b&\"c\"<d>'e']] & stuff.\n"),
		rev(6, "Trimmer", "shorter", "A plain page.\n"))
	add("Category:Card & \"dice\" <games>", rev(5, "Cat", "category", "The category's own text & <more>.\n"))
	return model.NewCorpus(pages)
}
