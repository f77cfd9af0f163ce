package check_test

import (
	"bytes"
	"encoding/xml"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wikirules/wikirules/check"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

func pageData(p *model.Page, r *model.Revision) check.PageData {
	doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
	return check.PageData{Page: p, Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
}

func suite(t *testing.T, specDir, engineDir string) *check.Suite {
	t.Helper()
	specs, err := check.LoadSpecs(os.DirFS(specDir), ".", specDir)
	if err != nil {
		t.Fatal(err)
	}
	return check.NewSuite(specs, os.DirFS(engineDir), ".", engineDir)
}

func runSeedGame(t *testing.T, s *check.Suite, c *model.Corpus, title string) map[string]check.Result {
	t.Helper()
	p := c.Page(title)
	out := map[string]check.Result{}
	for _, r := range s.RunGame(p.Game, []check.PageData{pageData(p, p.Latest())}) {
		out[r.ID] = r
	}
	return out
}

func TestSushiGo(t *testing.T) {
	c := testutil.SeedCorpus(t)
	res := runSeedGame(t, suite(t, "testdata/seeds/checks", "testdata/seeds/engine"), c, "Gamehelpsushigo")
	for _, id := range []string{"deck-size", "deck-matches-engine", "setup-left-over", "dumplings-triangular", "builtin:declared-total:sushigo/deck-contents"} {
		if r, ok := res[id]; !ok || r.Status != check.Pass {
			t.Errorf("%s: %+v", id, r)
		}
	}
	// An engine that says 5 Wasabi instead of 6.
	res = runSeedGame(t, suite(t, "testdata/seeds/checks", "testdata/wrong-engine"), c, "Gamehelpsushigo")
	r := res["deck-matches-engine"]
	if r.Status != check.Fail {
		t.Fatalf("wrong engine: %+v", r)
	}
	if !strings.Contains(r.Message, "Wasabi: the wiki says 6 (line 13), the engine says 5") || r.Source.Line != 13 || r.Source.Page != "Gamehelpsushigo" {
		t.Errorf("failure does not name the row, both values and the line: %+v", r)
	}
}

func TestOFCMiddleTwiceBottom(t *testing.T) {
	c := testutil.SeedCorpus(t)
	res := runSeedGame(t, suite(t, "testdata/seeds/checks", "testdata/seeds/engine"), c, "Gamehelpopenfacechinesepoker")
	if r := res["middle-twice-bottom"]; r.Status != check.Pass {
		t.Errorf("%+v", r)
	}
}

func TestScopaArithmetic(t *testing.T) {
	c := testutil.SeedCorpus(t)
	res := runSeedGame(t, suite(t, "testdata/seeds/checks", "testdata/seeds/engine"), c, "Gamehelpscopa")
	r := res["builtin:arithmetic:Gamehelpscopa"]
	if r.Status != check.Pass || !strings.Contains(r.Message, "10+19+12 = 41") {
		t.Errorf("%+v", r)
	}
}

func TestBrokenSpecs(t *testing.T) {
	_, err := check.LoadSpecs(os.DirFS("testdata/broken"), ".", "testdata/broken")
	if err == nil {
		t.Fatal("broken specs loaded without error")
	}
	msg := err.Error()
	for _, want := range []string{
		"testdata/broken/syntax.yaml:7: error: check bad-syntax: expr does not compile",
		"testdata/broken/syntax.yaml:9: error: field exprr not found",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	// The runnable spec of the broken directory: every check errors,
	// none passes.
	spec, err := check.ParseSpec("broken/sushigo.yaml", mustRead(t, "testdata/broken/sushigo.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	c := testutil.SeedCorpus(t)
	s := check.NewSuite([]*check.Spec{spec}, os.DirFS("testdata/seeds/engine"), ".", "engine")
	p := c.Page("Gamehelpsushigo")
	for _, r := range s.RunGame("sushigo", []check.PageData{pageData(p, p.Latest())}) {
		if r.Builtin {
			continue
		}
		if r.Status != check.Error {
			t.Errorf("%s: status %s (%s), want ERROR", r.ID, r.Status, r.Message)
		}
		if r.ID == "no-such-table" && !strings.Contains(r.Message, `unknown table id "sushigo/no-such-table" (tables of sushigo: sushigo/deck-contents`) {
			t.Errorf("unhelpful message: %s", r.Message)
		}
	}
}

func mustRead(t *testing.T, p string) []byte {
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestPHP(t *testing.T) {
	src := `<?php
// material.inc.php
define('MAX', 5);
$this->card_types = array(
  1 => array( 'name' => clienttranslate('Tempura'), 'nbr' => 14 ),
  2 => array( 'name' => totranslate("Wasabi \"hot\""), 'nbr' => -6 ),
);
$this->deck = [ 'Tempura' => 14, 'Pudding' => 10, ]; # trailing comma
$this->list = array(1, 2.5, true, null, MAX);
/* block
   comment */
`
	v, err := check.ParsePHP("material.inc.php", src)
	if err != nil {
		t.Fatal(err)
	}
	types := v["card_types"].(map[string]any)
	if types["1"].(map[string]any)["name"] != "Tempura" || types["2"].(map[string]any)["nbr"] != int64(-6) || types["2"].(map[string]any)["name"] != `Wasabi "hot"` {
		t.Errorf("card_types: %#v", types)
	}
	if v["deck"].(map[string]any)["Pudding"] != int64(10) {
		t.Errorf("deck: %#v", v["deck"])
	}
	list := v["list"].([]any)
	if len(list) != 5 || list[1] != 2.5 || list[2] != true || list[3] != nil || list[4] != int64(5) {
		t.Errorf("list: %#v", list)
	}
	for src, want := range map[string]string{
		"<?php\n$this->x = array(1,\n  foo());": "x.php:3:3: error: function call foo(…) cannot be read",
		"<?php\n\n$this->x = UNKNOWN;":          "x.php:3:12: error: unknown constant UNKNOWN",
		"<?php\necho 'hi';":                     "x.php:2:1: error: unsupported construct \"echo\"",
		"<?php\n$this->x = array(1, 2;":         "x.php:2:22: error: expected \")\"",
		"<?php\n$this->x = 'unterminated;\n\n":  "x.php:2:12: error: string is not closed",
	} {
		if err := readError(check.ParsePHP("x.php", src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}

func TestFindStatements(t *testing.T) {
	doc := parser.Parse("Take 10+19+12 = 41 prime.\n\nBut 2 × 3 + 1 = 8 here, and 7 = 7, and 3-1 = 2.\n\n* in a list 5 + 5 = 10", &parser.Options{})
	p := &model.Page{Title: "Gamehelpx", Game: "x"}
	g := &check.Game{Slug: "x", Pages: []check.PageData{{Page: p, Doc: doc, Tables: &extract.PageTables{}}}}
	res := check.Builtins(g)
	if len(res) != 1 || res[0].Status != check.Fail {
		t.Fatalf("%+v", res)
	}
	if !strings.Contains(res[0].Message, "line 3: 2 × 3 + 1 = 8, but 2 × 3 + 1 is 7") || res[0].Source.Line != 3 {
		t.Errorf("%+v", res[0])
	}
}

// A statement in a paragraph inside a table cell is read once, with the
// paragraph's line.
func TestStatementsInBlocksReadOnce(t *testing.T) {
	doc := parser.Parse("{|\n|\n10+19+12 = 41\n\nand 1+1 = 2\n|}\n* a 2+2 = 4\n*: b\n\n c 3+3 = 6\n", &parser.Options{})
	p := &model.Page{Title: "Gamehelpx", Game: "x"}
	g := &check.Game{Slug: "x", Pages: []check.PageData{{Page: p, Doc: doc, Tables: &extract.PageTables{}}}}
	res := check.Builtins(g)
	want := "10+19+12 = 41 (line 3); 1+1 = 2 (line 5); 2+2 = 4 (line 7); 3+3 = 6 (line 10)"
	if len(res) != 1 || res[0].Message != want {
		t.Errorf("got %+v\nwant %s", res, want)
	}
}

func TestJUnit(t *testing.T) {
	var buf bytes.Buffer
	err := check.WriteJUnit(&buf, []check.Result{
		{Game: "g", ID: "a", Status: check.Pass, Message: "ok"},
		{Game: "g", ID: "b", Status: check.Fail, Message: "Wasabi: 6 vs 5", Source: check.Source{Page: "P", Line: 13}},
		{Game: "h", ID: "c", Status: check.Error, Message: "bad"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Name string `xml:"name,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v.Tests != 3 || v.Failures != 1 || v.Errors != 1 || len(v.Suites) != 2 {
		t.Errorf("%+v\n%s", v, buf.String())
	}
}

// BenchmarkHistory runs every check on every revision of the seeds.
func BenchmarkHistory(b *testing.B) {
	c := testutil.SeedCorpus(b)
	specs, err := check.LoadSpecs(os.DirFS("testdata/seeds/checks"), ".", "checks")
	if err != nil {
		b.Fatal(err)
	}
	s := check.NewSuite(specs, os.DirFS("testdata/seeds/engine"), ".", "engine")
	var data [][]check.PageData
	var games []string
	for _, p := range c.Pages {
		if p.Game == "" {
			continue
		}
		for _, r := range p.Revisions {
			data = append(data, []check.PageData{pageData(p, r)})
			games = append(games, p.Game)
		}
	}
	n := 0
	for b.Loop() {
		for i, d := range data {
			n += len(s.RunGame(games[i], d))
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "checks/s")
}

// TestTotalRow: a table's Total row is its declared total, checked against
// the column it totals, right and wrong; a spec sees the rows without it.
func TestTotalRow(t *testing.T) {
	spec := "game: deck\nchecks:\n  - id: total\n    table: deck/deck\n    expr: sum(rows, .Copies) == 34 && len(rows) == 3 && table.total_column == \"Copies\" && table.declared_total > 0\n"
	specs, err := check.LoadSpecs(fstest.MapFS{"deck.yaml": {Data: []byte(spec)}}, ".", "specs")
	if err != nil {
		t.Fatal(err)
	}
	s := check.NewSuite(specs, fstest.MapFS{}, ".", "engine")
	for _, tc := range []struct {
		total  string
		status check.Status
		msg    string
	}{
		{"34", check.Pass, "the 3 rows add up to the declared 34"},
		{"35", check.Fail, "the table says 35 in all, but its rows add up to 34"},
	} {
		p := &model.Page{Title: "Gamehelpdeck", Game: "deck", Kind: model.PageRules}
		r := &model.Revision{Text: "== Deck ==\n{| class=\"wikitable\"\n! Card !! Copies\n|-\n| Wasabi || 6\n|-\n| Tempura || 14\n|-\n| Sashimi || 14\n|-\n! Total !! " + tc.total + "\n|}\n"}
		p.Revisions = []*model.Revision{r}
		res := map[string]check.Result{}
		for _, x := range s.RunGame("deck", []check.PageData{pageData(p, r)}) {
			res[x.ID] = x
		}
		b := res["builtin:declared-total:deck/deck"]
		if b.Status != tc.status || b.Message != tc.msg || b.Description != "the Total row equals the sum of the column Copies" {
			t.Errorf("total %s: %+v", tc.total, b)
		}
		if x := res["total"]; x.Status != check.Pass {
			t.Errorf("total %s: the spec does not see the rows without the Total row: %+v", tc.total, x)
		}
	}
}

// TestTotalRowOverTextCells: cells of the totalled column that are not
// numbers are left out of the sum, and the message names them, passing
// or failing: "rows add up to 20" over a column holding "varies" read as
// an arithmetic slip.
func TestTotalRowOverTextCells(t *testing.T) {
	s := check.NewSuite(nil, fstest.MapFS{}, ".", "engine")
	for _, tc := range []struct {
		total  string
		status check.Status
		msg    string
	}{
		{"20", check.Pass, `the 2 rows with a number add up to the declared 20; 2 rows are not numbers and are not added ("varies", "about 3")`},
		{"24", check.Fail, `the table says 24 in all, but its 2 rows with a number add up to 20; 2 rows are not numbers and are not added ("varies", "about 3")`},
	} {
		p := &model.Page{Title: "Gamehelpdeck", Game: "deck", Kind: model.PageRules}
		r := &model.Revision{Text: "== Deck ==\n{| class=\"wikitable\"\n! Card !! Copies\n|-\n| Wasabi || 6\n|-\n| Tempura || 14\n|-\n| Maki || varies\n|-\n| Nigiri || about 3\n|-\n! Total !! " + tc.total + "\n|}\n"}
		p.Revisions = []*model.Revision{r}
		var got *check.Result
		for _, x := range s.RunGame("deck", []check.PageData{pageData(p, r)}) {
			if x.ID == "builtin:declared-total:deck/deck" {
				got = &x
			}
		}
		if got == nil || got.Status != tc.status || got.Message != tc.msg {
			t.Errorf("total %s: %+v", tc.total, got)
		}
	}
}
