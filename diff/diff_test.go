package diff_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// apply replays an edit script on a and checks it gives b.
func apply(t *testing.T, a, b []int, ops []diff.Op) {
	t.Helper()
	var out []int
	ai, bi := 0, 0
	for _, op := range ops {
		if op.AStart != ai || op.BStart != bi {
			t.Fatalf("op %+v does not continue at a=%d b=%d", op, ai, bi)
		}
		switch op.Kind {
		case diff.OpEqual:
			for k := 0; k < op.AEnd-op.AStart; k++ {
				if a[op.AStart+k] != b[op.BStart+k] {
					t.Fatalf("equal op %+v covers different elements", op)
				}
			}
			out = append(out, a[op.AStart:op.AEnd]...)
		case diff.OpInsert:
			out = append(out, b[op.BStart:op.BEnd]...)
		}
		ai, bi = op.AEnd, op.BEnd
	}
	if ai != len(a) || bi != len(b) {
		t.Fatalf("script ends at a=%d b=%d, want %d %d", ai, bi, len(a), len(b))
	}
	if len(out) != len(b) {
		t.Fatalf("replay gives %d elements, want %d", len(out), len(b))
	}
	for i := range out {
		if out[i] != b[i] {
			t.Fatalf("replay differs at %d", i)
		}
	}
}

func lcsLen(a, b []int) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

func TestSequencesRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 500; k++ {
		a := make([]int, rng.Intn(40))
		for i := range a {
			a[i] = rng.Intn(6)
		}
		b := append([]int(nil), a...)
		for e := rng.Intn(8); e > 0; e-- {
			i := rng.Intn(len(b) + 1)
			switch rng.Intn(3) {
			case 0:
				b = append(b[:i], append([]int{rng.Intn(6)}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = rng.Intn(6)
				}
			}
		}
		ops := diff.Sequences(a, b)
		apply(t, a, b, ops)
		eq := 0
		for _, op := range ops {
			if op.Kind == diff.OpEqual {
				eq += op.AEnd - op.AStart
			}
		}
		if want := lcsLen(a, b); eq != want {
			t.Fatalf("small inputs must get a minimal diff: %d equal, LCS %d (a=%v b=%v)", eq, want, a, b)
		}
	}
}

func TestTextAndWords(t *testing.T) {
	a := "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n"
	b := "one\ntwo\nthree\nfour\nFIVE and more\nsix\nseven\neight\nnine\nten\neleven\n"
	td := diff.Text(a, b, 2)
	if td.Added != 2 || td.Removed != 1 {
		t.Errorf("added %d removed %d", td.Added, td.Removed)
	}
	if len(td.Hunks) != 2 {
		t.Fatalf("%d hunks, want 2", len(td.Hunks))
	}
	h := td.Hunks[0]
	if h.OldStart != 3 || h.OldLines != 5 || h.NewStart != 3 || h.NewLines != 5 {
		t.Errorf("hunk 1 header %+v", h)
	}
	var removed, added diff.Line
	for _, l := range h.Lines {
		switch l.Kind {
		case diff.LineRemoved:
			removed = l
		case diff.LineAdded:
			added = l
		}
	}
	if len(removed.Segments) != 1 || !removed.Segments[0].Changed || removed.Segments[0].Text != "five" {
		t.Errorf("removed segments %+v", removed.Segments)
	}
	if len(added.Segments) != 1 || added.Segments[0].Text != "FIVE and more" {
		t.Errorf("added segments %+v", added.Segments)
	}
	sa, sb := diff.Words("the 10 of diamonds", "the jack of diamonds")
	if len(sa) != 3 || sa[1].Text != "10" || !sa[1].Changed || sb[1].Text != "jack" {
		t.Errorf("word segments %+v / %+v", sa, sb)
	}
}

// bigPage makes a page of n lines.
func bigPage(n int, seed int64) []string {
	rng := rand.New(rand.NewSource(seed))
	lines := make([]string, n)
	for i := range lines {
		lines[i] = "Line " + strconv.Itoa(i) + " of the rules: roll " + strconv.Itoa(rng.Intn(6)+1) + " dice and move."
	}
	return lines
}

// A 50,000-line page, once with scattered edits and once rewritten
// completely, diffs quickly: the work is bounded.
func TestLargePages(t *testing.T) {
	a := bigPage(50000, 1)
	b := append([]string(nil), a...)
	for i := 0; i < len(b); i += 997 {
		b[i] = "changed " + b[i]
	}
	start := time.Now()
	td := diff.Text(strings.Join(a, "\n"), strings.Join(b, "\n"), 3)
	if td.Added != 51 || td.Removed != 51 {
		t.Errorf("scattered edits: +%d -%d, want +51 -51", td.Added, td.Removed)
	}
	c := bigPage(50000, 2)
	for i := range c {
		c[i] = "other " + c[i]
	}
	td = diff.Text(strings.Join(a, "\n"), strings.Join(c, "\n"), 3)
	if td.Added != 50000 || td.Removed != 50000 {
		t.Errorf("rewrite: +%d -%d", td.Added, td.Removed)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}

func seedSides(t testing.TB, title string, revs ...string) (*model.Page, []*diff.Side) {
	t.Helper()
	p := testutil.SeedCorpus(t).Page(title)
	if p == nil {
		t.Fatalf("no page %s", title)
	}
	var out []*diff.Side
	for _, spec := range revs {
		r, _, err := p.SelectRevision(spec)
		if err != nil {
			t.Fatal(err)
		}
		doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
		out = append(out, &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)})
	}
	return p, out
}

