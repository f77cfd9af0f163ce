package parser

import (
	"sort"
	"sync"
	"unsafe"

	"github.com/wikirules/wikirules/model"
)

// The parser works like MediaWiki's: a series of passes, each rewriting the
// whole text (tables become <table> tags, ''' becomes <b>, lines become
// paragraphs…). To keep every node of the final tree pointing at the
// wikitext that produced it, each intermediate text carries a segment map
// from its bytes back to the source: copied runs map linearly, generated
// runs (a "<td>" written for a "|") map to the range of the construct that
// made them.

// seg maps text[off:off+n] to the source. For a copied run (gen false) byte
// off+i comes from source byte src+i. For a generated run every byte maps to
// the source range [src, srcEnd). Offsets are 32-bit (a page is far below
// 2 GB: model limits revisions and expansion to much less): a map has about
// one segment per ten bytes of text, and each pass makes a new one.
type seg struct {
	off, n      int32
	src, srcEnd int32
	gen         bool
}

// text is a string with its source map.
type text struct {
	s    string
	segs []seg
	hint int // index of the last segment looked up; passes scan forward
	// buf is the array s is in, when a builder made it: a pass of the
	// main pipeline gives it back when the text is done (passBuilder).
	buf []byte
	// one holds segs when the text has a single segment and no builder
	// made it (oneSegText).
	one [1]seg
}

// oneSegText is s mapped by one segment (its off is 0), in one allocation.
// An empty s has no segment, as a builder's text.
func oneSegText(s string, sg seg) *text {
	t := &text{s: s}
	if len(s) > 0 {
		t.one[0] = sg
		t.segs = t.one[:]
	}
	return t
}

// newSourceText maps s one to one onto the source starting at offset base.
func newSourceText(s string, base int) *text {
	t := &text{s: s}
	if len(s) > 0 {
		t.segs = []seg{{off: 0, n: int32(len(s)), src: int32(base), srcEnd: int32(base + len(s))}}
	}
	return t
}

// find returns the index of the segment holding byte off (the last segment
// when off is at the end).
func (t *text) find(off int) int {
	segs := t.segs
	if len(segs) == 0 {
		return -1
	}
	o := int32(off)
	h := t.hint
	if h < len(segs) && segs[h].off <= o {
		// Scan forward a few segments before falling back to a search.
		for k := 0; k < 8 && h < len(segs); k, h = k+1, h+1 {
			if o < segs[h].off+segs[h].n {
				t.hint = h
				return h
			}
		}
	}
	i := sort.Search(len(segs), func(i int) bool { return segs[i].off+segs[i].n > o })
	if i == len(segs) {
		i = len(segs) - 1
	}
	t.hint = i
	return i
}

// srcAt returns the source offset of byte off.
func (t *text) srcAt(off int) int {
	i := t.find(off)
	if i < 0 {
		return 0
	}
	sg := t.segs[i]
	if sg.gen {
		return int(sg.src)
	}
	return int(sg.src) + (off - int(sg.off))
}

// srcRange returns the source range covered by t.s[from:to].
func (t *text) srcRange(from, to int) (int, int) {
	if len(t.segs) == 0 {
		return 0, 0
	}
	if to <= from {
		p := t.srcAt(from)
		return p, p
	}
	i := t.find(from)
	lo, hi := -1, -1
	for ; i < len(t.segs) && int(t.segs[i].off) < to; i++ {
		sg := t.segs[i]
		a, b := int(sg.src), int(sg.srcEnd)
		if !sg.gen {
			off := int(sg.off)
			s0 := max(from, off)
			s1 := min(to, off+int(sg.n))
			a = int(sg.src) + (s0 - off)
			b = int(sg.src) + (s1 - off)
		}
		if lo < 0 || a < lo {
			lo = a
		}
		if b > hi {
			hi = b
		}
	}
	if lo < 0 {
		p := t.srcAt(from)
		return p, p
	}
	return lo, hi
}

