package extract

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// yamlV3 is the stream yaml.v3's encoder writes for pages.
func yamlV3(t testing.TB, pages []*PageTables) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	for _, p := range pages {
		if err := enc.Encode(p.yamlNode()); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sameAsYAMLv3 compares the fast writer with yaml.v3 on pages, as the
// game's file and as each table alone; it returns how many documents and
// tables the fast writer wrote itself (rather than giving up).
func sameAsYAMLv3(t testing.TB, label string, pages []*PageTables) (fast, all int) {
	t.Helper()
	for _, p := range pages {
		all++
		want := yamlV3(t, []*PageTables{p})
		if got, ok := fastYAML(nil, p.yamlNode(), 2); ok {
			fast++
			if !bytes.Equal(got, want) {
				t.Errorf("%s: page %q:\nfast:\n%s\nyaml.v3:\n%s", label, p.Page, got, want)
			}
		}
		for _, tb := range p.Tables {
			all++
			want, err := yaml.Marshal(tb.yamlNode())
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := fastYAML(nil, tb.yamlNode(), 4); ok {
				fast++
				if !bytes.Equal(got, want) {
					t.Errorf("%s: table %q:\nfast:\n%s\nyaml.v3:\n%s", label, tb.ID, got, want)
				}
			}
			if got, err := TableYAML(tb); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: TableYAML(%q) = %q, %v; want %q", label, tb.ID, got, err, want)
			}
		}
	}
	wantYAML := yamlV3(t, pages)
	if got, err := YAML(pages); err != nil || !bytes.Equal(got, wantYAML) {
		t.Errorf("%s: YAML of the %d pages differs from yaml.v3's (%v)", label, len(pages), err)
	}
	wantJSON := jsonReference(pages)
	if got := JSON(pages); !bytes.Equal(got, wantJSON) {
		t.Errorf("%s: JSON of the %d pages:\n%s\nwant (json.Marshal):\n%s", label, len(pages), got, wantJSON)
	}
	e, err := Encode(pages)
	if err != nil {
		t.Fatalf("%s: Encode: %v", label, err)
	}
	if !bytes.Equal(e.YAML, wantYAML) || !bytes.Equal(e.JSON, wantJSON) {
		t.Errorf("%s: Encode's YAML or JSON differs from YAML's or JSON's", label)
	}
	n := 0
	for _, p := range pages {
		for _, tb := range p.Tables {
			n++
			want, _ := yaml.Marshal(tb.yamlNode())
			if got, ok := e.Tables[tb]; !ok || !bytes.Equal(got, want) {
				t.Errorf("%s: Encode's YAML of table %q = %q; want %q", label, tb.ID, got, want)
			}
		}
	}
	if len(e.Tables) != n {
		t.Errorf("%s: Encode gave %d tables' YAML for %d tables", label, len(e.Tables), n)
	}
	return fast, all
}

// jsonReference is the JSON array of pages written with json.Marshal for
// every key and string, the encoding JSON must equal.
func jsonReference(pages []*PageTables) []byte {
	var of func(buf *bytes.Buffer, n *yaml.Node, indent string)
	of = func(buf *bytes.Buffer, n *yaml.Node, indent string) {
		switch n.Kind {
		case yaml.MappingNode, yaml.SequenceNode:
			open, close, step := "{", "}", 2
			if n.Kind == yaml.SequenceNode {
				open, close, step = "[", "]", 1
			}
			if len(n.Content) == 0 {
				buf.WriteString(open + close)
				return
			}
			buf.WriteString(open + "\n")
			for i := 0; i < len(n.Content); i += step {
				buf.WriteString(indent + "  ")
				if step == 2 {
					k, _ := json.Marshal(n.Content[i].Value)
					buf.Write(k)
					buf.WriteString(": ")
				}
				of(buf, n.Content[i+step-1], indent+"  ")
				if i+step < len(n.Content) {
					buf.WriteByte(',')
				}
				buf.WriteByte('\n')
			}
			buf.WriteString(indent + close)
		default:
			switch n.Tag {
			case "!!int", "!!float":
				buf.WriteString(n.Value)
			case "!!null":
				buf.WriteString("null")
			default:
				b, _ := json.Marshal(n.Value)
				buf.Write(b)
			}
		}
	}
	var buf bytes.Buffer
	buf.WriteString("[")
	for i, p := range pages {
		if i > 0 {
			buf.WriteString(",")
		}
		buf.WriteString("\n  ")
		of(&buf, p.yamlNode(), "  ")
	}
	if len(pages) > 0 {
		buf.WriteString("\n")
	}
	buf.WriteString("]\n")
	return buf.Bytes()
}

