package diff_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// side parses and extracts one revision.
func side(p *model.Page, r *model.Revision) *diff.Side {
	doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
	return &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
}

// TestCases compares the two revisions of each archive of
// testdata/cases: old.wiki (absent for a page's first revision) and
// new.wiki, revisions of Gamehelpdemo. diff.txt, diff.json and diff.html
// are the text, JSON and HTML forms of the result; -update rewrites them.
func TestCases(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	for _, path := range testutil.Archives(t, filepath.Join("testdata", "cases", "*.txtar")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar := testutil.ReadArchive(t, path)
			var a *diff.Side
			if _, ok := ar.File("old.wiki"); ok {
				a = side(p, &model.Revision{Timestamp: time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC), Author: "Ada", Summary: "first version", Text: ar.Text(t, "old.wiki")})
			}
			b := side(p, &model.Revision{Timestamp: time.Date(2024, 5, 2, 17, 30, 0, 0, time.UTC), Author: "Ben", Summary: "rework", Text: ar.Text(t, "new.wiki")})
			r := diff.Compare(p.Title, a, b)
			checkResult(t, r)
			var txt, js, html bytes.Buffer
			if err := diff.WriteText(&txt, r, diff.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if err := diff.WriteJSON(&js, r); err != nil {
				t.Fatal(err)
			}
			if err := diff.WriteHTML(&html, r); err != nil {
				t.Fatal(err)
			}
			ar.Check(t, "", []txtar.File{
				{Name: "diff.txt", Data: txt.Bytes()},
				{Name: "diff.json", Data: js.Bytes()},
				{Name: "diff.html", Data: html.Bytes()},
			}, true)
		})
	}
}

// checkResult checks what holds for every comparison: the summary counts
// the text diff, RulesChanged agrees with the table changes, and a
// formatting change changes no value.
func checkResult(t *testing.T, r *diff.Result) {
	t.Helper()
	added, removed := 0, 0
	for _, h := range r.Text.Hunks {
		for _, l := range h.Lines {
			switch l.Kind {
			case diff.LineAdded:
				added++
			case diff.LineRemoved:
				removed++
			}
		}
	}
	if s := r.Summary; s.Hunks != len(r.Text.Hunks) || s.LinesAdded != added || s.LinesRemoved != removed {
		t.Errorf("summary %+v, but the hunks add %d and remove %d lines in %d hunks", s, added, removed, len(r.Text.Hunks))
	}
	values := false
	for _, tc := range r.Tables {
		if tc.Change == diff.TableFormatting && (len(tc.Cells) > 0 || len(tc.RowsAdded) > 0 || len(tc.RowsRemoved) > 0) {
			t.Errorf("%s: a formatting change with value changes: %+v", tc.ID, tc)
		}
		values = values || tc.ValueChanged()
	}
	if r.RulesChanged() != values {
		t.Errorf("RulesChanged() = %v, but the table changes say %v", r.RulesChanged(), values)
	}
}

