package diff

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// LineKind says whether a diff line is context, added or removed.
type LineKind uint8

const (
	LineContext LineKind = iota
	LineRemoved
	LineAdded
)

// Segment is a piece of a changed line: a word that changed, or text that
// stayed.
type Segment struct {
	Text    string
	Changed bool
}

// Line is one line of a hunk. Segments are set on changed lines that pair
// up with a line on the other side (word-level highlighting).
type Line struct {
	Kind         LineKind
	OldNo, NewNo int // 1-based; 0 when the line is not on that side
	Text         string
	Segments     []Segment
}

// Hunk is a group of changes with their context.
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Lines              []Line
}

// TextDiff is a line diff of two texts.
type TextDiff struct {
	Hunks          []Hunk
	Added, Removed int
}

// splitLines splits a text into lines without their newlines.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Text diffs two texts line by line, with context lines of context around
// each change and word-level segments on changed lines.
func Text(a, b string, context int) *TextDiff { return text(a, b, context, true) }

// Lines is Text without the word-level segments: a third of the time on
// texts that differ a lot (comparing an old revision with the current
// one).
func Lines(a, b string, context int) *TextDiff { return text(a, b, context, false) }

func text(a, b string, context int, words bool) *TextDiff {
	return textOfLines(splitLines(a), splitLines(b), context, words)
}

// LinesOf is Lines of two sides' texts, each side's text split into
// lines once for all the comparisons it is in (a history compares every
// old revision with the current one).
func LinesOf(a, b *Side, context int) *TextDiff {
	return textOfLines(a.lineList(), b.lineList(), context, false)
}

// LineOps is the edit script of two sides' lines, as Lines and LinesOf
// find it, without hunks: for a caller that only counts or writes the
// changes. Equal, deleted and inserted runs alternate, a deletion before
// the insertion that replaces it; the sides' lines are a.Lines() and
// b.Lines().
func LineOps(a, b *Side) []Op { return lineOps(a.lineList(), b.lineList()) }

// Counts is how many elements a script removes and adds.
func Counts(ops []Op) (removed, added int) {
	for _, op := range ops {
		switch op.Kind {
		case OpDelete:
			removed += op.AEnd - op.AStart
		case OpInsert:
			added += op.BEnd - op.BStart
		}
	}
	return removed, added
}

// Lines returns the side's text as lines (split once, shared by every
// comparison the side is in): the lines LineOps numbers.
func (s *Side) Lines() []string { return s.lineList() }

