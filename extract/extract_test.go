package extract_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

func extractRev(p *model.Page, r *model.Revision) *extract.PageTables {
	doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
	return extract.Extract(doc, p, r)
}

func latest(t *testing.T, c *model.Corpus, title string) *extract.PageTables {
	t.Helper()
	p := c.Page(title)
	if p == nil {
		t.Fatalf("no page %s", title)
	}
	return extractRev(p, p.Latest())
}

// rowsOf renders a table's rows as "a=b c=d" strings for comparison.
func rowsOf(tb *extract.Table, cols ...string) []string {
	var out []string
	for _, r := range tb.Rows {
		var parts []string
		for _, c := range cols {
			parts = append(parts, fmt.Sprint(tb.Get(r, c)))
		}
		out = append(out, strings.Join(parts, "|"))
	}
	return out
}

func expectRows(t *testing.T, tb *extract.Table, cols []string, want ...string) {
	t.Helper()
	got := rowsOf(tb, cols...)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s rows:\n%s\nwant\n%s", tb.ID, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSushiGo(t *testing.T) {
	pt := latest(t, testutil.SeedCorpus(t), "Gamehelpsushigo")
	deck := pt.Table("sushigo/deck-contents")
	if deck == nil || deck.Kind != extract.KindCards || deck.Source.Form != extract.FormList {
		t.Fatalf("deck table: %+v", deck)
	}
	if deck.DeclaredTotal != int64(108) {
		t.Errorf("declared total %v, want 108", deck.DeclaredTotal)
	}
	expectRows(t, deck, []string{"count", "name"},
		"14|Tempura", "14|Sashimi", "14|Dumpling", "12|Maki roll with 2 icons", "8|Maki roll with 3 icons",
		"6|Maki roll with 1 icon", "10|Salmon Nigiri", "5|Squid Nigiri", "5|Egg Nigiri", "10|Pudding",
		"6|Wasabi", "4|Chopsticks")
	expectRows(t, pt.Table("sushigo/setup"), []string{"players", "cards_dealt", "left_over"},
		"2|10|48", "3|9|27", "4|8|12", "5|7|3")
	expectRows(t, pt.Table("sushigo/dumplings"), []string{"Dumplings", "Points"},
		"1|1", "2|3", "3|6", "4|10", "5 or more|15")
}

func TestOpenFaceChinesePoker(t *testing.T) {
	pt := latest(t, testutil.SeedCorpus(t), "Gamehelpopenfacechinesepoker")
	royalties := 0
	for _, tb := range pt.Tables {
		if tb.Kind == extract.KindRoyalties {
			royalties++
		}
	}
	if royalties != 4 {
		t.Errorf("%d royalties tables, want 4", royalties)
	}
	top := pt.Table("openfacechinesepoker/front-top")
	if top == nil || len(top.Rows) != 22 {
		t.Fatalf("top table: %+v", top)
	}
	got := rowsOf(top, "label", "value")
	for _, want := range []string{"66|1", "AA|9", "222|10", "AAA|22", "10 10|5", "10 10 10|18"} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("top table lacks %s", want)
		}
	}
	expectRows(t, pt.Table("openfacechinesepoker/middle-when-variation-2-7-lowball-middle-is-not-used"), []string{"label", "value"},
		"Three of a kind|2", "Straight|4", "Flush|8", "Full house|12", "Four of a kind|20", "Straight flush|30", "Royal flush|50")
	expectRows(t, pt.Table("openfacechinesepoker/middle-when-variation-2-7-lowball-middle-is-used"), []string{"label", "value"},
		"9 high|1", "8 high|2", "7 high|4", "75432|8")
	expectRows(t, pt.Table("openfacechinesepoker/bottom-back"), []string{"label", "value"},
		"Straight|2", "Flush|4", "Full house|6", "Four of a kind|10", "Straight flush|15", "Royal flush|25")
}

// Every wikitable in the seeds, with its shape.
func TestSeedWikitables(t *testing.T) {
	c := testutil.SeedCorpus(t)
	want := map[string][2]int{ // rows, columns
		"president/scoring-rule-and-game-length": {2, 4},
		"scopa/prime-score":                      {8, 2},
		"texasholdem/hand-rankings":              {9, 3},
	}
	found := map[string]bool{}
	for _, p := range c.Pages {
		pt := extractRev(p, p.Latest())
		for _, tb := range pt.Tables {
			if tb.Source.Form != extract.FormWikitable && tb.Source.Form != extract.FormHTML {
				continue
			}
			w, ok := want[tb.ID]
			if !ok {
				t.Errorf("unexpected wikitable %s", tb.ID)
				continue
			}
			found[tb.ID] = true
			if len(tb.Rows) != w[0] || len(tb.Columns) != w[1] {
				t.Errorf("%s: %d rows × %d columns, want %d × %d", tb.ID, len(tb.Rows), len(tb.Columns), w[0], w[1])
			}
		}
	}
	for id := range want {
		if !found[id] {
			t.Errorf("wikitable %s not extracted", id)
		}
	}
}

