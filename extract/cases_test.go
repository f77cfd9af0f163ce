package extract_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// casePage is the page every case of testdata/cases is a revision of.
var casePage = &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}

// TestCases extracts the cases of testdata/cases/*.txtar: each NAME.wiki
// is a revision of Gamehelpdemo, template/NAME.wiki defines a template,
// NAME.yaml is the YAML extraction and NAME.json, when the archive has one,
// the JSON form. Every output also validates against schema.json.
// "go test ./extract -run TestCases -update" rewrites the expected parts.
func TestCases(t *testing.T) {
	schema := loadSchema(t)
	for _, path := range testutil.Archives(t, filepath.Join("testdata", "cases", "*.txtar")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar := testutil.ReadArchive(t, path)
			tpl := parser.NewWikiTemplates()
			var names []string
			for _, f := range ar.Files {
				if name, ok := strings.CutPrefix(f.Name, "template/"); ok {
					tpl.Add(strings.TrimSuffix(name, ".wiki"), strings.TrimSuffix(string(f.Data), "\n"))
				} else if name, ok := strings.CutSuffix(f.Name, ".wiki"); ok {
					names = append(names, name)
				}
			}
			sort.Strings(names)
			var got []txtar.File
			for _, name := range names {
				src := ar.Text(t, name+".wiki")
				doc := parser.Parse(src, &parser.Options{Title: casePage.Title, WikiTemplates: tpl})
				pt := extract.Extract(doc, casePage, nil)
				checkInvariants(t, name, src, pt)
				y, err := extract.YAML([]*extract.PageTables{pt})
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, txtar.File{Name: name + ".yaml", Data: y})
				js := extract.JSON([]*extract.PageTables{pt})
				validateJSON(t, schema, js)
				if _, ok := ar.File(name + ".json"); ok {
					got = append(got, txtar.File{Name: name + ".json", Data: js})
				}
			}
			ar.Check(t, "", got, true)
		})
	}
}

// checkInvariants checks what holds for every extraction: a row per
// column, ids unique, sources inside the revision and raw text matching
// them, a key column that identifies rows.
func checkInvariants(t *testing.T, name, src string, pt *extract.PageTables) {
	t.Helper()
	ids := map[string]bool{}
	for _, tb := range pt.Tables {
		if ids[tb.ID] {
			t.Errorf("%s: id %s is used twice", name, tb.ID)
		}
		ids[tb.ID] = true
		if len(tb.Columns) == 0 {
			t.Errorf("%s: %s has no columns", name, tb.ID)
		}
		for _, r := range tb.Rows {
			if len(r) != len(tb.Columns) {
				t.Errorf("%s: %s has a row of %d cells for %d columns", name, tb.ID, len(r), len(tb.Columns))
			}
			for _, c := range r {
				if c.Pos < 0 || c.Pos > len(src) {
					t.Errorf("%s: %s has a cell at %d, outside the revision", name, tb.ID, c.Pos)
				}
				// A cell's text is what it was read from: an integer's
				// digits are in it ("1,000", "x3", "(12)").
				if n, ok := c.Value.(int64); ok && !strings.Contains(digitsOf(c.Text), digitsOf(strconv.FormatInt(n, 10))) {
					t.Errorf("%s: %s has a cell %d read from the text %q", name, tb.ID, n, c.Text)
				}
			}
		}
		s := tb.Source
		if s.Pos < 0 || s.End < s.Pos || s.End > len(src) || tb.Raw != src[s.Pos:s.End] {
			t.Errorf("%s: %s: source [%d:%d] and raw text %q disagree", name, tb.ID, s.Pos, s.End, tb.Raw)
		}
		if s.Line < 1 || s.Line != strings.Count(src[:s.Pos], "\n")+1 {
			t.Errorf("%s: %s: line %d for offset %d", name, tb.ID, s.Line, s.Pos)
		}
		if tb.Key != "" {
			k := tb.Column(tb.Key)
			if k < 0 {
				t.Errorf("%s: %s: key %q is not a column", name, tb.ID, tb.Key)
				continue
			}
			seen := map[string]bool{}
			for _, r := range tb.Rows {
				if seen[r[k].Text] {
					t.Errorf("%s: %s: key %q repeats %q", name, tb.ID, tb.Key, r[k].Text)
				}
				seen[r[k].Text] = true
			}
		}
	}
}

func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	var schema map[string]any
	if err := json.Unmarshal(extract.Schema, &schema); err != nil {
		t.Fatalf("schema.json: %v", err)
	}
	return schema
}

func validateJSON(t *testing.T, schema map[string]any, js []byte) {
	t.Helper()
	var doc any
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, js)
	}
	if err := validate(schema, schema, doc, "$"); err != nil {
		t.Error(err)
	}
}

// embeddedCorpus is the example wiki that ships in content/.
func embeddedCorpus(t testing.TB) *model.Corpus {
	t.Helper()
	c, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestEmbeddedCorpus extracts every revision of the embedded example wiki:
// the invariants hold everywhere, and the tables of each page's latest
// revision are those of testdata/golden/content.yaml.
func TestEmbeddedCorpus(t *testing.T) {
	c := embeddedCorpus(t)
	schema := loadSchema(t)
	var latest []*extract.PageTables
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			pt := extractRev(p, r)
			checkInvariants(t, r.Label(p.Title), r.Text, pt)
			if r == p.Latest() && len(pt.Tables) > 0 {
				latest = append(latest, pt)
			}
		}
	}
	if len(latest) < 5 {
		t.Fatalf("tables in %d pages of the embedded corpus, want every game's", len(latest))
	}
	y, err := extract.YAML(latest)
	if err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, filepath.Join("testdata", "golden", "content.yaml"), y)
	js := extract.JSON(latest)
	validateJSON(t, schema, js)

	// The Marshaler methods give the same documents as YAML and JSON.
	var fromYAML bytes.Buffer
	for i, pt := range latest {
		if i > 0 {
			fromYAML.WriteString("---\n")
		}
		enc := yaml.NewEncoder(&fromYAML)
		enc.SetIndent(2)
		if err := enc.Encode(pt); err != nil {
			t.Fatal(err)
		}
		enc.Close()
	}
	if fromYAML.String() != string(y) {
		t.Errorf("yaml.Marshal of the pages differs from extract.YAML:\n%s", testutil.FirstDiff(string(y), fromYAML.String()))
	}
	var viaJSON, direct []any
	if err := json.Unmarshal(js, &direct); err != nil {
		t.Fatal(err)
	}
	for _, pt := range latest {
		b, err := json.Marshal(pt)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		viaJSON = append(viaJSON, v)
	}
	if !reflect.DeepEqual(viaJSON, direct) {
		t.Error("json.Marshal of the pages differs from extract.JSON")
	}
	// A table marshals on its own as it does inside its page.
	tb := latest[0].Tables[0]
	one, err := yaml.Marshal(tb)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(y), strings.TrimSpace(strings.SplitN(string(one), "\n", 2)[0])) || !strings.HasPrefix(string(one), "id: "+tb.ID) {
		t.Errorf("a table alone marshals as:\n%s", one)
	}
}

// digitsOf keeps the ASCII digits of s.
func digitsOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