func textOfLines(al, bl []string, context int, words bool) *TextDiff {
	ops := lineOps(al, bl)
	td := &TextDiff{}
	td.Removed, td.Added = Counts(ops)
	// The hunks' lines share one array, made once for them all: a run of
	// equal lines gives at most 2×context lines of context, a change its
	// own lines (each hunk growing its own was a fortieth of what a big
	// build allocated).
	bound := 0
	for _, op := range ops {
		if op.Kind == OpEqual {
			bound += min(op.AEnd-op.AStart, 2*context)
		} else {
			bound += op.AEnd - op.AStart + op.BEnd - op.BStart
		}
	}
	lines := make([]Line, 0, bound)
	// Group operations into hunks: changes closer than 2×context lines
	// share a hunk.
	var cur *Hunk
	first := 0 // cur's first line in lines
	add := func(l Line) {
		cur.count(l)
		lines = append(lines, l)
	}
	flush := func() {
		if cur != nil {
			cur.Lines = lines[first:len(lines):len(lines)]
			td.Hunks = append(td.Hunks, *cur)
			cur = nil
		}
	}
	for k := 0; k < len(ops); k++ {
		op := ops[k]
		if op.Kind == OpEqual {
			n := op.AEnd - op.AStart
			switch {
			case cur == nil:
				// Leading context of the next hunk is added when it starts.
			case k == len(ops)-1 || n > 2*context:
				// Trailing context, then the hunk ends.
				for i := 0; i < min(context, n); i++ {
					add(Line{Kind: LineContext, OldNo: op.AStart + i + 1, NewNo: op.BStart + i + 1, Text: al[op.AStart+i]})
				}
				flush()
			default:
				for i := 0; i < n; i++ {
					add(Line{Kind: LineContext, OldNo: op.AStart + i + 1, NewNo: op.BStart + i + 1, Text: al[op.AStart+i]})
				}
			}
			continue
		}
		if cur == nil {
			cur, first = &Hunk{}, len(lines)
			if k > 0 && ops[k-1].Kind == OpEqual {
				prev := ops[k-1]
				from := max(prev.AStart, prev.AEnd-context)
				for i := from; i < prev.AEnd; i++ {
					j := prev.BStart + (i - prev.AStart)
					add(Line{Kind: LineContext, OldNo: i + 1, NewNo: j + 1, Text: al[i]})
				}
			}
		}
		// A block of deletions followed by insertions is a change: pair
		// the lines for word highlighting.
		var del, ins Op
		if op.Kind == OpDelete {
			del = op
			if k+1 < len(ops) && ops[k+1].Kind == OpInsert {
				ins = ops[k+1]
				k++
			} else {
				ins = Op{Kind: OpInsert, AStart: op.AEnd, AEnd: op.AEnd, BStart: op.BStart, BEnd: op.BStart}
			}
		} else {
			del = Op{Kind: OpDelete, AStart: op.AStart, AEnd: op.AStart, BStart: op.BStart, BEnd: op.BStart}
			ins = op
		}
		nd, ni := del.AEnd-del.AStart, ins.BEnd-ins.BStart
		removed := len(lines)
		for i := 0; i < nd; i++ {
			add(Line{Kind: LineRemoved, OldNo: del.AStart + i + 1, Text: al[del.AStart+i]})
		}
		for i := 0; i < ni; i++ {
			add(Line{Kind: LineAdded, NewNo: ins.BStart + i + 1, Text: bl[ins.BStart+i]})
		}
		for i := 0; words && i < min(nd, ni); i++ {
			r, a := &lines[removed+i], &lines[removed+nd+i]
			r.Segments, a.Segments = Words(r.Text, a.Text)
		}
	}
	flush()
	return td
}

// count takes line l into the hunk's starts and lengths.
func (h *Hunk) count(l Line) {
	// A side's start is its first line's number there.
	if h.OldStart == 0 && l.OldNo != 0 {
		h.OldStart = l.OldNo
	}
	if h.NewStart == 0 && l.NewNo != 0 {
		h.NewStart = l.NewNo
	}
	switch l.Kind {
	case LineContext:
		h.OldLines++
		h.NewLines++
	case LineRemoved:
		h.OldLines++
	case LineAdded:
		h.NewLines++
	}
}

