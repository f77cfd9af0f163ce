package check_test

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
)

// caseTime is the time of every page revision of the cases.
var caseTime = time.Date(2024, 3, 9, 12, 0, 0, 0, time.UTC)

// TestCases runs the archives of testdata/cases: wiki/TITLE.wiki are
// pages (one revision each), checks/ the specs and engine/ the engine
// constants. results.txt is what loading the specs reports, then every
// game's results, one line each; -update rewrites it.
func TestCases(t *testing.T) {
	for _, path := range testutil.Archives(t, filepath.Join("testdata", "cases", "*.txtar")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar := testutil.ReadArchive(t, path)
			fsys := fstest.MapFS{}
			games := map[string][]check.PageData{}
			conv := model.DefaultConventions()
			for _, f := range ar.Files {
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
				title, ok := strings.CutPrefix(f.Name, "wiki/")
				if !ok {
					continue
				}
				title = strings.TrimSuffix(title, ".wiki")
				ns, kind, game := conv.Classify(title, -1)
				p := &model.Page{Title: title, Namespace: ns, Kind: kind, Game: game}
				r := &model.Revision{Timestamp: caseTime, Author: "Ada", Text: strings.TrimSuffix(string(f.Data), "\n")}
				p.Revisions = []*model.Revision{r}
				if game != "" {
					games[game] = append(games[game], pageData(p, r))
				}
			}
			var out strings.Builder
			var specs []*check.Spec
			if _, err := fs.Stat(fsys, "checks"); err == nil {
				var err error
				specs, err = check.LoadSpecs(fsys, "checks", "checks")
				if err != nil {
					fmt.Fprintf(&out, "spec errors:\n%s\n", err)
				}
			}
			suite := check.NewSuite(specs, fsys, "engine", "engine")
			slugs := suite.Games()
			for g := range games {
				if suite.Spec(g) == nil {
					slugs = append(slugs, g)
				}
			}
			sort.Strings(slugs)
			for _, g := range slugs {
				fmt.Fprintf(&out, "%s:\n", g)
				for _, r := range suite.RunGame(g, games[g]) {
					checkResultShape(t, r)
					out.WriteString("  " + resultLine(r) + "\n")
				}
			}
			ar.Check(t, "", []txtar.File{{Name: "results.txt", Data: []byte(out.String())}}, true)
		})
	}
}

// resultLine shows a result on one line: status, id, where it points and
// the message.
func resultLine(r check.Result) string {
	where := r.Source.Page
	if r.Source.Line > 0 {
		where += fmt.Sprintf(":%d", r.Source.Line)
	}
	s := fmt.Sprintf("%-5s %s", r.Status, r.ID)
	if where != "" {
		s += " @ " + where
	}
	return s + ": " + r.Message
}

// checkResultShape checks what every result has: a status, an id, and a
// spec location unless it is built in.
func checkResultShape(t *testing.T, r check.Result) {
	t.Helper()
	switch r.Status {
	case check.Pass, check.Fail, check.Error:
	default:
		t.Errorf("%s: status %q", r.ID, r.Status)
	}
	if r.ID == "" || r.Message == "" {
		t.Errorf("result without an id or a message: %+v", r)
	}
	if r.Builtin != strings.HasPrefix(r.ID, "builtin:") || r.Builtin != (r.Spec == "") {
		t.Errorf("%s: builtin %v, spec %q", r.ID, r.Builtin, r.Spec)
	}
}

