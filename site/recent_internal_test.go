package site

import (
	"math/rand/v2"
	"sort"
	"testing"
	"time"
)

// TestRecentChangesMatchesSort: the n kept are the first n of all the
// revisions sorted stably (newest first, then by title), ties included.
func TestRecentChangesMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var pages []*pageSummary
	for i := range 300 {
		// Few titles and times: many ties.
		p := &pageSummary{Title: string(rune('a' + rng.IntN(5)))}
		for range rng.IntN(6) {
			p.Revisions = append(p.Revisions, &revSummary{Time: base.Add(time.Duration(rng.IntN(40)) * time.Hour), Anchor: itoa(i)})
		}
		pages = append(pages, p)
	}
	var all []recentRev
	for _, p := range pages {
		for _, r := range p.Revisions {
			all = append(all, recentRev{p, r})
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		if !all[i].rev.Time.Equal(all[j].rev.Time) {
			return all[i].rev.Time.After(all[j].rev.Time)
		}
		return all[i].page.Title < all[j].page.Title
	})
	for _, n := range []int{0, 1, 7, 50, len(all), len(all) + 5} {
		got := recentChanges(pages, n)
		want := all[:min(n, len(all))]
		if len(got) != len(want) {
			t.Fatalf("n=%d: %d kept, want %d", n, len(got), len(want))
		}
		for i := range want {
			if got[i].page != want[i].page || got[i].rev != want[i].rev {
				t.Fatalf("n=%d: #%d is %s %v, want %s %v", n, i, got[i].page.Title, got[i].rev.Time, want[i].page.Title, want[i].rev.Time)
			}
		}
	}
}