// TestEmbeddedHistory diffs every revision of the embedded example wiki
// with the one before: the changelog of every page is
// testdata/golden/content-changelog.txt, and the documented fix of the
// queen of spades in Hearts reads as a rule change of one cell.
func TestEmbeddedHistory(t *testing.T) {
	c, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	queen := false
	for _, p := range c.Pages {
		var prev *diff.Side
		var results []*diff.Result
		for _, rev := range p.Revisions {
			cur := side(p, rev)
			r := diff.Compare(p.Title, prev, cur)
			checkResult(t, r)
			results = append(results, r)
			prev = cur
			for _, tc := range r.Tables {
				for _, cell := range tc.Cells {
					if p.Title == "Gamehelphearts" && cell.Row == "Q♠" && cell.From == int64(12) && cell.To == int64(13) {
						queen = true
					}
				}
			}
		}
		if err := diff.WriteChangelog(&log, p.Title, results, diff.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		log.WriteString("\n")
	}
	if !queen {
		t.Error("the history of Gamehelphearts does not show the queen of spades going from 12 to 13")
	}
	testutil.Golden(t, filepath.Join("testdata", "golden", "content-changelog.txt"), log.Bytes())
}

// With color, changes are painted with ANSI codes and changed words
// highlighted instead of bracketed.
func TestColor(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo"}
	a := side(p, &model.Revision{Text: "== Scoring ==\n* Win 3\n* Draw 1\n\nPlay to ten points.", Timestamp: time.Unix(0, 0)})
	b := side(p, &model.Revision{Text: "== Scoring ==\n* Win 3\n* Draw 2\n\nPlay to twelve points.", Timestamp: time.Unix(60, 0)})
	r := diff.Compare(p.Title, a, b)
	var plain, color bytes.Buffer
	diff.WriteText(&plain, r, diff.TextOptions{})
	diff.WriteText(&color, r, diff.TextOptions{Color: true})
	if strings.Contains(plain.String(), "\x1b[") {
		t.Errorf("plain output has ANSI codes:\n%s", plain.String())
	}
	for _, want := range []string{"-Play to [-ten-] points.\n+Play to {+twelve+} points.\n", "Draw → value: 1 → 2"} {
		if !strings.Contains(plain.String(), want) {
			t.Errorf("plain output lacks %q:\n%s", want, plain.String())
		}
	}
	for _, want := range []string{"\x1b[7;31mten\x1b[0m", "\x1b[7;32mtwelve\x1b[0m", "\x1b[1m\x1b[31mdemo/scoring\x1b[0m"} {
		if !strings.Contains(color.String(), want) {
			t.Errorf("colored output lacks %q:\n%q", want, color.String())
		}
	}
	// Without the text, only the summary is written.
	var summary bytes.Buffer
	diff.WriteText(&summary, r, diff.TextOptions{NoText: true})
	if strings.Contains(summary.String(), "@@") || !strings.Contains(summary.String(), "Rule tables (1):") {
		t.Errorf("NoText output:\n%s", summary.String())
	}
}

// The HTML form says what the text form says of a table: its columns
// added and removed (a values change, beside the renamed ones it already
// showed), and the cells whose formatting alone changed.
func TestHTMLTableChanges(t *testing.T) {
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo"}
	head := "== Bonuses ==\n{| class=\"wikitable\"\n"
	a := side(p, &model.Revision{Text: head + "! Bonus !! Points !! Limit\n|-\n| First out || 2 || once\n|-\n| Sweep || 4 || none\n|}\n", Timestamp: time.Unix(0, 0)})
	b := side(p, &model.Revision{Text: head + "! Bonus !! Points !! Round\n|-\n| First out || 2 || any\n|-\n| Sweep || 4 || last\n|}\n", Timestamp: time.Unix(60, 0)})
	r := diff.Compare(p.Title, a, b)
	var txt, html bytes.Buffer
	diff.WriteText(&txt, r, diff.TextOptions{})
	diff.WriteHTML(&html, r)
	for _, want := range []string{"columns added: Round", "columns removed: Limit"} {
		if !strings.Contains(txt.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, txt.String())
		}
		if !strings.Contains(strings.ToLower(html.String()), strings.ToLower(want)) {
			t.Errorf("HTML lacks %q:\n%s", want, html.String())
		}
	}
	c := side(p, &model.Revision{Text: head + "! Bonus !! Points !! Limit\n|-\n| First out || '''2''' || once\n|-\n| Sweep || 4 || none\n|}\n", Timestamp: time.Unix(60, 0)})
	html.Reset()
	diff.WriteHTML(&html, diff.Compare(p.Title, a, c))
	if want := "1 cell(s) changed formatting only"; !strings.Contains(html.String(), want) {
		t.Errorf("HTML lacks %q:\n%s", want, html.String())
	}
}

func TestFormatValue(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{nil, "null"}, {"a \"b\"", `"a \"b\""`}, {int64(-3), "-3"}, {2.5, "2.5"}, {true, "true"},
	} {
		if got := diff.FormatValue(c.v); got != c.want {
			t.Errorf("FormatValue(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
	row := map[string]any{"b": int64(2), "a": "x", "c": nil}
	if got := diff.FormatRow([]string{"c", "a", "z"}, row); got != `{c: null, a: "x"}` {
		t.Errorf("FormatRow = %s", got)
	}
}

// Change kinds read and write their names, which are what the JSON form
// holds; a value that is none is an error.
func TestChangeKindText(t *testing.T) {
	sections := map[diff.SectionChangeKind]string{diff.SectionAdded: "added", diff.SectionRemoved: "removed",
		diff.SectionModified: "modified", diff.SectionRenamed: "renamed", diff.SectionMoved: "moved", diff.SectionLevel: "level"}
	for k, name := range sections {
		b, err := k.MarshalText()
		var back diff.SectionChangeKind
		if err != nil || string(b) != name || k.String() != name || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("%d: %q, %v, %s, %d", k, b, err, k, back)
		}
	}
	tables := map[diff.TableChangeKind]string{diff.TableAdded: "added", diff.TableRemoved: "removed",
		diff.TableModified: "modified", diff.TableFormatting: "formatting"}
	for k, name := range tables {
		b, err := k.MarshalText()
		var back diff.TableChangeKind
		if err != nil || string(b) != name || k.String() != name || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("%d: %q, %v, %s, %d", k, b, err, k, back)
		}
	}
	if _, err := diff.TableChangeKind(0).MarshalText(); err == nil {
		t.Error("the zero TableChangeKind marshals")
	}
	if s := diff.SectionChangeKind(42).String(); s != "SectionChangeKind(42)" {
		t.Errorf("String of no value: %s", s)
	}
	var tk diff.TableChangeKind
	if err := tk.UnmarshalText([]byte("level")); err == nil {
		t.Error(`a table change read "level"`)
	}
	var sc diff.SectionChange
	if err := json.Unmarshal([]byte(`{"title":"Setup","change":"renamed","from_title":"Preparation"}`), &sc); err != nil || sc.Change != diff.SectionRenamed {
		t.Errorf("a section change read back from JSON: %+v, %v", sc, err)
	}
}
