package parser

import (
	"slices"
	"sort"

	"github.com/wikirules/wikirules/model"
)

// wrapTemplates wraps the nodes produced by each template call in a
// KindTemplate node, when they form a run of siblings. calls are sorted by
// position, outer calls first.
//
// For each call the wrap descends from the root: at each level, the
// children that overlap the call's range either form a contiguous run that
// lies inside the range (they are wrapped), or one of them straddles the
// range (the wrap goes down into the last such child), or neither (the call
// is not wrapped). Three things keep the whole pass linear in the size of
// the tree and the number of calls:
//
//   - A call inside a call already wrapped starts its descent at that
//     call's wrapper: the descent from the root would reach it (every
//     ancestor of a wrapper covers the wrapper's range and straddles any
//     smaller call inside it).
//   - A parent whose children are in source order (positions and ends never
//     decreasing, as they almost always are) keeps a cursor at its first
//     child that ends after the last call looked up there. Calls arrive in
//     position order, so the children a call overlaps are a run starting
//     at the cursor.
//   - A parent whose children are out of order (content fostered out of a
//     table goes before it) gets an interval index over them.
//
// A call inside a wrapped call starts in the wrapper only when it is
// strictly inside: calls come from the page's preprocessor tree, so two
// calls never have the same range, but nothing here depends on it.
func wrapTemplates(root *model.Node, calls []*model.TemplateCall) {
	wr := &wrapper{index: map[*model.Node]*childIndex{}, slabSize: min(len(calls), 256)}
	type wrapped struct {
		call *model.TemplateCall
		node *model.Node
	}
	var open []wrapped // wrapped calls enclosing the current one
	for _, c := range calls {
		for len(open) > 0 {
			o := open[len(open)-1].call
			if o.Pos <= c.Pos && c.End <= o.End && (o.Pos != c.Pos || o.End != c.End) {
				break
			}
			open = open[:len(open)-1]
		}
		start := root
		if len(open) > 0 {
			start = open[len(open)-1].node
		}
		if w := wr.wrap(start, c); w != nil {
			open = append(open, wrapped{c, w})
		}
	}
}

// wrapper holds the per-parent state of wrapTemplates.
type wrapper struct {
	index map[*model.Node]*childIndex
	found []*model.Node // scratch: the children a call overlaps
	// The wrappers and the indexes come from arrays of slabSize (at most
	// the number of calls): a page of card templates has a wrapper per
	// call and an index per paragraph.
	slabSize int
	nodes    []model.Node
	indexes  []childIndex
}

// newNode returns a new wrapper node.
func (wr *wrapper) newNode() *model.Node {
	if len(wr.nodes) == 0 {
		wr.nodes = make([]model.Node, wr.slabSize)
	}
	n := &wr.nodes[0]
	wr.nodes = wr.nodes[1:]
	return n
}

// newIndex returns a new child index.
func (wr *wrapper) newIndex() *childIndex {
	if len(wr.indexes) == 0 {
		wr.indexes = make([]childIndex, wr.slabSize)
	}
	ix := &wr.indexes[0]
	wr.indexes = wr.indexes[1:]
	return ix
}

// childIndex is what wrapTemplates knows of a parent's children.
type childIndex struct {
	cursor *model.Node   // in order: first child that may overlap the next call
	spread *overlapIndex // out of order: the index (nil while in order)
}

func inside(n *model.Node, c *model.TemplateCall) bool {
	return n.Pos >= c.Pos && n.End <= c.End && n.End > n.Pos || (n.Pos == n.End && n.Pos > c.Pos && n.Pos < c.End)
}

func overlaps(n *model.Node, c *model.TemplateCall) bool {
	return n.Pos < c.End && n.End > c.Pos
}

// inOrder reports whether a and b (a before b) are in source order.
func inOrder(a, b *model.Node) bool { return a.Pos <= b.Pos && a.End <= b.End }

// children returns the index of parent's children, made on first use.
func (wr *wrapper) children(parent *model.Node) *childIndex {
	ix := wr.index[parent]
	if ix == nil {
		ix = wr.newIndex()
		ix.cursor = parent.FirstChild
		for ch := parent.FirstChild; ch != nil && ch.NextSibling != nil; ch = ch.NextSibling {
			if !inOrder(ch, ch.NextSibling) {
				ix.spread = newOverlapIndex(parent)
				break
			}
		}
		wr.index[parent] = ix
	}
	return ix
}

