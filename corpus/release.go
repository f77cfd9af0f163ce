package corpus

import (
	"os"
	"slices"
	"unsafe"

	"github.com/wikirules/wikirules/internal/mapfile"
	"github.com/wikirules/wikirules/model"
)

// textMaps are the feeds a loader mapped (Options.MapFiles), whose pages
// the texts point into: the corpus gives those pages back to the system
// when the caller is done with texts (model.Corpus.ReleaseTexts). A build
// of a 400 MB feed otherwise keeps every text it has read in its memory
// to the end, beside a heap that then gets that much less.
type textMaps [][]byte

// release gives back the pages of the mapped texts of pages (nil pages
// are skipped), in as few
// calls as their places allow (the texts of a feed follow one another: a
// whole feed is one call).
func (m textMaps) release(pages []*model.Page) {
	type span struct{ m, from, to int }
	var spans []span
	for _, p := range pages {
		if p == nil {
			continue
		}
		for _, r := range p.Revisions {
			if k, off, ok := m.find(r.Text); ok {
				spans = append(spans, span{k, off, off + len(r.Text)})
			}
		}
	}
	slices.SortFunc(spans, func(a, b span) int {
		if a.m != b.m {
			return a.m - b.m
		}
		return a.from - b.from
	})
	gap := os.Getpagesize()
	for i := 0; i < len(spans); {
		cur := spans[i]
		i++
		for i < len(spans) && spans[i].m == cur.m && spans[i].from <= cur.to+gap {
			cur.to = max(cur.to, spans[i].to)
			i++
		}
		mapfile.Release(m[cur.m], cur.from, cur.to)
	}
}

// find returns which mapping s lies in and where; ok is false for a text
// on the heap (read from another kind of input, or copied to be cleaned).
func (m textMaps) find(s string) (k, off int, ok bool) {
	if s == "" {
		return 0, 0, false
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	for k, d := range m {
		base := uintptr(unsafe.Pointer(unsafe.SliceData(d)))
		if p >= base && p-base+uintptr(len(s)) <= uintptr(len(d)) {
			return k, int(p - base), true
		}
	}
	return 0, 0, false
}