// TestFastYAMLEqualsYAMLv3: every revision of the embedded corpus, of the
// extraction cases and of the seeds, written by the fast writer and by
// yaml.v3, gives the same bytes, and the fast writer writes nearly all of
// them itself.
func TestFastYAMLEqualsYAMLv3(t *testing.T) {
	extractAll := func(c *model.Corpus) []*PageTables {
		var out []*PageTables
		for _, p := range c.Pages {
			for _, r := range p.Revisions {
				doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
				out = append(out, Extract(doc, p, r))
			}
		}
		return out
	}
	embedded, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fast, all := sameAsYAMLv3(t, "embedded corpus", extractAll(embedded))
	if fast < all*95/100 {
		t.Errorf("the fast writer wrote %d of %d documents and tables of the embedded corpus itself, want 95%%", fast, all)
	}
	cases, _ := filepath.Glob("testdata/cases/*.txtar")
	for _, file := range cases {
		ar := testutil.ReadArchive(t, file)
		var pages []*PageTables
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".wiki") && !strings.Contains(f.Name, "/") {
				page := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
				r := &model.Revision{Text: string(f.Data), Timestamp: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), SHA1: model.TextSHA1(string(f.Data))}
				pages = append(pages, Extract(parser.Parse(r.Text, &parser.Options{Title: page.Title}), page, r))
			}
		}
		sameAsYAMLv3(t, file, pages)
	}
	t.Run("seeds", func(t *testing.T) {
		fast, all := sameAsYAMLv3(t, "seeds", extractAll(testutil.SeedCorpus(t)))
		t.Logf("the fast writer wrote %d of %d documents and tables itself", fast, all)
	})
}

// FuzzFastYAML: tables made of arbitrary strings and numbers are written
// as yaml.v3 writes them, by the fast writer or by yaml.v3 when it gives up.
func FuzzFastYAML(f *testing.F) {
	for _, s := range [][3]string{
		{"Setup", "Card type A", "count"},
		{"true", "null", "2024-01-02T03:04:05Z"},
		{"", " lead", "trail "},
		{"a: b", "x, y", "#hash"},
		{"3 x Card", "0x1F", "1e5"},
		{"Tempura (2)", "Player's turn", "a/b+c-d.e_f"},
		{"line\nbreak", "tab\there", "\x00nul"},
		{"Ünïcödé", "café\u0301", "𝐀bc"},
		{"- dash", "? q", "[x]"},
		{strings.Repeat("k", 129), "yes", "NULL"},
		{"Salt & pepper", "<b>x</b>", `say "hi" \ bye`},
	} {
		f.Add(s[0], s[1], s[2], int64(3), 2.5)
	}
	f.Fuzz(func(t *testing.T, a, b, c string, n int64, x float64) {
		if math.IsNaN(x) {
			x = 0
		}
		if !utf8.ValidString(a) || !utf8.ValidString(b) || !utf8.ValidString(c) {
			// yaml.v3 refuses a !!str of invalid UTF-8; so does YAML.
			if _, err := YAML([]*PageTables{{Page: a, Game: b, Tables: []*Table{{Title: c}}}}); err == nil {
				t.Error("YAML of invalid UTF-8: no error")
			}
			return
		}
		tb := &Table{ID: "g/" + a, Title: a, Section: []string{b, a}, Kind: KindScoring, Caption: c, Key: b,
			Columns: []string{a, b, c}, DeclaredTotal: n,
			Rows: []Row{{{Value: a}, {Value: n}, {Value: x}}, {{Value: nil}, {Value: b}, {Value: c}}}}
		tb.Source.Line = int(n % 1000)
		empty := &Table{ID: b, Title: c}
		p := &PageTables{Page: a, Game: b, Tables: []*Table{tb, empty},
			Warnings: []model.Msg{{Page: a, Line: 2, Text: c, ID: "x-" + model.MsgID("y")}}}
		p.Revision.Timestamp, p.Revision.Author, p.Revision.sha1 = c, b, a
		sameAsYAMLv3(t, "fuzz", []*PageTables{p, {Page: c}})
	})
}
