package cli

import (
	"runtime/debug"
	"testing"
	"unsafe"

	"github.com/wikirules/wikirules/model"
)

// TestTuneGCFollowsReleasedTexts: with mapped texts, the heap's limit is
// 768 MiB less the texts in memory, and rises as the build releases them
// (through the corpus's text release, which still runs).
func TestTuneGCFollowsReleasedTexts(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	oldPercent, oldLimit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetGCPercent(oldPercent); debug.SetMemoryLimit(oldLimit) })

	// Texts of the sizes wanted, never read: strings over one buffer of
	// zeros that is never touched (a copy would fill 450 MiB).
	zeros := make([]byte, 200<<20)
	text := func(n int) string { return unsafe.String(unsafe.SliceData(zeros), n) }
	a := &model.Page{Title: "A", Revisions: []*model.Revision{{Text: text(200 << 20)}, {Text: text(100 << 20)}}}
	b := &model.Page{Title: "B", Revisions: []*model.Revision{{Text: text(150 << 20)}}}
	c := model.NewCorpus([]*model.Page{a, b})
	var got []*model.Page
	c.SetTextRelease(func(pages []*model.Page) { got = append(got, pages...) })
	tuneGC(c, true)
	if l := debug.SetMemoryLimit(-1); l != 417<<20 {
		t.Fatalf("limit %d MiB with 450 MiB of texts, want 417 (half of them and 192)", l>>20)
	}
	c.ReleaseTexts([]*model.Page{a})
	if len(got) != 1 || got[0] != a {
		t.Fatalf("the corpus's release got %v", got)
	}
	if l := debug.SetMemoryLimit(-1); l != 768<<20-150<<20 {
		t.Errorf("limit %d MiB after releasing 300 MiB of 450, want %d", l>>20, (768<<20-150<<20)>>20)
	}
	c.ReleaseTexts([]*model.Page{b})
	if l := debug.SetMemoryLimit(-1); l != 768<<20-96<<20 {
		t.Errorf("limit %d MiB after releasing every text, want %d", l>>20, 768-96)
	}
	for _, c := range []struct{ resident, total, want int64 }{
		{0, 400 << 20, 672 << 20},
		{100 << 20, 400 << 20, 668 << 20},
		{400 << 20, 400 << 20, 392 << 20},
		{39 << 20, 39 << 20, 729 << 20}, // a small wiki: its texts are all there is to hold
		{0, 39 << 20, 729 << 20},
		{1 << 30, 1 << 30, 704 << 20},
	} {
		if got := mappedHeapLimit(c.resident, c.total); got != c.want {
			t.Errorf("mappedHeapLimit(%d MiB of %d) = %d MiB, want %d", c.resident>>20, c.total>>20, got>>20, c.want>>20)
		}
	}
}