func compareSeeds(t *testing.T, title, from, to string) *diff.Result {
	p, s := seedSides(t, title, from, to)
	return diff.Compare(p.Title, s[0], s[1])
}

func goldens(t *testing.T, name string, r *diff.Result) {
	var txt, js bytes.Buffer
	diff.WriteText(&txt, r, diff.TextOptions{})
	diff.WriteJSON(&js, r)
	testutil.Golden(t, filepath.Join("testdata", "golden", name+".txt"), txt.Bytes())
	testutil.Golden(t, filepath.Join("testdata", "golden", name+".json"), js.Bytes())
}

func TestHeartsBonusCard(t *testing.T) {
	r := compareSeeds(t, "Gamehelphearts", "2023-07-07T18:38:03Z", "2023-07-23T18:36:54Z")
	if !r.RulesChanged() || len(r.Tables) != 1 {
		t.Fatalf("tables: %+v", r.Tables)
	}
	tc := r.Tables[0]
	if tc.Change != diff.TableModified || len(tc.Cells) != 1 {
		t.Fatalf("change: %+v", tc)
	}
	c := tc.Cells[0]
	if c.Row != "Omnibus Hearts" || !strings.HasPrefix(c.From.(string), "10♦") || !strings.HasPrefix(c.To.(string), "J♦") {
		t.Errorf("cell change: %+v", c)
	}
	goldens(t, "hearts", r)
}

func TestPresidentFormatting(t *testing.T) {
	r := compareSeeds(t, "Gamehelppresident", "2025-01-13T21:44:34Z", "2025-01-13T21:48:26Z")
	if r.RulesChanged() || len(r.Tables) != 1 || r.Tables[0].Change != diff.TableFormatting {
		t.Fatalf("tables: %+v", r.Tables)
	}
	goldens(t, "president", r)
}

func TestOFCLevels(t *testing.T) {
	r := compareSeeds(t, "Gamehelpopenfacechinesepoker", "2024-11-15T16:30:17Z", "2024-11-15T16:59:06Z")
	levels := 0
	for _, s := range r.Sections {
		if s.Change == diff.SectionLevel {
			levels++
			if s.Title == "Overview" && (s.FromLevel != 3 || s.ToLevel != 2) {
				t.Errorf("Overview: %+v", s)
			}
		}
		if s.Change == diff.SectionAdded || s.Change == diff.SectionRemoved {
			t.Errorf("a level change must not read as added/removed: %+v", s)
		}
	}
	if levels < 10 {
		t.Errorf("%d level changes", levels)
	}
	for _, tc := range r.Tables {
		if tc.Change == diff.TableAdded || tc.Change == diff.TableRemoved {
			t.Errorf("royalty table %s changed id", tc.ID)
		}
	}
	goldens(t, "ofc", r)
}

// Rows are matched by key, not position: a row inserted at the top shows
// as one added row.
func TestRowsByKey(t *testing.T) {
	mk := func(src string) *diff.Side {
		doc := parser.Parse(src, &parser.Options{})
		p := &model.Page{Title: "Gamehelpx", Game: "x"}
		r := &model.Revision{Text: src}
		return &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
	}
	a := mk("== Scores ==\n{|\n! Hand !! Points\n|-\n| Pair || 1\n|-\n| Flush || 5\n|}")
	b := mk("== Scores ==\n{|\n! Hand !! Points\n|-\n| High card || 0\n|-\n| Pair || 1\n|-\n| Flush || 6\n|}")
	r := diff.Compare("Gamehelpx", a, b)
	if len(r.Tables) != 1 {
		t.Fatalf("%+v", r.Tables)
	}
	tc := r.Tables[0]
	if len(tc.RowsAdded) != 1 || tc.RowsAdded[0]["Hand"] != "High card" || len(tc.Cells) != 1 || tc.Cells[0].Row != "Flush" {
		t.Errorf("%+v", tc)
	}
}

