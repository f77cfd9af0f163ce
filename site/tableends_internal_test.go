package site

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
)

// placeNaive is how linkTables first placed tables: every table not yet
// placed whose end is in [from, to], in index order.
func placeNaive(ends []int, placed []bool, from, to int) []int {
	var out []int
	for i, end := range ends {
		if placed[i] || end < from || end > to {
			continue
		}
		placed[i] = true
		out = append(out, i)
	}
	return out
}

func tablesEnding(ends []int) []*extract.Table {
	tables := make([]*extract.Table, len(ends))
	for i, end := range ends {
		tables[i] = &extract.Table{Source: extract.Source{End: end}}
	}
	return tables
}

// TestTableEndsAsLoop: the tables taken for each block are those the loop
// over every table took, in the same order, whatever the ends (equal,
// out of order) and the ranges (overlapping, empty, repeated).
func TestTableEndsAsLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 3000 {
		n := r.IntN(12)
		ends := make([]int, n)
		for i := range ends {
			ends[i] = r.IntN(20)
		}
		e := newTableEnds(tablesEnding(ends))
		placed := make([]bool, n)
		var got []int
		for range r.IntN(10) {
			from := r.IntN(22) - 1
			to := from + r.IntN(8) - 2
			want := placeNaive(ends, placed, from, to)
			got = e.take(got[:0], from, to)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: ends %v, [%d, %d]: took %v, want %v", round, ends, from, to, got, want)
			}
		}
	}
}

// Placing the links of a page's many tables, one block for each, takes
// time linear in the tables (the loop over every table at every block
// took 13 s of a page of 60,000).
func TestTableEndsLinear(t *testing.T) {
	run := func(s string) {
		n := len(s)
		ends := make([]int, n)
		for i := range ends {
			ends[i] = 10*i + 5
		}
		e := newTableEnds(tablesEnding(ends))
		var out []int
		for i := range n {
			out = e.take(out[:0], 10*i, 10*i+9)
			if len(out) != 1 {
				panic("one table per block")
			}
		}
	}
	testutil.CheckLinear(t, "tables' links", strings.Repeat("x", 20000), strings.Repeat("x", 40000), run, 2.5)
}