// appendTokens appends the tokens of line s to out: words, runs of
// spaces and single other characters. Words are letters, digits and _,
// spaces Unicode's; ASCII bytes are classed by a table.
func appendTokens(out []string, s string) []string {
	for i := 0; i < len(s); {
		cls, n := classAt(s, i)
		j := i + n
		if cls != tokOther {
			for j < len(s) {
				c, m := classAt(s, j)
				if c != cls {
					break
				}
				j += m
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// Token classes.
const (
	tokOther uint8 = iota
	tokWord
	tokSpace
)

// asciiClass is the class of each ASCII byte.
var asciiClass = func() (t [128]uint8) {
	for c := range t {
		switch r := rune(c); {
		case isWordRune(r):
			t[c] = tokWord
		case unicode.IsSpace(r):
			t[c] = tokSpace
		}
	}
	return t
}()

// classAt returns the class of the character at s[i] and its length.
func classAt(s string, i int) (uint8, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiClass[c], 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case isWordRune(r):
		return tokWord, n
	case unicode.IsSpace(r):
		return tokSpace, n
	}
	return tokOther, n
}

// Words diffs two lines word by word and returns each side's segments.
// A segment's text is a part of its line, not a copy: the tokens of a
// line are its consecutive parts, and the edit script walks each side in
// order.
func Words(a, b string) ([]Segment, []Segment) {
	sc := wordScratches.Get().(*wordScratch)
	defer sc.release()
	sc.ta = appendTokens(sc.ta[:0], a)
	sc.tb = appendTokens(sc.tb[:0], b)
	ta, tb := sc.ta, sc.tb
	in := newInterner()
	sc.ops = sequencesInto(sc.ops[:0], in.all(ta), in.all(tb))
	in.release()
	sc.runs = wordRuns(sc.runs[:0], sc.ops, ta, tb)
	rs := sc.runs
	sc.groups = absorbEqualities(sc.groups[:0], rs)
	// Each side has at most a segment per run.
	sa := &segmenter{line: a, toks: ta, segs: segments(min(len(rs), len(ta)))}
	sb := &segmenter{line: b, toks: tb, segs: segments(min(len(rs), len(tb)))}
	for _, r := range rs {
		sa.add(r.a0, r.a1, r.changed || r.inA)
		sb.add(r.b0, r.b1, r.changed || r.inB)
	}
	return sa.segs, sb.segs
}

// A wordRun is a run of a word diff's edit script: equal tokens, or the
// tokens one side has in place of the other's (a deletion, an insertion
// or both), with the bytes of either side's tokens.
type wordRun struct {
	a0, a1, b0, b1 int
	la, lb         int
	changed        bool
	// inA, inB: an equal run taken into the change around it (see
	// absorbEqualities), shown changed on that side.
	inA, inB bool
}

// A wordScratch holds a word diff's tokens, edit script, runs and groups:
// every changed line of every edit is diffed word by word, and new slices
// for each were most of what Words allocated (the tokens and scripts of a
// 10,000 x 10 build's history pages, 0.45 GB).
type wordScratch struct {
	ta, tb []string
	ops    []Op
	runs   []wordRun
	groups []runGroup
}

var wordScratches = sync.Pool{New: func() any { return new(wordScratch) }}

// release gives the scratch back, without the texts its tokens hold (a
// long line's arrays are left to the collector).
func (sc *wordScratch) release() {
	if cap(sc.ta)+cap(sc.tb) > 1<<14 {
		return
	}
	clear(sc.ta)
	clear(sc.tb)
	wordScratches.Put(sc)
}

// A runGroup is runs rs[first:last+1] of a word diff: one equal run, or a
// change (see absorbEqualities).
type runGroup struct {
	first, last int
	la, lb      int
	changed     bool
}

// wordRuns appends to rs the runs of an edit script of tokens, a deletion
// and an insertion side by side being one run.
func wordRuns(rs []wordRun, ops []Op, ta, tb []string) []wordRun {
	size := func(toks []string) int {
		n := 0
		for _, t := range toks {
			n += len(t)
		}
		return n
	}
	for _, op := range ops {
		r := wordRun{a0: op.AStart, a1: op.AEnd, b0: op.BStart, b1: op.BEnd, la: size(ta[op.AStart:op.AEnd]), lb: size(tb[op.BStart:op.BEnd]), changed: op.Kind != OpEqual}
		if n := len(rs); r.changed && n > 0 && rs[n-1].changed {
			t := &rs[n-1]
			t.a1, t.b1, t.la, t.lb = r.a1, r.b1, t.la+r.la, t.lb+r.lb
			continue
		}
		rs = append(rs, r)
	}
	return rs
}

// absorbEqualities makes a word diff read as what a person would mark:
// an equal run between two changes that is shorter than either change
// (the space between two replaced words, a "the" in a rewritten sentence)
// becomes part of one change, as diff-match-patch's semantic cleanup does
// (which also takes runs as long as a change: a table row's word made
// bold, three apostrophes on each side, and one space after it made three
// would mark the unchanged " ||" between them as changed; so two
// one-letter words replaced stay apart, "[-a-] [-b-]"). Without it a
// rewritten sentence showed every word struck out on its own between the
// spaces the two versions share ("<del>a</del> <del>b</del>"), harder
// to read.
//
// A change is the runs between two equal runs that are not absorbed, and
// its size the larger side's bytes. One pass with a stack: a merge only
// ever grows the change before the next equal run, which is then checked
// against it. An absorbed run is shown changed on a side that has changed
// tokens before and after it in its change ("Pair" to "High card": the
// space between "High" and "card" is marked, "Pair" keeps its space).
//
// st is room for the stack (returned for reuse).
func absorbEqualities(st []runGroup, rs []wordRun) []runGroup {
	if len(rs) < 3 {
		return st
	}
	merged := false
	for i, r := range rs {
		st = append(st, runGroup{i, i, r.la, r.lb, r.changed})
		for n := len(st); n >= 3; n = len(st) {
			x, e, y := st[n-3], st[n-2], st[n-1]
			if !x.changed || e.changed || !y.changed || e.la >= max(x.la, x.lb) || e.la >= max(y.la, y.lb) {
				break
			}
			st = append(st[:n-3], runGroup{x.first, y.last, x.la + e.la + y.la, x.lb + e.lb + y.lb, true})
			merged = true
		}
	}
	if !merged {
		return st
	}
	for _, g := range st {
		if !g.changed || g.first == g.last {
			continue
		}
		// The first and last runs of the change with tokens on each side.
		fa, la, fb, lb := -1, -1, -1, -1
		for k := g.first; k <= g.last; k++ {
			if r := &rs[k]; r.changed {
				if r.a1 > r.a0 {
					la = k
					if fa < 0 {
						fa = k
					}
				}
				if r.b1 > r.b0 {
					lb = k
					if fb < 0 {
						fb = k
					}
				}
			}
		}
		for k := g.first; k <= g.last; k++ {
			if r := &rs[k]; !r.changed {
				r.inA = fa < k && k < la
				r.inB = fb < k && k < lb
			}
		}
	}
	return st
}

// segments returns room for n segments: nil for none (an empty line has
// no segments, and its Line prints whole).
func segments(n int) []Segment {
	if n == 0 {
		return nil
	}
	return make([]Segment, 0, n)
}

// segmenter cuts a line into segments by token index.
type segmenter struct {
	line string
	toks []string
	segs []Segment
	// next is the token after the last one added and at its byte offset;
	// end is where the last segment ends in line.
	next, at, end int
}

// add adds tokens [i, j) as a segment, joined to the last one when it has
// the same kind (as a longer part of the line when it ends where they
// begin).
func (s *segmenter) add(i, j int, changed bool) {
	if i >= j {
		return
	}
	if i != s.next {
		// Not the next tokens (an edit script walks a side in order, so
		// this does not happen): find where token i begins.
		s.next, s.at = 0, 0
	}
	for ; s.next < i; s.next++ {
		s.at += len(s.toks[s.next])
	}
	from := s.at
	for ; s.next < j; s.next++ {
		s.at += len(s.toks[s.next])
	}
	to := s.at
	switch n := len(s.segs); {
	case n > 0 && s.segs[n-1].Changed == changed && s.end == from:
		last := &s.segs[n-1]
		last.Text = s.line[from-len(last.Text) : to]
	case n > 0 && s.segs[n-1].Changed == changed:
		s.segs[n-1].Text += s.line[from:to]
	default:
		s.segs = append(s.segs, Segment{Text: s.line[from:to], Changed: changed})
	}
	s.end = to
}

// lineOps is Sequences over the lines: the lines the two texts begin and
// end with are compared as strings and only the lines between them
// interned (most of a revision is the one before it). The script is the
// one Sequences gives, which trims the same lines first.
func lineOps(al, bl []string) []Op {
	p := 0
	for p < len(al) && p < len(bl) && al[p] == bl[p] {
		p++
	}
	s := 0
	for s < len(al)-p && s < len(bl)-p && al[len(al)-1-s] == bl[len(bl)-1-s] {
		s++
	}
	in := newInterner()
	defer in.release()
	ops := make([]Op, 0, 8)
	if p > 0 {
		ops = append(ops, Op{OpEqual, 0, p, 0, p})
	}
	seqDiff(in.all(al[p:len(al)-s]), in.all(bl[p:len(bl)-s]), p, p, &ops, 0)
	if s > 0 {
		ops = append(ops, Op{OpEqual, len(al) - s, len(al), len(bl) - s, len(bl)})
	}
	return merge(ops)
}
