package extract_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// allocated runs fn and returns the bytes it allocated.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestTableBombs: tables whose spans or shape ask for a grid far larger
// than their text (30 rows of colspan=100000 rowspan=100000, 1.3 KB, once
// took 2.1 GB and 10 s) are extracted in memory proportional to their
// input. Each bomb is measured at two sizes: doubling the input may at
// most triple the bytes allocated, and the larger one stays under a
// generous absolute bound. Allocation is measured, not time.
func TestTableBombs(t *testing.T) {
	bombs := []struct {
		name string
		gen  func(n int) string
	}{
		{"huge spans", func(n int) string {
			return "{|\n" + strings.Repeat("|-\n| colspan=100000 rowspan=100000 | x\n", n) + "|}\n"
		}},
		{"overlapping spans", func(n int) string {
			return "{|\n" + strings.Repeat("|-\n| rowspan=65534 | a || colspan=1000 rowspan=65534 | b || colspan=1000 | c\n", n) + "|}\n"
		}},
		{"one wide row, many short ones", func(n int) string {
			return "{|\n! " + strings.Repeat("h !! ", n) + "h\n" + strings.Repeat("|-\n| x\n", n) + "|}\n"
		}},
		{"header colspan over many rows", func(n int) string {
			return "{|\n! colspan=1000 | title\n" + strings.Repeat("|-\n| x || y\n", n) + "|}\n"
		}},
	}
	for _, b := range bombs {
		t.Run(b.name, func(t *testing.T) {
			const n = 400
			var warned bool
			measure := func(n int) uint64 {
				src := b.gen(n)
				doc := parser.Parse(src, &parser.Options{})
				var pt *extract.PageTables
				a := allocated(func() {
					pt = extract.Extract(doc, &model.Page{Title: "Bomb"}, &model.Revision{Text: src})
				})
				for _, w := range pt.Warnings {
					warned = warned || w.ID == model.MsgTableSize
				}
				if len(pt.Tables) != 1 {
					t.Fatalf("%d tables", len(pt.Tables))
				}
				return a
			}
			small, large := measure(n), measure(2*n)
			t.Logf("%d rows: %d KB allocated; %d rows: %d KB (ratio %.2f)", n, small>>10, 2*n, large>>10, float64(large)/float64(small))
			if float64(large) > 3*float64(small) {
				t.Errorf("doubling the input multiplied the memory by %.1f", float64(large)/float64(small))
			}
			if large > 64<<20 {
				t.Errorf("%d MB allocated for %d rows", large>>20, 2*n)
			}
			if b.name != "one wide row, many short ones" && b.name != "header colspan over many rows" && !warned {
				t.Errorf("no %s warning", model.MsgTableSize)
			}
		})
	}
}

// TestTableBoundKeepsRealTables: a table within the bound is extracted
// whole, without the warning.
func TestTableBoundKeepsRealTables(t *testing.T) {
	var b strings.Builder
	b.WriteString("{|\n! colspan=3 | Scores\n|-\n! Card !! Points !! Note\n")
	for i := range 500 {
		fmt.Fprintf(&b, "|-\n| c%d || %d || n\n", i, i)
	}
	b.WriteString("|}\n")
	pt := tables(t, b.String())
	if len(pt.Tables) != 1 || len(pt.Tables[0].Rows) != 500 || len(pt.Tables[0].Columns) != 3 {
		t.Fatalf("tables %+v", pt.Tables)
	}
	for _, w := range pt.Warnings {
		if w.ID == model.MsgTableSize {
			t.Errorf("warning on a real table: %s", w)
		}
	}
}

