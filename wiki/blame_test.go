package wiki_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/wiki"
)

// cellOrigin finds the origin of a cell of a blame.
func cellOrigin(t *testing.T, bl *diff.Blame, table, row, col string) diff.BlameCell {
	t.Helper()
	tb := bl.Table(table)
	if tb == nil {
		t.Fatalf("no table %s in the blame", table)
	}
	for _, r := range tb.Rows {
		if r.Key != row {
			continue
		}
		for _, c := range r.Cells {
			if c.Column == col {
				return c
			}
		}
	}
	t.Fatalf("%s has no cell %s → %s", table, row, col)
	return diff.BlameCell{}
}

// On the seeds: the Omnibus Hearts description of hearts/rule-set was last
// set by the 2023-07-23 edit (10♦ → J♦); the Black Maria description by
// the first revision, since the 18:38 edit changed only its formatting.
func TestBlameSeeds(t *testing.T) {
	w := wiki.New(testutil.SeedCorpus(t), nil, wiki.Config{})
	h, err := w.History("Gamehelphearts")
	if err != nil {
		t.Fatal(err)
	}
	bl, msgs, err := h.Blame(wiki.BlameOptions{Table: "hearts/rule-set"})
	if err != nil || len(msgs) > 0 {
		t.Fatal(err, msgs)
	}
	if len(bl.Tables) != 1 || bl.Revision.Timestamp != "2023-07-23T18:36:54Z" {
		t.Fatalf("blame of %s with %d tables", bl.Revision.Timestamp, len(bl.Tables))
	}
	for _, c := range []struct{ row, ts string }{
		{"Omnibus Hearts", "2023-07-23T18:36:54Z"},
		{"Black Maria", "2023-07-07T18:32:39Z"},
	} {
		if got := cellOrigin(t, bl, "hearts/rule-set", c.row, "description"); got.Timestamp != c.ts || got.Author != "NiraD" {
			t.Errorf("%s description: blamed on %s by %s, want %s", c.row, got.Timestamp, got.Author, c.ts)
		}
	}
	if got := cellOrigin(t, bl, "hearts/rule-set", "Omnibus Hearts", "description"); !strings.HasPrefix(got.Value.(string), "J♦") {
		t.Errorf("Omnibus Hearts description: %v", got.Value)
	}
	if h.Parses() != len(h.Page.Revisions) {
		t.Errorf("%d parses for %d revisions", h.Parses(), len(h.Page.Revisions))
	}
}

