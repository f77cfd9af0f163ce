package diff

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// sectionParents are the parents sectionsOf gives, found as it first did:
// the nearest section before that holds each one.
func sectionParents(out []sectionInfo) []int {
	parents := make([]int, len(out))
	for i, s := range out {
		parents[i] = -1
		for k := i - 1; k >= 0; k-- {
			if out[k].pos <= s.pos && s.end <= out[k].end {
				parents[i] = k
				break
			}
		}
	}
	return parents
}

var sectionCases = []string{
	"", "lead only", "== a ==\nx\n== b ==\ny", "= a =\n== b ==\n=== c ===\n== d ==\n= e =\n",
	"== a ==\n==== b ====\n=== c ===\n== d ==", "lead\n=== a ===\n= b =\n====== c ======\n== d ==\n",
	"== a ==\n<div>\n== b ==\n</div>\n== c ==", "== a ==\n== ==\n==b==\n",
	"{{Swap|1=\n= Alpha =\naa\n}}\n== Dealing ==\nx\n", "== a ==\n{{Swap|1=\n=== b ===\n}}\n=== c ===\n= d =\n{{Swap}}\n== e ==",
	"{{Swap|1=\n= Alpha =\naa\n}}\n{{Setup}}\n== Dealing ==\nx\n",
}

// swapTemplates make headings whose places are out of order: Swap prints
// its argument's heading before its own, which has the call's place,
// before the argument; Setup's two headings both have the call's place,
// the second in the first (a section can start where the one holding it
// starts).
var swapTemplates = func() *parser.WikiTemplates {
	w := parser.NewWikiTemplates()
	w.Add("Template:Swap", "{{{1}}}\n== Notes ==\n")
	w.Add("Template:Setup", "== Setup ==\nx\n=== Board ===\ny\n")
	return w
}()

func checkSectionParents(t *testing.T, src string) {
	t.Helper()
	out := sectionsOf(parser.Parse(src, &parser.Options{WikiTemplates: swapTemplates}), nil)
	want := sectionParents(out)
	for i, s := range out {
		if s.parent != want[i] {
			t.Fatalf("%q: section %d (%q) has parent %d, want %d", src, i, s.title, s.parent, want[i])
		}
	}
}

func TestSectionParents(t *testing.T) {
	for _, src := range sectionCases {
		checkSectionParents(t, src)
	}
}

func FuzzSectionParents(f *testing.F) {
	for _, src := range sectionCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) { checkSectionParents(t, src) })
}

// A page of many sections side by side: reading its sections takes time
// linear in it (the search for each one's parent went back through every
// section before: 37,000 headings took 2.6 s).
func TestSectionsLinear(t *testing.T) {
	gen := func(n int) string { return strings.Repeat("== x ==\ny\n", n) }
	small, large := gen(4000), gen(8000)
	docs := map[string]*model.Document{small: parser.Parse(small, nil), large: parser.Parse(large, nil)}
	testutil.CheckLinear(t, "sections side by side", small, large, func(s string) { sectionsOf(docs[s], nil) }, 3)
}

// The same past a template that makes its argument's heading before its
// own: from there on the sections are out of the order of their places,
// and each one's parent was looked for back through every section before
// (the sections after it are all in the argument's section, the first).
func TestSectionsOutOfOrderLinear(t *testing.T) {
	gen := func(n int) string { return "{{Swap|1=\n= Alpha =\naa\n}}\n" + strings.Repeat("== x ==\ny\n", n) }
	small, large := gen(4000), gen(8000)
	parse := func(s string) *model.Document { return parser.Parse(s, &parser.Options{WikiTemplates: swapTemplates}) }
	docs := map[string]*model.Document{small: parse(small), large: parse(large)}
	testutil.CheckLinear(t, "sections out of order", small, large, func(s string) { sectionsOf(docs[s], nil) }, 3)
}

// Two revisions of a table of many columns are paired in time linear in
// its columns (each looked for its name among all of the other's: a row
// of 100,000 cells took 9 s of a build).
func TestWideTablesLinear(t *testing.T) {
	table := func(n int) *extract.Table {
		t := &extract.Table{Columns: make([]string, n), Rows: []extract.Row{make(extract.Row, n)}}
		for i := range n {
			t.Columns[i] = "c" + strconv.Itoa(i)
			t.Rows[0][i] = extract.Cell{Value: int64(i), Text: strconv.Itoa(i)}
		}
		return t
	}
	small, large := strings.Repeat("x", 5000), strings.Repeat("x", 10000)
	tables := map[int][2]*extract.Table{}
	for _, n := range []int{len(small), len(large)} {
		tables[n] = [2]*extract.Table{table(n), table(n)}
	}
	testutil.CheckLinear(t, "a wide table", small, large, func(s string) {
		p := tables[len(s)]
		pairTable(p[0], p[1])
	}, 3)
}