// overlapping returns the children of parent that overlap c, in order.
func (wr *wrapper) overlapping(parent *model.Node, c *model.TemplateCall) []*model.Node {
	ix := wr.children(parent)
	found := wr.found[:0]
	if ix.spread != nil {
		found = ix.spread.overlapping(c.Pos, c.End, found)
	} else {
		// Children that end before c starts end before every later call
		// starts too; the first child that starts after c ends is
		// followed by more such children.
		for ix.cursor != nil && ix.cursor.End <= c.Pos {
			ix.cursor = ix.cursor.NextSibling
		}
		for ch := ix.cursor; ch != nil && ch.Pos < c.End; ch = ch.NextSibling {
			found = append(found, ch)
		}
	}
	wr.found = found
	return found
}

// wrap wraps the output of call c, descending from start, and returns the
// wrapper (nil when the output is not a run of siblings).
func (wr *wrapper) wrap(start *model.Node, c *model.TemplateCall) *model.Node {
	parent := start
	for {
		var first, last, into *model.Node
		count, straddle := 0, false
		for _, ch := range wr.overlapping(parent, c) {
			if inside(ch, c) {
				if first == nil {
					first = ch
				} else if last != ch.PrevSibling {
					return nil // not contiguous
				}
				last = ch
				count++
			} else {
				straddle = true
				into = ch
			}
			if count > 0 && straddle {
				return nil
			}
		}
		// A paragraph that holds nothing but the call's output was made by
		// the page's paragraph rules, not by the template: wrap inside it.
		if count == 1 && !straddle && first.Kind == model.KindParagraph && first.FirstChild != nil {
			parent = first
			continue
		}
		// A table part (a row, a cell, a caption) or a list item the
		// call made stays a child of its table, row or list, as the
		// renderer and the extractor read it (a wrapper around a row
		// took it out of the table's <tbody>, and its cells out of the
		// table's grid; one around an item, out of its list's items):
		// the wrap goes into the only one (the line breaks written
		// between cells or items aside), and a call that made several is
		// not wrapped.
		if count > 0 && !straddle {
			if part, parts := tablePartOf(first, last); parts > 0 {
				if parts > 1 || part.FirstChild == nil {
					return nil
				}
				parent = part
				continue
			}
		}
		switch {
		case count > 0 && !straddle && parent.Kind == model.KindDocument && holdsHeading(first, last):
			// A heading the call makes at the top level begins a section,
			// as one of the page's own does: a wrapper would hide it from
			// the page's sections (and only when the call made nothing
			// after it on its lines, which joins the text that follows).
			return nil
		case count > 0 && !straddle:
			return wr.wrapRun(parent, first, last, c)
		case count == 0 && into != nil:
			parent = into
		default:
			return nil
		}
	}
}

// tablePartOf returns the last table part (row, cell or caption) or
// list item of the siblings first…last and how many they hold.
func tablePartOf(first, last *model.Node) (*model.Node, int) {
	var part *model.Node
	n := 0
	for ch := first; ; ch = ch.NextSibling {
		switch ch.Kind {
		case model.KindRow, model.KindCell, model.KindCaption, model.KindListItem:
			part = ch
			n++
		}
		if ch == last {
			return part, n
		}
	}
}

// holdsHeading reports whether the siblings first…last hold a heading
// at their own level.
func holdsHeading(first, last *model.Node) bool {
	for ch := first; ; ch = ch.NextSibling {
		if ch.Kind == model.KindHeading {
			return true
		}
		if ch == last {
			return false
		}
	}
}

// wrapRun moves the siblings first…last of parent into a new template node.
func (wr *wrapper) wrapRun(parent, first, last *model.Node, c *model.TemplateCall) *model.Node {
	ix := wr.index[parent]
	w := wr.newNode()
	w.Kind, w.Pos, w.End = model.KindTemplate, c.Pos, c.End
	w.SetTemplate(c)
	parent.InsertBefore(w, first)
	if ix.cursor == first {
		ix.cursor = w
	}
	if ix.spread != nil {
		ix.spread.replace(first, w)
	}
	for ch := first; ; {
		next := ch.NextSibling
		if ix.spread != nil && ch != first {
			ix.spread.remove(ch)
		}
		ch.Remove()
		w.AppendChild(ch)
		if ch == last {
			break
		}
		ch = next
	}
	// The call's range may reach past what its output mapped to: widen
	// the ancestors. Every element's range covers its children's, so the
	// first ancestor that already covers the call ends the walk.
	for a := parent; a != nil && a.Kind != model.KindDocument; a = a.Parent {
		if a.Pos <= w.Pos && a.End >= w.End {
			break
		}
		a.Pos, a.End = min(a.Pos, w.Pos), max(a.End, w.End)
		pix := wr.index[a.Parent]
		switch {
		case pix == nil:
		case pix.spread != nil:
			pix.spread.widen(a)
		case a.PrevSibling != nil && !inOrder(a.PrevSibling, a) || a.NextSibling != nil && !inOrder(a, a.NextSibling):
			// The widened child is out of order with its siblings now.
			pix.spread = newOverlapIndex(a.Parent)
		}
	}
	return w
}

