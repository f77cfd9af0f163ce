package wiki

import (
	"fmt"
	"sync"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// History gives the parsed and extracted revisions of one page, each parsed
// once however many comparisons use it.
type History struct {
	w     *Wiki
	Page  *model.Page
	mu    sync.Mutex
	sides map[int]*diff.Side
}

// History returns the history of a page, found by title.
func (w *Wiki) History(title string) (*History, error) {
	p, err := w.Find(title)
	if err != nil {
		return nil, err
	}
	return &History{w: w, Page: p, sides: map[int]*diff.Side{}}, nil
}

// Side returns revision i parsed and extracted (nil for i < 0: the empty
// side before the first revision).
func (h *History) Side(i int) *diff.Side {
	if i < 0 {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if sd, ok := h.sides[i]; ok {
		return sd
	}
	r := h.Page.Revisions[i]
	doc := h.w.Parse(h.Page, r)
	sd := &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, h.Page, r)}
	h.sides[i] = sd
	return sd
}

// Diff compares two revisions, named as model.Page.SelectRevision takes
// them; from may also be "prev": the revision before to.
func (h *History) Diff(from, to string) (*diff.Result, error) {
	fi, ti, err := h.pick(from, to)
	if err != nil {
		return nil, err
	}
	return diff.Compare(h.Page.Title, h.Side(fi), h.Side(ti)), nil
}

// Changelog compares every revision whose text is in the input with the
// visible one before it (the first with nothing), oldest first: a deleted
// revision is no edit.
func (h *History) Changelog() []*diff.Result {
	out := make([]*diff.Result, 0, len(h.Page.Revisions))
	for i, r := range h.Page.Revisions {
		if r.Visible() {
			out = append(out, diff.Compare(h.Page.Title, h.Side(h.Page.VisibleAt(i-1)), h.Side(i)))
		}
	}
	return out
}

// ChangelogSince is Changelog for the revisions saved after since, each
// still compared with the one before it (which may be older).
func (h *History) ChangelogSince(since time.Time) []*diff.Result {
	var out []*diff.Result
	for i, r := range h.Page.Revisions {
		if r.Timestamp.After(since) {
			out = append(out, diff.Compare(h.Page.Title, h.Side(i-1), h.Side(i)))
		}
	}
	return out
}

// pick resolves from and to ("prev" is relative to the other one).
func (h *History) pick(from, to string) (fi, ti int, err error) {
	p := h.Page
	prev := from == "prev" || from == ""
	if len(p.Revisions) < 2 && prev && to != "first" {
		return 0, 0, fmt.Errorf("%s has only %d revision; nothing to compare", p.Title, len(p.Revisions))
	}
	if to == "prev" {
		to = "-2"
	}
	var r *model.Revision
	if r, ti, err = p.SelectRevision(to); err != nil {
		return 0, 0, fmt.Errorf("--to: %w", err)
	}
	if err := r.NeedText(p.Title); err != nil {
		return 0, 0, fmt.Errorf("--to: %w", err)
	}
	if prev {
		// The nearest revision before it whose text is in the input.
		if fi = p.VisibleAt(ti - 1); fi < 0 {
			return 0, 0, fmt.Errorf("--to is the first revision of %s with a text; there is nothing before it", p.Title)
		}
		return fi, ti, nil
	}
	if r, fi, err = p.SelectRevision(from); err != nil {
		return 0, 0, fmt.Errorf("--from: %w", err)
	}
	if err := r.NeedText(p.Title); err != nil {
		return 0, 0, fmt.Errorf("--from: %w", err)
	}
	return fi, ti, nil
}
