package wiki

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/wikirules/wikirules/diff"
	"github.com/wikirules/wikirules/extract"
	"github.com/wikirules/wikirules/model"
)

// sideCache is how many parsed revisions a History keeps: walking a
// history compares each revision with the one before, so two would do;
// a few more serve a Diff after a Changelog without holding every
// revision of a long history in memory.
const sideCache = 4

// History gives the parsed and extracted revisions of one page, each parsed
// once however many comparisons use it; the parts a revision shares with
// one parsed before are parsed and read for tables once
// (HistoryParser.ParseAndExtract).
type History struct {
	w      *Wiki
	Page   *model.Page
	mu     sync.Mutex
	sides  [sideCache]cachedSide
	next   int // the slot the next parse replaces
	parses int
	hp     *HistoryParser
}

type cachedSide struct {
	i    int
	side *diff.Side
}

// History returns the history of a page, found by title.
func (w *Wiki) History(title string) (*History, error) {
	p, err := w.Find(title)
	if err != nil {
		return nil, err
	}
	return w.HistoryOf(p), nil
}

// HistoryOf returns the history of a page of the wiki.
func (w *Wiki) HistoryOf(p *model.Page) *History {
	return &History{w: w, Page: p}
}

// Side returns revision i parsed and extracted (nil for i < 0: the empty
// side before the first revision).
func (h *History) Side(i int) *diff.Side {
	if i < 0 {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range h.sides {
		if c.side != nil && c.i == i {
			return c.side
		}
	}
	r := h.Page.Revisions[i]
	var sd *diff.Side
	if r.Visible() {
		if h.hp == nil {
			h.hp = h.w.NewHistoryParser(h.Page)
		}
		doc, tables, _ := h.hp.ParseAndExtract(r)
		sd = &diff.Side{Rev: r, Doc: doc, Tables: tables}
	} else {
		doc := h.w.Parse(h.Page, r)
		sd = &diff.Side{Rev: r, Doc: doc, Tables: extract.Extract(doc, h.Page, r)}
	}
	h.sides[h.next] = cachedSide{i, sd}
	h.next = (h.next + 1) % sideCache
	h.parses++
	return sd
}

// Parses is how many revisions the history has parsed and extracted so
// far: once each for a walk through it.
func (h *History) Parses() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.parses
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

// Changelog compares every revision of the span whose text is in the
// input with the visible one before it (the page's first with nothing),
// oldest first: a deleted revision is no edit. The revision before the
// span's first is read to compare with, not reported. A span with no
// revision gives no result.
func (h *History) Changelog(span Span) ([]*diff.Result, error) {
	first, end, err := span.Range(h.Page)
	if err != nil {
		return nil, err
	}
	out := make([]*diff.Result, 0, end-first)
	for i := first; i < end; i++ {
		if h.Page.Revisions[i].Visible() {
			out = append(out, diff.Compare(h.Page.Title, h.Side(h.Page.VisibleAt(i-1)), h.Side(i)))
		}
	}
	return out, nil
}

// NoRevisionIn says that a page has no revision in a span.
func NoRevisionIn(p *model.Page) string {
	if len(p.Revisions) == 0 {
		return p.Title + " has no revisions"
	}
	return fmt.Sprintf("%s has no revision in that period (it has %d, from %s to %s)", p.Title,
		len(p.Revisions), model.FormatTime(p.Revisions[0].Timestamp), model.FormatTime(p.Latest().Timestamp))
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

// BlameOptions say what to blame.
type BlameOptions struct {
	// Rev is the revision blamed, as model.Page.SelectRevision takes it;
	// "" is the last revision up to Span.Until (the latest without one).
	Rev string
	// Span limits the history read. With Since, the history starts at the
	// last revision before it: values already there are blamed on that
	// revision, marked as a boundary (they may be older), as git blame
	// --since does.
	Span Span
	// Table keeps one table (an id it has, or one it had before a
	// rename); "" keeps them all.
	Table string
}

// Blame says which revision set each cell of each rule table of a
// revision, and where each row appeared, reading the history once from
// the start of the span. A Table named by an old id is found under its
// new one, with a warning saying so.
func (h *History) Blame(o BlameOptions) (*diff.Blame, model.MsgList, error) {
	p := h.Page
	first, end, err := o.Span.Range(p)
	if err != nil {
		return nil, nil, err
	}
	// The revision blamed: the last with a text in the span, or --rev.
	target := p.VisibleAt(end - 1)
	// The history starts at the last revision with a text before the
	// span (the boundary), when the span cuts it.
	start, boundary := first, false
	if first > 0 {
		if k := p.VisibleAt(first - 1); k >= 0 {
			start, boundary = k, true
		}
	}
	if o.Rev != "" {
		r, ti, err := p.SelectRevision(o.Rev)
		if err != nil {
			return nil, nil, fmt.Errorf("--rev: %w", err)
		}
		if err := r.NeedText(p.Title); err != nil {
			return nil, nil, fmt.Errorf("--rev: %w", err)
		}
		if ti < start || ti >= end && o.Span.Until != "" {
			return nil, nil, fmt.Errorf("--rev %s (%s) is outside --since/--until", o.Rev, model.FormatTime(r.Timestamp))
		}
		target = ti
	}
	if target < 0 {
		return nil, nil, errors.New(NoRevisionIn(p))
	}
	start = min(start, target)
	b := diff.NewBlamer(p.Title, boundary)
	for i := start; i <= target; i++ {
		if p.Revisions[i].Visible() {
			b.Add(h.Side(i))
		}
	}
	bl := b.Blame()
	if o.Table == "" {
		return bl, nil, nil
	}
	var msgs model.MsgList
	id := o.Table
	if bl.Table(id) == nil {
		rn, ok := b.Renamed()[id]
		if !ok {
			return nil, nil, fmt.Errorf("%s has no table %q at %s (its tables: %s)", h.Page.Title, id, bl.Revision.Timestamp, tableIDs(bl))
		}
		msgs = append(msgs, model.Msg{Page: h.Page.Title, Rev: rn.At.Timestamp, Severity: model.SevWarning, ID: model.MsgTableRenamed,
			Text: fmt.Sprintf("table %s is now %s (renamed by %s); blaming %s", id, rn.To, rn.At.Author, rn.To)})
		id = rn.To
	}
	bl.Tables = []diff.BlameTable{*bl.Table(id)}
	return bl, msgs, nil
}

func tableIDs(bl *diff.Blame) string {
	if len(bl.Tables) == 0 {
		return "none"
	}
	ids := make([]string, len(bl.Tables))
	for i, t := range bl.Tables {
		ids[i] = t.ID
	}
	sort.Strings(ids)
	return strings.Join(ids, ", ")
}
