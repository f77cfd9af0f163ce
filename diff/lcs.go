package diff

import (
	"math/bits"
	"sync"
)

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

// exactLimit bounds the exact LCS's work (a × b elements).
const exactLimit = 1 << 18

// lcsTables are the bit rows of the exact LCS, reused: a history's diffs
// make one per changed gap.
var lcsTables = sync.Pool{New: func() any { return new(lcsTable) }}

// lcsTable holds the exact LCS's rows: for each suffix of a, a bit per
// element of b (see exact), and the count of set bits before each word.
type lcsTable struct {
	rows  []uint64
	cum   []int32
	masks []uint64
	index map[int]int
}

// Sequences compares two sequences of element ids and returns the edit
// script.
func Sequences(a, b []int) []Op {
	return sequencesInto(make([]Op, 0, 8), a, b)
}

// sequencesInto is Sequences writing the script into ops' array.
func sequencesInto(ops []Op, a, b []int) []Op {
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

// exact computes an LCS and writes its edit script: equal elements are
// kept whenever they meet, and where either way keeps as many a deletion
// comes before an insertion.
//
// The LCS lengths come from the bit-parallel recurrence (Hyyrö 2004) on
// the reversed sequences, a word of 64 elements of b at a time: row r
// holds V_r, and the LCS of a's last r elements with b's last c is c
// minus the set bits among V_r's c lowest. A table of int32 cells was
// three quarters of a history's word diffs.
func exact(a, b []int, ao, bo int, ops *[]Op) {
	n, m := len(a), len(b)
	words := (m + 63) / 64
	t := lcsTables.Get().(*lcsTable)
	defer lcsTables.Put(t)
	// masks[k]: the bits of b's reversed elements equal to the k-th
	// distinct element of a.
	if t.index == nil {
		t.index = map[int]int{}
	}
	clear(t.index)
	for _, x := range a {
		if _, ok := t.index[x]; !ok {
			t.index[x] = len(t.index)
		}
	}
	t.masks = resize(t.masks, (len(t.index)+1)*words)
	clear(t.masks)
	for c := 0; c < m; c++ {
		if k, ok := t.index[b[m-1-c]]; ok {
			t.masks[k*words+c/64] |= 1 << (c % 64)
		}
	}
	t.rows = resize(t.rows, (n+1)*words)
	t.cum = resize(t.cum, (n+1)*(words+1))
	rows, cum := t.rows, t.cum
	for w := 0; w < words; w++ {
		rows[w] = ^uint64(0)
	}
	for r := 1; r <= n; r++ {
		k := t.index[a[n-r]]
		mask := t.masks[k*words : (k+1)*words]
		prev, cur := rows[(r-1)*words:r*words], rows[r*words:(r+1)*words]
		var carry, borrow uint64
		for w := 0; w < words; w++ {
			v := prev[w]
			u := v & mask[w]
			var sum, diff uint64
			sum, carry = bits.Add64(v, u, carry)
			diff, borrow = bits.Sub64(v, u, borrow)
			cur[w] = sum | diff
		}
	}
	for r := 0; r <= n; r++ {
		c := cum[r*(words+1) : (r+1)*(words+1)]
		c[0] = 0
		for w := 0; w < words; w++ {
			c[w+1] = c[w] + int32(bits.OnesCount64(rows[r*words+w]))
		}
	}
	// lcs is the LCS length of a[i:] and b[j:].
	lcs := func(i, j int) int {
		r, c := n-i, m-j
		set := int(cum[r*(words+1)+c/64])
		if c%64 != 0 {
			set += bits.OnesCount64(rows[r*words+c/64] & (1<<(c%64) - 1))
		}
		return c - set
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			addOp(ops, Op{OpEqual, ao + i, ao + i + 1, bo + j, bo + j + 1})
			i++
			j++
		case i < n && (j == m || lcs(i+1, j) >= lcs(i, j+1)):
			addOp(ops, Op{OpDelete, ao + i, ao + i + 1, bo + j, bo + j})
			i++
		default:
			addOp(ops, Op{OpInsert, ao + i, ao + i, bo + j, bo + j + 1})
			j++
		}
	}
}

// resize returns s with length n, its array reused when large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
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

// interner gives equal strings equal ids. Interners are pooled: a
// history's diffs intern the changed lines of every edit and the words of
// every changed line, and a fresh map for each grew to a third of the
// diffs' allocations.
type interner struct {
	ids map[string]int
	buf []int // the ids all returned, end to end
}

var interners = sync.Pool{New: func() any { return &interner{ids: map[string]int{}} }}

// maxPooledInterner bounds the strings of an interner put back in the pool
// (a cleared map keeps its size).
const maxPooledInterner = 1 << 14

// newInterner returns an empty interner; release gives it back.
func newInterner() *interner { return interners.Get().(*interner) }

// release empties in and puts it back in the pool: the slices all returned
// must not be used after it.
func (in *interner) release() {
	if len(in.ids) > maxPooledInterner {
		return
	}
	clear(in.ids)
	in.buf = in.buf[:0]
	interners.Put(in)
}

func (in *interner) id(s string) int {
	if v, ok := in.ids[s]; ok {
		return v
	}
	v := len(in.ids)
	in.ids[s] = v
	return v
}

// all returns the ids of ss, in a part of in's buffer.
func (in *interner) all(ss []string) []int {
	from := len(in.buf)
	for _, s := range ss {
		in.buf = append(in.buf, in.id(s))
	}
	return in.buf[from:len(in.buf):len(in.buf)]
}
