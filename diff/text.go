package diff

import (
	"strings"
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
	// Group operations into hunks: changes closer than 2×context lines
	// share a hunk.
	var cur *Hunk
	flush := func() {
		if cur != nil {
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
					cur.add(Line{Kind: LineContext, OldNo: op.AStart + i + 1, NewNo: op.BStart + i + 1, Text: al[op.AStart+i]})
				}
				flush()
			default:
				for i := 0; i < n; i++ {
					cur.add(Line{Kind: LineContext, OldNo: op.AStart + i + 1, NewNo: op.BStart + i + 1, Text: al[op.AStart+i]})
				}
			}
			continue
		}
		if cur == nil {
			cur = &Hunk{}
			if k > 0 && ops[k-1].Kind == OpEqual {
				prev := ops[k-1]
				from := max(prev.AStart, prev.AEnd-context)
				for i := from; i < prev.AEnd; i++ {
					j := prev.BStart + (i - prev.AStart)
					cur.add(Line{Kind: LineContext, OldNo: i + 1, NewNo: j + 1, Text: al[i]})
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
		removed := make([]Line, nd)
		added := make([]Line, ni)
		for i := 0; i < nd; i++ {
			removed[i] = Line{Kind: LineRemoved, OldNo: del.AStart + i + 1, Text: al[del.AStart+i]}
		}
		for i := 0; i < ni; i++ {
			added[i] = Line{Kind: LineAdded, NewNo: ins.BStart + i + 1, Text: bl[ins.BStart+i]}
		}
		for i := 0; words && i < min(nd, ni); i++ {
			removed[i].Segments, added[i].Segments = Words(removed[i].Text, added[i].Text)
		}
		for _, l := range removed {
			cur.add(l)
		}
		for _, l := range added {
			cur.add(l)
		}
	}
	flush()
	return td
}

func (h *Hunk) add(l Line) {
	if len(h.Lines) == 0 {
		h.OldStart, h.NewStart = l.OldNo, l.NewNo
	}
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
	h.Lines = append(h.Lines, l)
}

// tokens splits a line into words, runs of spaces and single other
// characters. Words are letters, digits and _, spaces Unicode's; ASCII
// bytes are classed by a table.
func tokens(s string) []string {
	out := make([]string, 0, len(s)/4+1)
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
	ta, tb := tokens(a), tokens(b)
	in := newInterner()
	ops := Sequences(in.all(ta), in.all(tb))
	in.release()
	// Each side has at most a segment per op it is in.
	na, nb := 0, 0
	for _, op := range ops {
		if op.Kind != OpInsert {
			na++
		}
		if op.Kind != OpDelete {
			nb++
		}
	}
	sa := &segmenter{line: a, toks: ta, segs: segments(na)}
	sb := &segmenter{line: b, toks: tb, segs: segments(nb)}
	for _, op := range ops {
		switch op.Kind {
		case OpEqual:
			sa.add(op.AStart, op.AEnd, false)
			sb.add(op.BStart, op.BEnd, false)
		case OpDelete:
			sa.add(op.AStart, op.AEnd, true)
		case OpInsert:
			sb.add(op.BStart, op.BEnd, true)
		}
	}
	return sa.segs, sb.segs
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