// builder accumulates the output text of a pass with its segment map.
type builder struct {
	b    []byte
	segs []seg
}

func newBuilder(capacity int) *builder {
	return &builder{b: make([]byte, 0, capacity)}
}

// newBuilderFor returns a builder sized for a pass over in.
func newBuilderFor(in *text, extra int) *builder {
	return &builder{b: make([]byte, 0, len(in.s)+extra), segs: make([]seg, 0, len(in.segs)+len(in.segs)/2+8)}
}

func (b *builder) addSeg(s seg) {
	if s.n == 0 {
		return
	}
	if k := len(b.segs) - 1; k >= 0 {
		last := &b.segs[k]
		if !s.gen && !last.gen && last.off+last.n == s.off && last.src+last.n == s.src {
			last.n += s.n
			last.srcEnd = last.src + last.n
			return
		}
		if s.gen && last.gen && last.off+last.n == s.off && last.src == s.src && last.srcEnd == s.srcEnd {
			last.n += s.n
			return
		}
	}
	b.segs = append(b.segs, s)
}

// copy appends in.s[from:to] with its mapping.
func (b *builder) copy(in *text, from, to int) {
	if to <= from {
		return
	}
	b.b = append(b.b, in.s[from:to]...)
	out := int32(len(b.b) - (to - from))
	f, t := int32(from), int32(to)
	i := in.find(from)
	for ; i < len(in.segs) && in.segs[i].off < t; i++ {
		sg := in.segs[i]
		s0 := max(f, sg.off)
		s1 := min(t, sg.off+sg.n)
		ns := seg{off: out + (s0 - f), n: s1 - s0, gen: sg.gen, src: sg.src, srcEnd: sg.srcEnd}
		if !sg.gen {
			ns.src = sg.src + (s0 - sg.off)
			ns.srcEnd = ns.src + ns.n
		}
		b.addSeg(ns)
	}
}

// gen appends generated text mapped to the source range [src, srcEnd).
func (b *builder) gen(s string, src, srcEnd int) {
	if s == "" {
		return
	}
	off := len(b.b)
	b.b = append(b.b, s...)
	b.addSeg(seg{off: int32(off), n: int32(len(s)), src: int32(src), srcEnd: int32(srcEnd), gen: true})
}

// genAt appends generated text mapped to the source range of in.s[from:to].
func (b *builder) genAt(s string, in *text, from, to int) {
	a, z := in.srcRange(from, to)
	b.gen(s, a, z)
}

// text returns the built text. The builder must not be used afterwards:
// the text shares its bytes (one copy less per pass).
func (b *builder) text() *text {
	if len(b.b) == 0 {
		return &text{segs: b.segs, buf: b.b}
	}
	return &text{s: unsafe.String(&b.b[0], len(b.b)), segs: b.segs, buf: b.b}
}

// noRecycle turns the reuse of pass arrays off, for a test that compares
// the output with and without it.
var noRecycle = false

// poisonArrays fills the arrays a parse gives back with bytes no text has,
// for a test that checks that nothing the document holds was in them.
var poisonArrays = false

// The passes of the main pipeline rewrite the whole page one after the
// other: each writes a new text and is done with the one it read. A
// parse keeps the arrays of the texts it is done with and writes the next
// texts into them (spareBuilder, pass); when it ends, they serve the next
// parse, in this goroutine or another (arrayPool). The tree is built on
// the last text, and its strings then move out of it (keepStrings), so
// that its array goes back too.
//
// Nothing may keep a string of a text a pass is done with: what the passes
// record (link targets, categories…) is copied (strings.Clone).
// TestRecycleChangesNothing and FuzzRecycle check it, with the arrays
// given back overwritten (poisonArrays).

// arraySet holds arrays a parse is done with.
type arraySet struct {
	bufs [][]byte
	segs [][]seg
}