// TestManyTablesOfOneName: a page of thousands of tables under one heading
// (they share a slug) takes time linear in it; each table's id is the
// next free suffix (the search for it started at 2 for every table, and
// 20,000 tables took minutes).
func TestManyTablesOfOneName(t *testing.T) {
	gen := func(n int) string {
		return "== Scores ==\n" + strings.Repeat("{|\n! Hand !! Points\n|-\n| Pair || 1\n|}\n", n)
	}
	run := func(src string) {
		p := &model.Page{Title: "Gamehelpmany", Game: "many"}
		extract.Extract(parser.Parse(src, nil), p, nil)
	}
	testutil.CheckLinear(t, "tables of one name", gen(1500), gen(3000), run, 2.5)
	p := &model.Page{Title: "Gamehelpmany", Game: "many"}
	tables := extract.Extract(parser.Parse(gen(300), nil), p, nil).Tables
	if len(tables) != 300 {
		t.Fatalf("%d tables, want 300", len(tables))
	}
	for i, tb := range tables {
		want := "many/scores"
		if i > 0 {
			want = fmt.Sprintf("many/scores-%d", i+1)
		}
		if tb.ID != want {
			t.Fatalf("table %d: id %q, want %q", i, tb.ID, want)
		}
	}
}

// TestFootnoteMarksLinear: a cell of a number and many footnote marks
// ("1[a][a]…", "1††…", "1 * * …") is read in time linear in it: the marks
// were taken off one at a time, the cell collapsed and read again after
// each (a 100 KB cell took 8 s and 1.4 GB). The number is still read
// through all of them.
func TestFootnoteMarksLinear(t *testing.T) {
	for _, mark := range []string{"[a]", "†", " *", " [1]"} {
		gen := func(n int) string {
			return "== Scores ==\n{| class=\"wikitable\"\n! Card !! Points\n|-\n| Ace || 14" + strings.Repeat(mark, n) + "\n|-\n| King || 13\n|}\n"
		}
		run := func(src string) {
			p := &model.Page{Title: "Gamehelpmarks", Game: "marks"}
			extract.Extract(parser.Parse(src, nil), p, nil)
		}
		testutil.CheckLinear(t, "marks "+mark, gen(2000), gen(8000), run, 6)
		p := &model.Page{Title: "Gamehelpmarks", Game: "marks"}
		tables := extract.Extract(parser.Parse(gen(50), nil), p, nil).Tables
		if len(tables) != 1 || len(tables[0].Rows) != 2 {
			t.Fatalf("%q: tables %+v", mark, tables)
		}
		if v := tables[0].Get(tables[0].Rows[0], "Points"); v != int64(14) {
			t.Errorf("%q: Points = %#v, want 14", mark, v)
		}
	}
}

// TestTablePartsLinear: a table of many header rows inside its data (each
// starting another table) is read in time linear in it: the width of the
// rows left was measured again for each part.
func TestTablePartsLinear(t *testing.T) {
	gen := func(n int) string {
		var b strings.Builder
		b.WriteString("== Scores ==\n{| class=\"wikitable\"\n! Hand !! Points\n")
		for i := range n {
			fmt.Fprintf(&b, "|-\n| Pair || %d\n|-\n! Bonus %d !! VP\n", i, i)
		}
		b.WriteString("|-\n| First || 5\n|}\n")
		return b.String()
	}
	run := func(src string) {
		p := &model.Page{Title: "Gamehelpparts", Game: "parts"}
		extract.Extract(parser.Parse(src, nil), p, nil)
	}
	testutil.CheckLinear(t, "table parts", gen(4000), gen(32000), run, 16)
	p := &model.Page{Title: "Gamehelpparts", Game: "parts"}
	if tables := extract.Extract(parser.Parse(gen(100), nil), p, nil).Tables; len(tables) != 101 {
		t.Fatalf("%d tables, want 101", len(tables))
	}
}

// TestSubscriptMarksLinear: subscripts after a number whose text is
// hidden ("5<sub><span style=display:none>1</span></sub>…") are read in
// time linear in them: each looked back over all the ones before it for
// the character before it, none of them showing one (4,000 of them: 7 s).
func TestSubscriptMarksLinear(t *testing.T) {
	gen := func(n int) string {
		return "== T ==\n{| class=\"wikitable\"\n! A !! B\n|-\n| x || 5" +
			strings.Repeat(`<sub><span style="display:none">1</span></sub>`, n) + "\n|-\n| y || 6\n|}\n"
	}
	run := func(src string) {
		p := &model.Page{Title: "Gamehelpsubs", Game: "subs"}
		extract.Extract(parser.Parse(src, nil), p, nil)
	}
	testutil.CheckLinear(t, "hidden subscripts", gen(500), gen(4000), run, 16)
}
