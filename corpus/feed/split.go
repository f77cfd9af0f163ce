package feed

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/wikirules/wikirules/model"
)

// A large feed is read in parts, one per core. Reading a feed is splitting
// it into entries and checking their text (UTF-8, line ends), and the first
// touch of a mapped file's pages: in parts, each core reads its own part,
// so the reading takes the whole work divided by the cores.
//
// The parts begin at entries that reading the whole in one go is sure to
// begin (see splitAt), each part is read as the whole would be from there,
// and a part's result is used only when the reading of the part before
// ended exactly where it begins: the result is the same as reading the feed
// in one go, entry for entry, error for error.

// minPartBytes is the smallest part worth a core of its own.
const minPartBytes = 2 << 20

// splitConfig overrides how a feed is cut into parts (tests).
type splitConfig struct {
	parts   int   // parts to cut the feed into (0: GOMAXPROCS; 1: read it in one part)
	minPart int   // smallest part, in bytes (0: minPartBytes)
	points  []int // cut there instead of where splitPoints says, proven or not
	stats   *splitStats
}

// splitStats says how a reading went (tests).
type splitStats struct {
	parts     int // parts read at once
	fallbacks int // parts not used: the part before did not end where they began
}

// read reads the feed: in parts on every core when it is large enough, in
// one go otherwise.
func (p *parser) read() *Feed {
	var points []int
	c := p.opts.split
	if c == nil {
		c = &splitConfig{}
	}
	if c.points != nil {
		points = p.checkPoints(c.points)
	} else {
		n := c.parts
		if n == 0 {
			n = runtime.GOMAXPROCS(0)
		}
		minPart := c.minPart
		if minPart == 0 {
			minPart = minPartBytes
		}
		if n = min(n, len(p.src)/minPart); n >= 2 {
			points = p.splitPoints(n)
		}
	}
	if len(points) == 0 {
		if c.stats != nil {
			*c.stats = splitStats{parts: 1}
		}
		return p.parse()
	}
	return p.parseParts(points)
}

// firstEntry is the offset of the first entry, on the feed's third line
// (after the header line and a blank line); len(src) when there is none.
func firstEntry(src []byte) int {
	i := bytes.IndexByte(src, '\n')
	if i < 0 || i+1 >= len(src) {
		return len(src)
	}
	return i + 2
}

// splitPoints returns where the parts after the first begin: for each of
// n-1 evenly spaced offsets, the first entry after it where splitAt allows a
// cut. There are fewer points when entries are fewer.
func (p *parser) splitPoints(n int) []int {
	var points []int
	first := firstEntry(p.src)
	prev := first
	for k := 1; k < n; k++ {
		t := p.nextSplit(max(len(p.src)/n*k, prev+1), first)
		if t < 0 {
			break
		}
		points = append(points, t)
		prev = t
	}
	return points
}

// nextSplit returns the first offset at or after from where splitAt allows
// a cut, or -1. first is the first entry's offset.
func (p *parser) nextSplit(from, first int) int {
	src := p.src
	t := from
	if t > len(src) {
		return -1
	}
	if t > 0 && src[t-1] != '\n' { // go to the start of the next line
		i := bytes.IndexByte(src[t:], '\n')
		if i < 0 {
			return -1
		}
		t += i + 1
	}
	for t < len(src) {
		if p.splitAt(t, first) {
			return t
		}
		i := bytes.IndexByte(src[t:], '\n')
		if i < 0 {
			return -1
		}
		t += i + 1
	}
	return -1
}

// splitAt reports whether t, the start of a line after the first entry
// (at first), is where reading the feed in one go begins an entry, unless
// that reading stopped on an error before t: the next part may then be read
// from t as if the whole had been read up to it.
//
// The reading finds entries where scanBody does: at a line that follows a
// blank line and begins a well-formed entry header or one with an entry's
// shape and a fault (a "candidate"). From a well-formed entry it looks for
// the next candidate from the entry's text on, skipping any candidate in
// the entry's header; from a malformed one, from the line after its title
// on, skipping none (the first entry is the same: read with expectEntry,
// it may be malformed where a later one would not, but a well-formed one
// is well-formed either way). So a candidate t is where an entry begins
// unless t is the timestamp or the user line of a well-formed entry that
// the reading began, that is unless the line two or four lines above t
// begins a well-formed header. Rejecting t whenever such a header is there,
// begun by the reading or not, is enough: the last entry begun before t,
// well-formed or not, then leaves no candidate between itself and t, and
// the next entry begun is t.
func (p *parser) splitAt(t, first int) bool {
	src := p.src
	if t <= first || t < 2 || src[t-1] != '\n' || src[t-2] != '\n' {
		return false
	}
	if _, ok, problem := entryHeader(src, t, false); !ok && problem == "" {
		return false
	}
	up := t
	for k := 1; k <= 4; k++ {
		up = lineBefore(src, up)
		if up < 0 {
			break
		}
		if k%2 == 0 {
			if _, ok, _ := entryHeader(src, up, false); ok {
				return false
			}
		}
	}
	return true
}

