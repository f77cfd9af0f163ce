package extract_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// TestLinePositions: every line of a "lines" table keeps its own place,
// though the lines are one text node: the table's line and raw text start
// at its first row, each row's cells point at their own line, and a value
// cell's text is the value as written, not its line.
func TestLinePositions(t *testing.T) {
	src := "== Fines ==\nLate 1\nAbsent 2\nThis sentence is not a row of the table at all, it is a remark.\nRude 5\nOnly one 1 (rare)\n"
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules}
	r := &model.Revision{Text: src}
	doc := parser.Parse(src, &parser.Options{Title: p.Title})
	pt := extract.Extract(doc, p, r)
	if len(pt.Tables) != 2 {
		t.Fatalf("%d tables, want 2", len(pt.Tables))
	}
	lines := strings.Split(src, "\n")
	for ti, want := range []struct {
		line int
		rows []string
	}{{2, []string{"Late 1", "Absent 2"}}, {5, []string{"Rude 5", "Only one 1 (rare)"}}} {
		tb := pt.Tables[ti]
		if tb.Source.Line != want.line {
			t.Errorf("%s: line %d, want %d", tb.ID, tb.Source.Line, want.line)
		}
		if !strings.HasPrefix(tb.Raw, want.rows[0]) || !strings.HasSuffix(tb.Raw, want.rows[len(want.rows)-1]) {
			t.Errorf("%s: raw %q, want the lines %q", tb.ID, tb.Raw, want.rows)
		}
		for ri, row := range tb.Rows {
			for ci, c := range row {
				if c.Source != want.rows[ri] {
					t.Errorf("%s row %d cell %d: source %q, want %q", tb.ID, ri, ci, c.Source, want.rows[ri])
				}
				if got := lines[doc.Line(c.Pos)-1]; got != want.rows[ri] {
					t.Errorf("%s row %d cell %d: at line %q, want %q", tb.ID, ri, ci, got, want.rows[ri])
				}
			}
			if v := row[1]; v.Text != strings.Fields(strings.Split(want.rows[ri], " (")[0])[len(strings.Fields(strings.Split(want.rows[ri], " (")[0]))-1] {
				t.Errorf("%s row %d: value text %q is not the value as written", tb.ID, ri, v.Text)
			}
		}
	}
	if got := pt.Tables[1].Rows[1][1].Value; got != extract.Value(int64(1)) {
		t.Errorf("value %v (%T)", got, got)
	}
}
