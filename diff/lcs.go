package diff

import "sync"

// The sequence diff: trim the common prefix and suffix, match the lines
// that occur once on each side (patience diff) and recurse between those
// anchors, and finish small gaps with an exact LCS. Gaps that are large and
// have no unique anchors are replaced wholesale. Every step is bounded, so
// a 50,000-line page costs about as much to diff as to read, and the result
// is deterministic (no time limits).

// OpKind is an edit operation.
type OpKind uint8

const (
	OpEqual OpKind = iota
	OpDelete
	OpInsert
)

// Op is a run of equal, deleted or inserted elements: A[AStart:AEnd] and
// B[BStart:BEnd].
type Op struct {
	Kind         OpKind
	AStart, AEnd int
	BStart, BEnd int
}

// exactLimit bounds the table of the exact LCS (cells).
const exactLimit = 1 << 18

// lcsTables are tables of the exact LCS, reused: a history's diffs make
// one per changed gap, up to a MB each.
var lcsTables = sync.Pool{New: func() any { return new([]int32) }}

// Sequences compares two sequences of element ids and returns the edit
// script.
func Sequences(a, b []int) []Op {
	var ops []Op
	seqDiff(a, b, 0, 0, &ops, 0)
	return merge(ops)
}

func seqDiff(a, b []int, ao, bo int, ops *[]Op, depth int) {
	// Common prefix and suffix.
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	if p > 0 {
		*ops = append(*ops, Op{OpEqual, ao, ao + p, bo, bo + p})
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	mao, mbo := ao+p, bo+p
	switch {
	case len(ma) == 0 && len(mb) == 0:
	case len(ma) == 0:
		*ops = append(*ops, Op{OpInsert, mao, mao, mbo, mbo + len(mb)})
	case len(mb) == 0:
		*ops = append(*ops, Op{OpDelete, mao, mao + len(ma), mbo, mbo})
	case len(ma)*len(mb) <= exactLimit:
		exact(ma, mb, mao, mbo, ops)
	default:
		if depth > 64 || !patience(ma, mb, mao, mbo, ops, depth) {
			*ops = append(*ops, Op{OpDelete, mao, mao + len(ma), mbo, mbo})
			*ops = append(*ops, Op{OpInsert, mao + len(ma), mao + len(ma), mbo, mbo + len(mb)})
		}
	}
	if s > 0 {
		*ops = append(*ops, Op{OpEqual, ao + len(a) - s, ao + len(a), bo + len(b) - s, bo + len(b)})
	}
}

// exact computes an LCS with a dynamic-programming table.
func exact(a, b []int, ao, bo int, ops *[]Op) {
	n, m := len(a), len(b)
	// lcs[i][j] = LCS length of a[i:], b[j:]
	w := m + 1
	tp := lcsTables.Get().(*[]int32)
	defer lcsTables.Put(tp)
	if cap(*tp) < (n+1)*w {
		*tp = make([]int32, (n+1)*w)
	}
	lcs := (*tp)[:(n+1)*w]
	// Every cell is written but the last row and column: zero them (the
	// table is reused).
	clear(lcs[n*w:])
	for i := 0; i < n; i++ {
		lcs[i*w+m] = 0
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else if x, y := lcs[(i+1)*w+j], lcs[i*w+j+1]; x >= y {
				lcs[i*w+j] = x
			} else {
				lcs[i*w+j] = y
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			addOp(ops, Op{OpEqual, ao + i, ao + i + 1, bo + j, bo + j + 1})
			i++
			j++
		case i < n && (j == m || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
			addOp(ops, Op{OpDelete, ao + i, ao + i + 1, bo + j, bo + j})
			i++
		default:
			addOp(ops, Op{OpInsert, ao + i, ao + i, bo + j, bo + j + 1})
			j++
		}
	}
}

// patience matches the elements unique on both sides, keeps the longest
// run of them in the same order, and recurses between them. It reports
// false when there is no anchor.
func patience(a, b []int, ao, bo int, ops *[]Op, depth int) bool {
	countA := map[int]int{}
	countB := map[int]int{}
	posA := map[int]int{}
	for i, x := range a {
		countA[x]++
		posA[x] = i
	}
	for _, x := range b {
		countB[x]++
	}
	// Elements that occur once on each side.
	type pair struct{ ai, bi int }
	var pairs []pair
	for j, x := range b {
		if countA[x] == 1 && countB[x] == 1 {
			pairs = append(pairs, pair{posA[x], j})
		}
	}
	if len(pairs) == 0 {
		return false
	}
	// Longest increasing subsequence of ai (pairs are in bi order).
	tails := []int{}
	prev := make([]int, len(pairs))
	for k, pr := range pairs {
		lo, hi := 0, len(tails)
		for lo < hi {
			mid := (lo + hi) / 2
			if pairs[tails[mid]].ai < pr.ai {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo > 0 {
			prev[k] = tails[lo-1]
		} else {
			prev[k] = -1
		}
		if lo == len(tails) {
			tails = append(tails, k)
		} else {
			tails[lo] = k
		}
	}
	chain := make([]pair, len(tails))
	for k, i := tails[len(tails)-1], len(tails)-1; k >= 0; k, i = prev[k], i-1 {
		chain[i] = pairs[k]
	}
	pa, pb := 0, 0
	for _, c := range chain {
		seqDiff(a[pa:c.ai], b[pb:c.bi], ao+pa, bo+pb, ops, depth+1)
		*ops = append(*ops, Op{OpEqual, ao + c.ai, ao + c.ai + 1, bo + c.bi, bo + c.bi + 1})
		pa, pb = c.ai+1, c.bi+1
	}
	seqDiff(a[pa:], b[pb:], ao+pa, bo+pb, ops, depth+1)
	return true
}

// merge joins adjacent operations of the same kind.
func merge(ops []Op) []Op {
	// In place: an op is written at or before the place it was read from.
	out := ops[:0]
	for _, op := range ops {
		if op.AStart == op.AEnd && op.BStart == op.BEnd {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Kind == op.Kind && out[n-1].AEnd == op.AStart && out[n-1].BEnd == op.BStart {
			out[n-1].AEnd, out[n-1].BEnd = op.AEnd, op.BEnd
			continue
		}
		out = append(out, op)
	}
	return out
}

// addOp appends op to ops, as a longer last op when it continues it (what
// merge would make of them): the exact LCS yields one op per element.
func addOp(ops *[]Op, op Op) {
	if n := len(*ops); n > 0 {
		if last := &(*ops)[n-1]; last.Kind == op.Kind && last.AEnd == op.AStart && last.BEnd == op.BStart {
			last.AEnd, last.BEnd = op.AEnd, op.BEnd
			return
		}
	}
	*ops = append(*ops, op)
}

// interner gives equal strings equal ids.
type interner struct{ ids map[string]int }

func newInterner() *interner { return &interner{ids: map[string]int{}} }

func (in *interner) id(s string) int {
	if v, ok := in.ids[s]; ok {
		return v
	}
	v := len(in.ids)
	in.ids[s] = v
	return v
}

func (in *interner) all(ss []string) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = in.id(s)
	}
	return out
}