// lineBefore returns the start of the line before the one starting at t,
// or -1 at the first line.
func lineBefore(src []byte, t int) int {
	if t == 0 {
		return -1
	}
	return bytes.LastIndexByte(src[:t-1], '\n') + 1
}

// checkPoints keeps the points of a cut asked for (tests) that can be
// used at all: increasing, past the first entry and inside the input. They
// need not be where an entry begins: parseParts finds out.
func (p *parser) checkPoints(points []int) []int {
	var out []int
	prev := firstEntry(p.src)
	for _, t := range points {
		if t > prev && t < len(p.src) {
			out = append(out, t)
			prev = t
		}
	}
	return out
}

// part is the reading of one part.
type part struct {
	f     Feed
	errs  model.MsgList
	end   bound // where it stopped
	fatal bool  // stopped on an error (without KeepGoing): nothing after counts
	delta int   // add to its lines (read from 1 at its first line) to number them in the feed
}

// parseParts reads the parts beginning at points (and the first, at the
// start) at once, then joins them.
func (p *parser) parseParts(points []int) *Feed {
	parts := make([]part, len(points)+1)
	stop := func(i int) int {
		if i < len(points) {
			return points[i]
		}
		return len(p.src) + 1
	}
	var wg sync.WaitGroup
	for i := range parts {
		wg.Go(func() {
			q := parser{name: p.name, src: p.src, opts: p.opts}
			r := &parts[i]
			if i == 0 {
				f, b, ok := q.prologue()
				r.f = *f
				if ok {
					r.end, r.fatal = q.entries(&r.f, b, stop(0))
				} else {
					r.fatal = true
				}
			} else {
				// Lines are counted from the part's start; joining
				// numbers them.
				t := points[i-1]
				h, ok, problem := entryHeader(p.src, t, false)
				b := bound{off: t, line: 1, h: h, found: ok, bad: !ok && problem != "", problem: problem}
				r.end, r.fatal = q.entries(&r.f, b, stop(i))
			}
			r.errs = q.errs
		})
	}
	wg.Wait()

	// Join the parts. A part is used only when the one before ended where
	// it begins: reading the whole in one go would then have begun an
	// entry there too, and read on from there as the part did. Otherwise
	// (not seen with the points of splitPoints) the reading goes on from
	// where the part before ended, up to the next part.
	f := &parts[0].f
	n := len(f.Entries)
	for i := 1; i < len(parts); i++ {
		n += len(parts[i].f.Entries)
	}
	f.Entries = append(make([]Entry, 0, n), f.Entries...)
	fallbacks := 0
	for i := 0; ; i++ {
		r := &parts[i]
		if i > 0 {
			for _, e := range r.f.Entries {
				e.Rev.Source.Line += r.delta
				f.Entries = append(f.Entries, e)
			}
		}
		for _, m := range r.errs {
			m.Line += r.delta
			p.errs = append(p.errs, m)
		}
		if r.fatal || i+1 == len(parts) {
			break
		}
		end := r.end
		end.line += r.delta
		if (end.found || end.bad) && end.off == points[i] {
			parts[i+1].delta = end.line - 1
			continue
		}
		fallbacks++
		q := parser{name: p.name, src: p.src, opts: p.opts}
		next := &parts[i+1]
		*next = part{}
		next.end, next.fatal = q.entries(&next.f, end, stop(i+1))
		next.errs = q.errs
	}
	if c := p.opts.split; c != nil && c.stats != nil {
		*c.stats = splitStats{parts: len(parts), fallbacks: fallbacks}
	}
	return f
}