// A time window: --until blames the last revision up to it; --since starts
// the history at the last revision before it, whose values are a boundary.
func TestBlameSpan(t *testing.T) {
	w := open(t, wiki.Config{})
	h, err := w.History("Gamehelphearts")
	if err != nil {
		t.Fatal(err)
	}
	bl, _, err := h.Blame(wiki.BlameOptions{Span: wiki.Span{Until: "2024-01-11"}})
	if err != nil {
		t.Fatal(err)
	}
	if q := cellOrigin(t, bl, "hearts/scoring", "Q♠", "Points"); q.Value != int64(12) || q.Timestamp != "2024-01-10T09:00:00Z" || q.Boundary {
		t.Errorf("until 2024-01-11: %+v", q)
	}
	bl, _, err = h.Blame(wiki.BlameOptions{Span: wiki.Span{Since: "2024-01-12"}})
	if err != nil {
		t.Fatal(err)
	}
	if q := cellOrigin(t, bl, "hearts/scoring", "Q♠", "Points"); q.Value != int64(13) || q.Author != "Tobias" || q.Boundary {
		t.Errorf("since 2024-01-12, the queen: %+v", q)
	}
	if c := cellOrigin(t, bl, "hearts/scoring", "Q♠", "Card"); !c.Boundary || c.Timestamp != "2024-01-10T09:00:00Z" {
		t.Errorf("since 2024-01-12, the card name is older: %+v", c)
	}
	// Past the last revision: everything is at least as old as it.
	bl, _, err = h.Blame(wiki.BlameOptions{Span: wiki.Span{Since: "2030"}})
	if err != nil || !cellOrigin(t, bl, "hearts/scoring", "Q♠", "Points").Boundary {
		t.Errorf("since 2030: %v", err)
	}
	for _, o := range []wiki.BlameOptions{
		{Span: wiki.Span{Until: "2020"}},
		{Span: wiki.Span{Since: "someday"}},
		{Rev: "first", Span: wiki.Span{Since: "2024-02"}},
		{Rev: "99"},
		{Table: "hearts/nothing"},
	} {
		if _, _, err := h.Blame(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	log, err := h.Changelog(wiki.Span{Since: "2024-01-12"})
	if err != nil || len(log) != 2 || log[0].From.Timestamp != "2024-01-10T09:00:00Z" {
		t.Errorf("changelog since 2024-01-12: %d results, %v", len(log), err)
	}
	if !diff.RulesChangedIn(log) {
		t.Error("the queen changed since 2024-01-12")
	}
	if log, err := h.Changelog(wiki.Span{Since: "2030"}); err != nil || len(log) != 0 || diff.RulesChangedIn(log) {
		t.Errorf("changelog since 2030: %d, %v", len(log), err)
	}
}

// A revision whose text was deleted is no edit: the blame and the
// changelog skip it, and the revision after it is compared with the one
// before.
func TestBlameDeletedRevision(t *testing.T) {
	text := func(four string) string {
		return "== Goals ==\n{| class=\"wikitable\"\n! Players !! Target\n|-\n| 2 || 30\n|-\n| 4 || " + four + "\n|}\n"
	}
	at := func(day int) time.Time { return time.Date(2024, 5, day, 9, 0, 0, 0, time.UTC) }
	p := &model.Page{Title: "Gamehelpdemo", Game: "demo", Kind: model.PageRules, Revisions: []*model.Revision{
		{Timestamp: at(1), Author: "Ada", Text: text("20")},
		{Timestamp: at(2), Author: "Vandal", Deleted: model.DeletedText},
		{Timestamp: at(3), Author: "Cleo", Text: text("18")},
		{Timestamp: at(4), Author: "Dan", Deleted: model.DeletedText | model.DeletedAuthor},
	}}
	h := wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{}).HistoryOf(p)
	bl, _, err := h.Blame(wiki.BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if bl.Revision.Author != "Cleo" {
		t.Errorf("blamed %s by %s, want Cleo's, the last with a text", bl.Revision.Timestamp, bl.Revision.Author)
	}
	if c := cellOrigin(t, bl, "demo/goals", "4", "Target"); c.Author != "Cleo" {
		t.Errorf("the 18: %+v", c)
	}
	if c := cellOrigin(t, bl, "demo/goals", "2", "Target"); c.Author != "Ada" {
		t.Errorf("the 30: %+v", c)
	}
	if h.Parses() != 2 {
		t.Errorf("%d parses, want the 2 revisions with a text", h.Parses())
	}
	if _, _, err := h.Blame(wiki.BlameOptions{Rev: "2"}); err == nil || !strings.Contains(err.Error(), "deleted") {
		t.Errorf("blame of a deleted revision: %v", err)
	}
	log, err := h.Changelog(wiki.Span{})
	if err != nil || len(log) != 2 || log[1].From.Author != "Ada" || len(log[1].Tables) != 1 || len(log[1].Tables[0].Cells) != 1 {
		t.Errorf("changelog: %d results, %v", len(log), err)
	}
	// --since after the deleted revision: the boundary is Ada's.
	bl, _, err = h.Blame(wiki.BlameOptions{Span: wiki.Span{Since: "2024-05-02"}})
	if err != nil {
		t.Fatal(err)
	}
	if c := cellOrigin(t, bl, "demo/goals", "2", "Target"); !c.Boundary || c.Author != "Ada" {
		t.Errorf("since 2024-05-02, the 30: %+v", c)
	}
}

// walk is what `wikirules diff --all` and `wikirules blame` do with a
// history: a changelog, or a blame of the latest revision.
func walk(tb testing.TB, p *model.Page, what string) *wiki.History {
	h := wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{}).HistoryOf(p)
	switch what {
	case "diff-all":
		if _, err := h.Changelog(wiki.Span{}); err != nil {
			tb.Fatal(err)
		}
	case "blame":
		if _, _, err := h.Blame(wiki.BlameOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	return h
}

// BenchmarkHistory runs diff --all and blame over generated histories of
// 250 and 1,000 revisions: the time per revision (ns/rev) stays the same.
func BenchmarkHistory(b *testing.B) {
	for _, what := range []string{"diff-all", "blame"} {
		for _, n := range []int{250, 1000} {
			p := testgen.History(n, 1)
			size := 0
			for _, r := range p.Revisions {
				size += len(r.Text)
			}
			b.Run(fmt.Sprintf("%s/%d", what, n), func(b *testing.B) {
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					walk(b, p, what)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/rev")
			})
		}
	}
}

// diff --all and blame read a history once: each revision is parsed and
// extracted once, and the work (counted in allocations, which unlike time
// does not depend on the machine's load) grows linearly with the number
// of revisions: four times the revisions cost about four times as much,
// where a quadratic walk would cost sixteen.
func TestHistoryLinear(t *testing.T) {
	small, large := testgen.History(250, 1), testgen.History(1000, 1)
	for _, what := range []string{"diff-all", "blame"} {
		allocs := func(p *model.Page) uint64 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			h := walk(t, p, what)
			runtime.ReadMemStats(&after)
			if h.Parses() != len(p.Revisions) {
				t.Errorf("%s: %d parses for %d revisions", what, h.Parses(), len(p.Revisions))
			}
			return after.Mallocs - before.Mallocs
		}
		a, b := allocs(small), allocs(large)
		ratio := float64(b) / float64(a)
		t.Logf("%s: %d allocations for 250 revisions, %d for 1000: ×%.2f", what, a, b, ratio)
		if ratio > 5 {
			t.Errorf("%s: 4× the revisions cost ×%.2f the allocations: not linear", what, ratio)
		}
	}
}

// The generated history has every kind of edit the blame follows: renamed
// tables, renamed columns, rows added, formatting; and the blame agrees
// with the changelog (each cell's origin is a revision that changed it).
func TestGeneratedHistory(t *testing.T) {
	p := testgen.History(200, 7)
	h := wiki.New(model.NewCorpus([]*model.Page{p}), nil, wiki.Config{}).HistoryOf(p)
	log, err := h.Changelog(wiki.Span{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range log {
		for _, tc := range r.Tables {
			seen[tc.Change.String()] = true
			if len(tc.ColumnsRenamed) > 0 {
				seen["columns renamed"] = true
			}
			if tc.Change == diff.TableAdded || tc.Change == diff.TableRemoved {
				if r.From.Timestamp != "" {
					t.Errorf("%s: table %s %s: the generator never adds or removes one", r.To.Timestamp, tc.ID, tc.Change)
				}
			}
		}
	}
	for _, k := range []string{"renamed", "modified", "formatting", "columns renamed"} {
		if !seen[k] {
			t.Errorf("no table change %q in the generated history", k)
		}
	}
	bl, _, err := h.Blame(wiki.BlameOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byTime := map[string]*diff.Result{}
	for _, r := range log {
		byTime[r.To.Timestamp] = r
	}
	for _, tb := range bl.Tables {
		for _, row := range tb.Rows {
			for _, c := range row.Cells {
				r := byTime[c.Timestamp]
				if r == nil {
					t.Fatalf("%s: blamed on %s, no revision", tb.ID, c.Timestamp)
				}
				if r.From.Timestamp == "" || c.Timestamp == row.Since.Timestamp {
					continue
				}
				// The column may have had another name then: the
				// change is the row's, to the value the cell has now.
				found := false
				for _, tc := range r.Tables {
					for _, cc := range tc.Cells {
						found = found || cc.Row == row.Key && fmt.Sprint(cc.To) == fmt.Sprint(c.Value)
					}
					found = found || len(tc.ColumnsAdded) > 0
				}
				if !found {
					t.Errorf("%s %s %s: blamed on %s, whose diff does not change it", tb.ID, row.Key, c.Column, c.Timestamp)
				}
			}
		}
	}
}