// Tables are found in every revision, and a table's id stays while its
// heading does.
func TestEveryRevision(t *testing.T) {
	c := testutil.SeedCorpus(t)
	total := 0
	for _, p := range c.Pages {
		var prev map[string]string
		for _, r := range p.Revisions {
			pt := extractRev(p, r)
			ids := map[string]string{}
			for _, tb := range pt.Tables {
				ids[strings.Join(tb.Section, "/")+"#"+tb.Source.Form.String()] = tb.ID
				total++
				if len(tb.Columns) == 0 {
					t.Errorf("%s: %s has no columns", r.Label(p.Title), tb.ID)
				}
				for _, row := range tb.Rows {
					if len(row) != len(tb.Columns) {
						t.Errorf("%s: %s has a row of %d cells for %d columns", r.Label(p.Title), tb.ID, len(row), len(tb.Columns))
					}
				}
			}
			for k, id := range ids {
				if old, ok := prev[k]; ok && old != id && !strings.Contains(id, "-2") {
					t.Errorf("%s: table at %s changed id %s → %s", r.Label(p.Title), k, old, id)
				}
			}
			prev = ids
		}
	}
	if total == 0 {
		t.Error("no tables in any revision")
	}
	// An early revision of Sushi Go has the deck table too.
	p := c.Page("Gamehelpsushigo")
	pt := extractRev(p, p.Revisions[0])
	if pt.Table("sushigo/deck-contents") == nil {
		t.Error("first Sushi Go revision: no deck table")
	}
}

// TestGoldens compares the YAML of each seed page with tables against
// testdata/golden (refresh with -update after checking the change).
func TestGoldens(t *testing.T) {
	c := testutil.SeedCorpus(t)
	for _, p := range c.Pages {
		pt := extractRev(p, p.Latest())
		if len(pt.Tables) == 0 {
			continue
		}
		got, err := extract.YAML([]*extract.PageTables{pt})
		if err != nil {
			t.Fatal(err)
		}
		testutil.Golden(t, filepath.Join("testdata", "golden", model.Slug(p.Title)+".yaml"), got)
	}
}

// The JSON output of every seed page validates against schema.json.
func TestSchema(t *testing.T) {
	var schema map[string]any
	if err := json.Unmarshal(extract.Schema, &schema); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
	c := testutil.SeedCorpus(t)
	var pages []*extract.PageTables
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			pages = append(pages, extractRev(p, r))
		}
	}
	var doc any
	if err := json.Unmarshal(extract.JSON(pages), &doc); err != nil {
		t.Fatalf("output is not JSON: %v", err)
	}
	if err := validate(schema, schema, doc, "$"); err != nil {
		t.Error(err)
	}
	// The validator itself rejects what it should.
	bad := []any{map[string]any{"page": "x"}}
	if validate(schema, schema, bad, "$") == nil {
		t.Error("validator accepted a page without tables")
	}
}

// validate checks v against the subset of JSON Schema that schema.json
// uses: $ref, type, enum, required, properties, additionalProperties,
// items, minimum.
func validate(root, s map[string]any, v any, path string) error {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		return validate(root, root["$defs"].(map[string]any)[name].(map[string]any), v, path)
	}
	if enum, ok := s["enum"].([]any); ok {
		for _, e := range enum {
			if e == v {
				return nil
			}
		}
		return fmt.Errorf("%s: %v is not one of %v", path, v, enum)
	}
	if ty, ok := s["type"]; ok {
		types := []any{ty}
		if list, ok := ty.([]any); ok {
			types = list
		}
		match := false
	types:
		for _, t := range types {
			switch t {
			case "string":
				_, match = v.(string)
			case "number":
				_, match = v.(float64)
			case "integer":
				f, ok := v.(float64)
				match = ok && f == float64(int64(f))
			case "null":
				match = v == nil
			case "object":
				_, match = v.(map[string]any)
			case "array":
				_, match = v.([]any)
			}
			if match {
				break types
			}
		}
		if !match {
			return fmt.Errorf("%s: %v is not %v", path, v, ty)
		}
	}
	if m, ok := s["minimum"].(float64); ok {
		if f, _ := v.(float64); f < m {
			return fmt.Errorf("%s: %v < %v", path, f, m)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asList(s["required"]) {
			if _, ok := x[r.(string)]; !ok {
				return fmt.Errorf("%s: missing %s", path, r)
			}
		}
		for k, val := range x {
			if ps, ok := props[k].(map[string]any); ok {
				if err := validate(root, ps, val, path+"."+k); err != nil {
					return err
				}
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					return fmt.Errorf("%s: unexpected property %s", path, k)
				}
			case map[string]any:
				if err := validate(root, ap, val, path+"."+k); err != nil {
					return err
				}
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				if err := validate(root, items, e, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func BenchmarkExtractSeeds(b *testing.B) {
	c := testutil.SeedCorpus(b)
	type pr struct {
		p *model.Page
		r *model.Revision
	}
	var all []pr
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			all = append(all, pr{p, r})
		}
	}
	docs := make([]*model.Document, len(all))
	for i, x := range all {
		docs[i] = parser.Parse(x.r.Text, &parser.Options{Title: x.p.Title})
	}
	b.Run("extract-only", func(b *testing.B) {
		for b.Loop() {
			for i, x := range all {
				extract.Extract(docs[i], x.p, x.r)
			}
		}
		b.ReportMetric(float64(len(all)*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
	b.Run("parse+extract", func(b *testing.B) {
		for b.Loop() {
			for _, x := range all {
				extractRev(x.p, x.r)
			}
		}
		b.ReportMetric(float64(len(all)*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
	b.Run("parse-only", func(b *testing.B) {
		for b.Loop() {
			for _, x := range all {
				parser.Parse(x.r.Text, &parser.Options{Title: x.p.Title})
			}
		}
		b.ReportMetric(float64(len(all)*b.N)/b.Elapsed().Seconds(), "pages/s")
	})
}
