package site

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// randomUnits makes n units of 0–5 pages of 1–4 sections, whose words are
// drawn from a small vocabulary (so that units share words).
func randomUnits(r *rand.Rand, n int) []*unitSummary {
	var units []*unitSummary
	for i := range n {
		units = append(units, randomUnit(r, fmt.Sprintf("page:U%04d", i)))
	}
	return units
}

func randomUnit(r *rand.Rand, id string) *unitSummary {
	u := &unitSummary{ID: id}
	for range r.IntN(6) {
		p := &pageSummary{}
		for range 1 + r.IntN(4) {
			var ws []string
			for range r.IntN(8) {
				ws = append(ws, fmt.Sprintf("w%d", r.IntN(40)))
			}
			p.Search = append(p.Search, searchDoc{Words: wordsOf(strings.Join(ws, " "))})
		}
		u.Pages = append(u.Pages, p)
	}
	return u
}

func docsOf(units []*unitSummary) []searchDoc {
	var docs []searchDoc
	for _, u := range units {
		for _, p := range u.Pages {
			docs = append(docs, p.Search...)
		}
	}
	return docs
}

// TestIncrementalPostings: the postings a rebuild renumbers from the
// previous build's record are those of reading every section, whatever
// changed: units edited (words, or count of sections), added, removed.
func TestIncrementalPostings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	renumbered := 0
	for round := range 300 {
		units := randomUnits(r, 20+r.IntN(60))
		docs := docsOf(units)
		runs := docRuns(units, docs)
		rec := postingsRecord(sortedPostings(buildPostings(docs)), runs, len(docs))
		// Change a few units.
		next := append([]*unitSummary(nil), units...)
		for range 1 + r.IntN(3) {
			i := r.IntN(len(next))
			switch r.IntN(4) {
			case 0: // edited
				next[i] = randomUnit(r, next[i].ID)
			case 1: // removed
				next = append(next[:i], next[i+1:]...)
			case 2: // added
				next = append(next[:i], append([]*unitSummary{randomUnit(r, next[i].ID+"a")}, next[i:]...)...)
			case 3: // one section's words changed
				if u := next[i]; len(u.Pages) > 0 {
					c := *u
					c.Pages = append([]*pageSummary(nil), u.Pages...)
					p := *c.Pages[0]
					p.Search = append([]searchDoc(nil), p.Search...)
					p.Search[0].Words = wordsOf(p.Search[0].Words, "zz")
					c.Pages[0] = &p
					next[i] = &c
				}
			}
		}
		docs = docsOf(next)
		runs = docRuns(next, docs)
		want := sortedPostings(buildPostings(docs))
		if got := postingsOf(docs, runs, rec); !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: renumbered postings differ:\n got %v\nwant %v", round, got, want)
		}
		prev, ok := decodePostings(rec)
		if !ok {
			t.Fatalf("round %d: the record does not read back", round)
		}
		if _, ok := renumber(prev, docs, runs); ok {
			renumbered++
		}
	}
	if renumbered < 200 {
		t.Errorf("only %d of 300 rebuilds renumbered the postings (the rest read every section)", renumbered)
	}
}

// A record that is not one (cut short, changed) is read as none: the
// postings are then made from every section.
func TestPostingsRecordDamaged(t *testing.T) {
	units := randomUnits(rand.New(rand.NewPCG(3, 4)), 30)
	docs := docsOf(units)
	runs := docRuns(units, docs)
	want := sortedPostings(buildPostings(docs))
	rec := postingsRecord(want, runs, len(docs))
	if p, ok := decodePostings(rec); !ok || !reflect.DeepEqual(p.postings, *want) || !reflect.DeepEqual(p.runs, runs) {
		t.Fatal("the record does not read back as written")
	}
	for n := range len(rec) {
		if _, ok := decodePostings(rec[:n]); ok {
			t.Fatalf("the record cut at %d of %d bytes reads", n, len(rec))
		}
		if got := postingsOf(docs, runs, rec[:n]); !reflect.DeepEqual(got, want) {
			t.Fatalf("cut at %d: postings differ", n)
		}
	}
}

func FuzzDecodePostings(f *testing.F) {
	units := randomUnits(rand.New(rand.NewPCG(5, 6)), 10)
	docs := docsOf(units)
	runs := docRuns(units, docs)
	f.Add(postingsRecord(sortedPostings(buildPostings(docs)), runs, len(docs)))
	f.Fuzz(func(t *testing.T, rec []byte) {
		prev, ok := decodePostings(rec)
		if !ok {
			return
		}
		// Whatever reads is usable: lists ascending, in range, words sorted.
		for i, l := range prev.lists {
			if i > 0 && prev.vocab[i-1] >= prev.vocab[i] {
				t.Fatal("words not sorted")
			}
			for j, d := range l {
				if d < 0 || int(d) >= prev.docs || j > 0 && l[j-1] >= d {
					t.Fatalf("list %d: %v", i, l)
				}
			}
		}
		renumber(prev, docs, runs)
	})
}