// overlapIndex finds the children of a parent that overlap a range when
// the children are not in source order: the children sorted by position,
// under a tree of the greatest end in each span of them, so a query visits
// only the spans that hold an overlapping child.
type overlapIndex struct {
	nodes []*model.Node // sorted by pos; nil once moved into a wrapper
	pos   []int         // the nodes' positions when the index was made
	order []int         // the nodes' places among their siblings
	slot  map[*model.Node]int
	size  int   // number of leaves of the tree, a power of two
	end   []int // end[size+i] = nodes[i].End; end[k] = max of its two halves
}

func newOverlapIndex(parent *model.Node) *overlapIndex {
	x := &overlapIndex{slot: map[*model.Node]int{}}
	for ch := parent.FirstChild; ch != nil; ch = ch.NextSibling {
		x.nodes = append(x.nodes, ch)
	}
	place := make(map[*model.Node]int, len(x.nodes))
	for i, n := range x.nodes {
		place[n] = i
	}
	sort.SliceStable(x.nodes, func(i, j int) bool { return x.nodes[i].Pos < x.nodes[j].Pos })
	x.size = 1
	for x.size < len(x.nodes) {
		x.size *= 2
	}
	x.end = make([]int, 2*x.size)
	for i := range x.end {
		x.end[i] = -1
	}
	x.pos = make([]int, len(x.nodes))
	x.order = make([]int, len(x.nodes))
	for i, n := range x.nodes {
		x.pos[i], x.order[i], x.slot[n] = n.Pos, place[n], i
		x.end[x.size+i] = n.End
	}
	for k := x.size - 1; k > 0; k-- {
		x.end[k] = max(x.end[2*k], x.end[2*k+1])
	}
	return x
}

// set changes the end recorded for slot i.
func (x *overlapIndex) set(i, end int) {
	k := x.size + i
	x.end[k] = end
	for k /= 2; k > 0; k /= 2 {
		x.end[k] = max(x.end[2*k], x.end[2*k+1])
	}
}

func (x *overlapIndex) remove(n *model.Node) {
	if i, ok := x.slot[n]; ok {
		delete(x.slot, n)
		x.nodes[i] = nil
		x.set(i, -1)
	}
}

// replace puts w in the place of old, the first node it wraps. (w keeps
// old's position as its key, which may be after w's own: no later call can
// tell them apart, as every later call that overlaps w ends after old
// starts.)
func (x *overlapIndex) replace(old, w *model.Node) {
	if i, ok := x.slot[old]; ok {
		delete(x.slot, old)
		x.nodes[i], x.slot[w] = w, i
		x.set(i, w.End)
	}
}

// widen records that n's end grew. (Its position may have shrunk too; the
// index keeps the old one, which no later call can tell apart: a call
// overlapping the widened part lies inside the call that widened it.)
func (x *overlapIndex) widen(n *model.Node) {
	if i, ok := x.slot[n]; ok {
		x.set(i, n.End)
	}
}

// overlapping appends to out the nodes that overlap [a, b), in sibling
// order.
func (x *overlapIndex) overlapping(a, b int, out []*model.Node) []*model.Node {
	hi := sort.SearchInts(x.pos, b) // nodes[:hi] start before b
	start := len(out)
	var visit func(k, lo, width int)
	visit = func(k, lo, width int) {
		if lo >= hi || x.end[k] <= a {
			return
		}
		if width == 1 {
			out = append(out, x.nodes[lo])
			return
		}
		visit(2*k, lo, width/2)
		visit(2*k+1, lo+width/2, width/2)
	}
	visit(1, 0, x.size)
	found := out[start:]
	slices.SortFunc(found, func(p, q *model.Node) int { return x.order[x.slot[p]] - x.order[x.slot[q]] })
	return out
}