// maxSpare bounds the arrays of each kind an arraySet keeps.
const maxSpare = 3

var arrayPool sync.Pool // *arraySet

// takeBuf returns an empty array of at least n bytes.
func (a *arraySet) takeBuf(n int) []byte {
	for i := len(a.bufs) - 1; i >= 0; i-- {
		if b := a.bufs[i]; cap(b) >= n {
			a.bufs = append(a.bufs[:i], a.bufs[i+1:]...)
			return b[:0]
		}
	}
	// Room to spare, so that the next passes, whose texts grow a little
	// each time, can use it too.
	return make([]byte, 0, n+n/4)
}

// takeSegs returns an empty array of at least n segments.
func (a *arraySet) takeSegs(n int) []seg {
	for i := len(a.segs) - 1; i >= 0; i-- {
		if s := a.segs[i]; cap(s) >= n {
			a.segs = append(a.segs[:i], a.segs[i+1:]...)
			return s[:0]
		}
	}
	// The passes add segments faster than bytes.
	return make([]seg, 0, 2*n)
}

func (a *arraySet) giveBuf(b []byte) {
	if cap(b) == 0 {
		return
	}
	if poisonArrays {
		b = b[:cap(b)]
		for i := range b {
			b[i] = 0xFE
		}
	}
	a.bufs = append(a.bufs, b[:0])
	if len(a.bufs) > maxSpare {
		a.bufs = dropSmallest(a.bufs)
	}
}

func (a *arraySet) giveSegs(s []seg) {
	if cap(s) == 0 {
		return
	}
	a.segs = append(a.segs, s[:0])
	if len(a.segs) > maxSpare {
		a.segs = dropSmallest(a.segs)
	}
}

// dropSmallest removes the array of least capacity.
func dropSmallest[T any](arrays [][]T) [][]T {
	k := 0
	for i := range arrays {
		if cap(arrays[i]) < cap(arrays[k]) {
			k = i
		}
	}
	return append(arrays[:k], arrays[k+1:]...)
}

// passBuilder is newBuilderFor for a pass of the main pipeline.
func (ps *parseState) passBuilder(in *text, extra int) *builder {
	return ps.spareBuilder(len(in.s)+extra, len(in.segs)+len(in.segs)/4+8)
}

// spareBuilder returns a builder for about n bytes and ns segments, in
// arrays the parse is done with when it has them.
func (ps *parseState) spareBuilder(n, ns int) *builder {
	if ps.arrays == nil {
		return &builder{b: make([]byte, 0, n+n/4), segs: make([]seg, 0, 2*ns)}
	}
	return &builder{b: ps.arrays.takeBuf(n), segs: ps.arrays.takeSegs(ns)}
}

// takeArrays starts a parse with the arrays an earlier one left.
func (ps *parseState) takeArrays() {
	if noRecycle {
		return
	}
	if a, ok := arrayPool.Get().(*arraySet); ok {
		ps.arrays = a
	} else {
		ps.arrays = &arraySet{}
	}
}

// done gives t's arrays back; t must not be used afterwards.
func (ps *parseState) done(t *text) {
	if ps.arrays == nil {
		return
	}
	ps.arrays.giveBuf(t.buf)
	ps.arrays.giveSegs(t.segs)
	t.buf, t.segs, t.s = nil, nil, ""
}

// pass runs a pass of the main pipeline and keeps the arrays of its input
// for the passes after.
func (ps *parseState) pass(in *text, f func(*text) *text) *text {
	out := f(in)
	if out != in {
		ps.done(in)
	}
	return out
}