// A key column whose numbers are written another way ("1,000" to
// "1000", a unit dropped) names the same rows: the rows pair and the
// table's values are unchanged (a formatting change), not every row
// removed and added again.
func TestRowsByKeyNumberFormat(t *testing.T) {
	table := func(rows ...string) string {
		return "== Rewards ==\n{| class=\"wikitable\"\n! Points !! Reward\n|-\n" + strings.Join(rows, "\n|-\n") + "\n|}\n"
	}
	old := table("| 1,000 || Bronze", "| 2,500 || Silver", "| 10,000 || Gold")
	for _, tc := range []struct{ name, new, want string }{
		{"separators", table("| 1000 || Bronze", "| 2500 || Silver", "| 10000 || Gold"), "table formatting  demo/rewards values=false"},
		{"unit", table("| 1,000 VP || Bronze", "| 2,500 VP || Silver", "| 10,000 VP || Gold"), "table formatting  demo/rewards values=false"},
		{"value", table("| 1000 || Bronze", "| 2500 || Silver", "| 10000 || Platinum"), "table modified  demo/rewards values=true"},
	} {
		r := compare(old, tc.new)
		if got := changes(r); got != "section modified  Rewards\n"+tc.want {
			t.Errorf("%s: got\n%s\nwant %s", tc.name, got, tc.want)
		}
		if len(r.Tables) == 1 && (len(r.Tables[0].RowsAdded) > 0 || len(r.Tables[0].RowsRemoved) > 0) {
			t.Errorf("%s: rows added %v, removed %v; want the rows paired by their keys' values", tc.name, r.Tables[0].RowsAdded, r.Tables[0].RowsRemoved)
		}
		if tc.name == "value" && (len(r.Tables) != 1 || fmt.Sprint(r.Tables[0].Cells) != "[{10000 Reward Gold Platinum}]") {
			t.Errorf("%s: %+v", tc.name, r.Tables)
		}
	}
}

// Keys of one number written otherwise ("4 players", "4 teams") are rows
// of their own: removing one removes it, and the other keeps its value
// (they were paired by their number, in order: the wrong row changed).
func TestRowsByKeySameNumber(t *testing.T) {
	table := func(rows ...string) string {
		return "== Deal ==\n{| class=\"wikitable\"\n! Players !! Cards\n|-\n" + strings.Join(rows, "\n|-\n") + "\n|}\n"
	}
	for _, tc := range []struct{ old, new []string }{
		{[]string{"| 3 players || 10", "| 4 players || 8", "| 4 teams || 12"}, []string{"| 3 players || 10", "| 4 teams || 12"}},
		{[]string{"| +1 || 10", "| 1 || 8", "| 2 || 12"}, []string{"| 1 || 8", "| 2 || 12"}},
	} {
		r := compare(table(tc.old...), table(tc.new...))
		if len(r.Tables) != 1 || len(r.Tables[0].Cells) != 0 || len(r.Tables[0].RowsRemoved) != 1 || len(r.Tables[0].RowsAdded) != 0 {
			t.Errorf("%v -> %v: %+v, want one row removed and no cell changed", tc.old, tc.new, r.Tables)
		}
	}
}

func BenchmarkDiff(b *testing.B) {
	p, s := seedSides(b, "Gamehelpopenfacechinesepoker", "2024-11-15T16:30:17Z", "2024-11-15T16:59:06Z")
	size := int64(len(s[0].Rev.Text) + len(s[1].Rev.Text))
	b.Run("text", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			diff.Text(s[0].Rev.Text, s[1].Rev.Text, 3)
		}
	})
	b.Run("sections", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			diff.Sections(s[0].Doc, s[1].Doc)
		}
	})
	b.Run("tables", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			diff.Tables(s[0].Tables, s[1].Tables)
		}
	})
	b.Run("all-levels", func(b *testing.B) {
		b.SetBytes(size)
		for b.Loop() {
			diff.Compare(p.Title, s[0], s[1])
		}
	})
	// A synthetic 1 MB page with scattered edits.
	lines := bigPage(18000, 3)
	a := strings.Join(lines, "\n")
	for i := 0; i < len(lines); i += 500 {
		lines[i] += " (edited)"
	}
	c := strings.Join(lines, "\n")
	b.Run("text-1MB", func(b *testing.B) {
		b.SetBytes(int64(len(a) + len(c)))
		for b.Loop() {
			diff.Text(a, c, 3)
		}
	})
	pa := "== Rules ==\n" + a
	pc := "== Rules ==\n" + c
	da := parser.Parse(pa, &parser.Options{})
	dc := parser.Parse(pc, &parser.Options{})
	b.Run("sections-1MB", func(b *testing.B) {
		b.SetBytes(int64(len(pa) + len(pc)))
		for b.Loop() {
			diff.Sections(da, dc)
		}
	})
}

// BenchmarkHistory diffs every revision of the seeds with the one before,
// parsing each revision once (as "diff --all" does).
func BenchmarkHistory(b *testing.B) {
	c := testutil.SeedCorpus(b)
	revs := 0
	for b.Loop() {
		revs = 0
		for _, p := range c.Pages {
			var prev *diff.Side
			for _, r := range p.Revisions {
				doc := parser.Parse(r.Text, &parser.Options{Title: p.Title})
				cur := &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, p, r)}
				diff.Compare(p.Title, prev, cur)
				prev = cur
				revs++
			}
		}
	}
	b.ReportMetric(float64(revs*b.N)/b.Elapsed().Seconds(), "revisions/s")
}