// The embedded example wiki passes its own checks, but for the wrong queen
// of spades in Hearts' first revision, which --history shows broken and
// then fixed.
func TestEmbeddedChecks(t *testing.T) {
	c, suite := embedded(t)
	var out strings.Builder
	n := 0
	for _, game := range suite.Games() {
		var pages []check.PageData
		for _, p := range c.Pages {
			if p.Game == game && (p.Kind == model.PageRules || p.Kind == model.PageTips) {
				pages = append(pages, pageData(p, p.Latest()))
			}
		}
		if len(pages) == 0 {
			t.Errorf("the spec of %s has no page", game)
		}
		for _, r := range suite.RunGame(game, pages) {
			n++
			checkResultShape(t, r)
			if r.Status != check.Pass {
				t.Errorf("%s: %s", game, resultLine(r))
			}
		}
	}
	if n < 17 {
		t.Errorf("%d results, want at least one per check of content/checks (17)", n)
	}

	hearts := c.Page("Gamehelphearts")
	hist := suite.History("hearts", hearts, func(r *model.Revision) check.PageData { return pageData(hearts, r) }, nil)
	for _, h := range hist {
		fmt.Fprintf(&out, "%s: now %s\n", h.ID, h.Status)
		for _, tr := range h.Transitions {
			fmt.Fprintf(&out, "  %s %s by %s: %s\n", tr.Revision, tr.Status, tr.Author, tr.Message)
		}
		if h.BrokenBy != nil {
			fmt.Fprintf(&out, "  broken by %s\n", h.BrokenBy.Revision)
		}
	}
	testutil.Golden(t, filepath.Join("testdata", "golden", "hearts-history.txt"), []byte(out.String()))
	var queen *check.HistoryResult
	for i := range hist {
		if hist[i].ID == "queen-of-spades" {
			queen = &hist[i]
		}
	}
	if queen == nil || len(queen.Transitions) != 2 || queen.Transitions[0].Status != check.Fail || queen.Transitions[1].Status != check.Pass || queen.BrokenBy != nil {
		t.Errorf("queen-of-spades over the history: %+v", queen)
	}
}

// A suite's digest changes with its spec and its engine file, and only
// with them.
func TestDigest(t *testing.T) {
	spec := []byte("game: demo\nengine: demo.yaml\nchecks:\n  - id: a\n    expr: engine.n == 1\n")
	digest := func(spec, engine string) string {
		fsys := fstest.MapFS{"checks/demo.yaml": {Data: []byte(spec)}, "engine/demo.yaml": {Data: []byte(engine)}}
		specs, err := check.LoadSpecs(fsys, "checks", "checks")
		if err != nil {
			t.Fatal(err)
		}
		return check.NewSuite(specs, fsys, "engine", "engine").Digest("demo")
	}
	base := digest(string(spec), "n: 1\n")
	if base == "" || base != digest(string(spec), "n: 1\n") {
		t.Fatalf("digest %q is not stable", base)
	}
	if base == digest(string(spec), "n: 2\n") {
		t.Error("the digest ignores the engine file")
	}
	if base == digest(strings.Replace(string(spec), "== 1", "== 2", 1), "n: 1\n") {
		t.Error("the digest ignores the checks")
	}
	if d := check.NewSuite(nil, fstest.MapFS{}, ".", ".").Digest("demo"); d != "" {
		t.Errorf("digest of a game without a spec: %q", d)
	}
}

// LoadEngine reads YAML, JSON and PHP the same way: integers as int64,
// other numbers as float64.
func TestLoadEngine(t *testing.T) {
	fsys := fstest.MapFS{
		"e.yaml":     {Data: []byte("deck: {ace: 4}\nodds: 0.25\nlist: [1, 2]\n")},
		"e.json":     {Data: []byte(`{"deck": {"ace": 4}, "odds": 0.25, "list": [1, 2]}`)},
		"e.php":      {Data: []byte("<?php\n$this->deck = ['ace' => 4];\n$this->odds = 0.25;\n$this->list = [1, 2];\n")},
		"empty.yaml": {Data: nil},
	}
	for _, name := range []string{"e.yaml", "e.json", "e.php"} {
		v, err := check.LoadEngine(fsys, name, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if v["deck"].(map[string]any)["ace"] != int64(4) || v["odds"] != 0.25 || v["list"].([]any)[1] != int64(2) {
			t.Errorf("%s: %#v", name, v)
		}
	}
	if v, err := check.LoadEngine(fsys, "empty.yaml", "empty.yaml"); err != nil || len(v) != 0 {
		t.Errorf("an empty engine file: %v, %v", v, err)
	}
	_, err := check.LoadEngine(fsys, "none.yaml", "engine/none.yaml")
	if err == nil || !strings.Contains(err.Error(), "engine/none.yaml: error: cannot read engine constants") {
		t.Errorf("a missing engine file: %v", err)
	}
}

// embedded loads the example wiki of content/ and its checks.
func embedded(t *testing.T) (*model.Corpus, *check.Suite) {
	t.Helper()
	ct := content.New()
	c, err := ct.Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	specs, err := check.LoadSpecs(ct.FS(), content.ChecksDir, "content/checks")
	if err != nil {
		t.Fatal(err)
	}
	return c, check.NewSuite(specs, ct.FS(), content.EngineDir, "content/engine")
}