// keepStrings runs when the tree of the last text t is built: the tree's
// strings that are in t's array move out of it, so that the array can
// serve the next parse. A text node copied from the page becomes a
// string of the page (no copy at all); the rest (generated text, element
// names and attributes written by the passes) is copied into one array of
// their size. The final text is a quarter larger than the page and the
// tree keeps little of it: this is most of a page's size not allocated.
func (ps *parseState) keepStrings(root *model.Node, t *text) {
	if ps.arrays == nil || t.buf == nil || cap(t.buf) == 0 {
		return
	}
	buf := t.buf[:cap(t.buf)]
	lo := uintptr(unsafe.Pointer(&buf[0]))
	hi := lo + uintptr(len(buf))
	inBuf := func(s string) bool {
		if s == "" {
			return false
		}
		p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return p >= lo && p < hi
	}
	// One walk points the text copied from the page at the page and
	// lists the nodes with other strings in the array (few: generated
	// text, names and attributes the passes wrote); then those strings
	// are copied into one array of their size.
	src := ps.src
	var rest []*model.Node
	size := 0
	for n := root; n != nil; n = model.Next(root, n) {
		if inBuf(n.Text) && n.Kind == model.KindText && n.Pos >= 0 && n.Pos <= n.End && n.End <= len(src) && src[n.Pos:n.End] == n.Text {
			n.Text = src[n.Pos:n.End]
		}
		k := 0
		if inBuf(n.Tag) {
			k += len(n.Tag)
		}
		if inBuf(n.Text) {
			k += len(n.Text)
		}
		for _, a := range n.Attrs() {
			if inBuf(a.Name) {
				k += len(a.Name)
			}
			if inBuf(a.Value) {
				k += len(a.Value)
			}
		}
		if k > 0 {
			rest = append(rest, n)
			size += k
		}
	}
	arena := make([]byte, 0, size)
	move := func(s string) string {
		if !inBuf(s) {
			return s
		}
		start := len(arena)
		arena = append(arena, s...)
		return unsafe.String(&arena[start], len(s))
	}
	for _, n := range rest {
		n.Tag = move(n.Tag)
		n.Text = move(n.Text)
		attrs := n.Attrs()
		for i := range attrs {
			// Elements that share an attribute array (a formatting element
			// reopened) see it moved once: the second sees a moved string.
			attrs[i].Name = move(attrs[i].Name)
			attrs[i].Value = move(attrs[i].Value)
		}
	}
	ps.arrays.giveBuf(t.buf)
	t.s, t.buf = "", nil
}

// leaveArrays ends a parse: its arrays, the last text's map included, go
// to the next parse. last must not be used afterwards.
func (ps *parseState) leaveArrays(last *text) {
	if ps.arrays == nil {
		return
	}
	ps.arrays.giveSegs(last.segs)
	last.segs = nil
	arrayPool.Put(ps.arrays)
	ps.arrays = nil
}

// trimEnd drops trailing bytes (and their segments) from the builder.
func (b *builder) trimEnd(n int) {
	if n <= 0 {
		return
	}
	if n > len(b.b) {
		n = len(b.b)
	}
	newLen := len(b.b) - n
	b.b = b.b[:newLen]
	nl := int32(newLen)
	for len(b.segs) > 0 {
		last := &b.segs[len(b.segs)-1]
		if last.off >= nl {
			b.segs = b.segs[:len(b.segs)-1]
			continue
		}
		if last.off+last.n > nl {
			last.n = nl - last.off
			if !last.gen {
				last.srcEnd = last.src + last.n
			}
		}
		break
	}
}

// copySrc appends src[from:to], mapped to the same offsets of the source.
func (b *builder) copySrc(src string, from, to int) {
	if to <= from {
		return
	}
	off := len(b.b)
	b.b = append(b.b, src[from:to]...)
	b.addSeg(seg{off: int32(off), n: int32(to - from), src: int32(from), srcEnd: int32(to)})
}

// appendText appends a whole text with its mapping.
func (b *builder) appendText(t *text) {
	if t == nil || len(t.s) == 0 {
		return
	}
	off := int32(len(b.b))
	b.b = append(b.b, t.s...)
	for _, sg := range t.segs {
		sg.off += off
		b.addSeg(sg)
	}
}
