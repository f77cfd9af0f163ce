package diff

import (
	"cmp"
	"hash/maphash"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/model"
)

// SectionSimilarity is how much of a section's text must survive for a
// section whose title changed to be the same section renamed rather than
// one removed and another added. Similarity is measured on the words of
// the two bodies (markup and punctuation left out) as
// 2·kept / (old words + new words), where kept is the length of their
// longest common subsequence: 1 for the same words in the same order, 0.6
// when, say, 6 words of 10 survive with 4 rewritten. A section with no
// text of its own is compared by the titles of its subsections.
const SectionSimilarity = 0.6

// SectionChange is one change to a section. A section can have several
// (a rename, a level change and a modified body).
type SectionChange struct {
	Title     string            `json:"title"`
	Change    SectionChangeKind `json:"change"`
	FromTitle string            `json:"from_title,omitempty"` // renamed: the old title
	// Similarity is, for a renamed section, how similar its old and new
	// bodies are (see SectionSimilarity): 1 when only the title changed.
	Similarity float64 `json:"similarity,omitempty"`
	FromLevel  int     `json:"from_level,omitempty"`
	ToLevel    int     `json:"to_level,omitempty"`
}

// sectionInfo is a section of one revision.
type sectionInfo struct {
	title string
	// norm is normTitle(title), what sections are matched by.
	norm  string
	level int
	// body identifies the section's own content with white space
	// normalized (a hash: only equality matters); 0 when it is empty.
	body uint64
	// bodyFrom and bodyTo are the byte range of its own content (without
	// the heading and the subsections); pos and end the whole section's.
	bodyFrom, bodyTo int
	pos, end         int
	parent           int // index of the enclosing section, or -1
	words            []string
	wordsDone        bool
}

// sectionsOf lists a document's sections in order. A section's body is its
// own wikitext without its heading and subsections, with whitespace
// normalized (so re-spacing is not a modification).
func sectionsOf(doc *model.Document, known *knownBodies) []sectionInfo {
	// As many as the revision before, most often: one array.
	var out []sectionInfo
	if known != nil {
		out = make([]sectionInfo, 0, len(known.sections)+1)
	}
	// A section's parent is the last section before it that holds it.
	// While the sections come in the order of their places (a page's own
	// headings do), that is the innermost of the sections still open
	// (open, inner last): looking back through every section before was
	// quadratic on a page of many sections side by side. A heading a
	// template makes has its call's place, which can come before the
	// section before it: the parents of the sections from there on are
	// found after, by parentsFrom.
	var open []int
	outOfOrder := -1 // the first section out of the order of places
	for s := range model.Sections(doc.Root) {
		if s.Heading == nil {
			continue
		}
		from := s.Heading.End
		to := s.Node.End
		for c := s.Heading.NextSibling; c != nil; c = c.NextSibling {
			if c.Kind == model.KindSection {
				to = c.Pos
				break
			}
		}
		// The heading's own source line ends the heading; the body starts
		// after it.
		if nl := strings.IndexByte(doc.Source[min(from, len(doc.Source)):], '\n'); nl >= 0 && from+nl < to {
			from += nl + 1
		}
		var body uint64
		if from < to && to <= len(doc.Source) {
			body = known.hash(doc.Source[from:to], len(out))
		} else {
			from, to = 0, 0
		}
		if n := len(out); outOfOrder < 0 && n > 0 && s.Node.Pos < out[n-1].pos {
			outOfOrder = n
		}
		parent := -1
		if outOfOrder < 0 {
			for len(open) > 0 {
				if k := open[len(open)-1]; out[k].pos <= s.Node.Pos && s.Node.End <= out[k].end {
					break
				}
				open = open[:len(open)-1]
			}
			if len(open) > 0 {
				parent = open[len(open)-1]
			}
			open = append(open, len(out))
		}
		title := s.Title()
		out = append(out, sectionInfo{title: title, norm: known.normTitle(title, len(out)), level: int(s.Node.Level), body: body,
			bodyFrom: from, bodyTo: to, pos: s.Node.Pos, end: s.Node.End, parent: parent})
	}
	if len(out) == 0 {
		return nil // as with no revision before
	}
	if outOfOrder >= 0 {
		parentsFrom(out, outOfOrder)
	}
	return out
}

// parentsFrom sets the parent of each section of out from index from on:
// the last section before it (by index) that holds it, one that starts
// at its place or before and ends at its end or after. Looking back
// through every section before each one was quadratic (a template
// printing its argument's heading before its own, ahead of thousands of
// sections: 64,000 took 5.6 s). The sections are swept by place instead,
// the ends of those that start at a place or before entered by index in
// a tree before the sections at that place look in it for the last one
// before them that ends late enough.
func parentsFrom(out []sectionInfo, from int) {
	byPos := make([]int, len(out))
	for i := range byPos {
		byPos[i] = i
	}
	slices.SortFunc(byPos, func(a, b int) int { return cmp.Compare(out[a].pos, out[b].pos) })
	ends := newMaxTree(len(out))
	for g := 0; g < len(byPos); {
		// The sections at one place enter all before any looks: a section
		// that starts where another starts can hold it.
		pos, h := out[byPos[g]].pos, g
		for ; h < len(byPos) && out[byPos[h]].pos == pos; h++ {
			ends.set(byPos[h], out[byPos[h]].end)
		}
		for _, i := range byPos[g:h] {
			if i >= from {
				out[i].parent = ends.lastBefore(i, out[i].end)
			}
		}
		g = h
	}
}

// maxTree holds a value for each index below a size, none at first, and
// finds the last index before one whose value is at least some value in
// time logarithmic in the size: a segment tree whose nodes hold the
// largest value below them.
type maxTree struct {
	leaves int   // a power of two: the leaves are max[leaves:]
	max    []int // node n's children are 2n and 2n+1; the root is 1
}

func newMaxTree(n int) maxTree {
	leaves := 1
	for leaves < n {
		leaves *= 2
	}
	t := maxTree{leaves: leaves, max: make([]int, 2*leaves)}
	for i := range t.max {
		t.max[i] = math.MinInt
	}
	return t
}

// set gives index i the value v.
func (t maxTree) set(i, v int) {
	n := t.leaves + i
	t.max[n] = v
	for n > 1 {
		n /= 2
		t.max[n] = max(t.max[2*n], t.max[2*n+1])
	}
}

// lastBefore returns the last index below i with a value of at least v,
// or -1.
func (t maxTree) lastBefore(i, v int) int {
	return t.last(1, 0, t.leaves, i, v)
}

// last is lastBefore within node n, which spans the indexes lo to hi
// (excluded). It tries the right half first, and leaves at once a node
// past i or without a value large enough: it goes down the path towards
// i, and off it into the first node wholly before i that has a value
// large enough, down which it finds the index without turning back
// (time logarithmic in the size).
func (t maxTree) last(n, lo, hi, i, v int) int {
	if lo >= i || t.max[n] < v {
		return -1
	}
	if hi-lo == 1 {
		return lo
	}
	mid := (lo + hi) / 2
	if k := t.last(2*n+1, mid, hi, i, v); k >= 0 {
		return k
	}
	return t.last(2*n, lo, mid, i, v)
}

// knownBodies are the sections of another revision, whose bodies' hashes
// a revision's sections can take: a body's normHash depends on its text
// only.
type knownBodies struct {
	src      string
	sections []sectionInfo
	byLen    map[int][]int     // the sections by their bodies' lengths, made at the first section not in its place
	byText   map[string]uint64 // made when many bodies have one length
}

// normTitle is normTitle(title) for the section at index i, taken from
// the known section at that index when it has the same title (most
// headings stay where they were; the normal form of most allocates).
func (k *knownBodies) normTitle(title string, i int) string {
	if k != nil && i < len(k.sections) && k.sections[i].title == title {
		return k.sections[i].norm
	}
	return normTitle(title)
}

// hash is normHash(text) for the section at index i, taken from a known
// section with the same text when there is one: the one at the same index
// (sections mostly keep their places), else any.
func (k *knownBodies) hash(text string, i int) uint64 {
	if k == nil {
		return normHash(text)
	}
	body := func(s sectionInfo) string { return k.src[s.bodyFrom:s.bodyTo] }
	if i < len(k.sections) && k.sections[i].bodyTo-k.sections[i].bodyFrom == len(text) && body(k.sections[i]) == text {
		return k.sections[i].body
	}
	// By length first: a section changed in its place (the usual edit)
	// has no other with its text, and hashing every known body as a
	// map's key to find that out cost more than the normHash it spared.
	if k.byLen == nil {
		k.byLen = make(map[int][]int, len(k.sections))
		for j, s := range k.sections {
			if s.bodyTo > s.bodyFrom {
				k.byLen[s.bodyTo-s.bodyFrom] = append(k.byLen[s.bodyTo-s.bodyFrom], j)
			}
		}
	}
	same := k.byLen[len(text)]
	if len(same) > 8 {
		// Many bodies of one length (a hostile page): by text, as
		// comparing with each would be quadratic.
		if k.byText == nil {
			k.byText = make(map[string]uint64, len(k.sections))
			for _, s := range k.sections {
				if s.bodyTo > s.bodyFrom {
					k.byText[body(s)] = s.body
				}
			}
		}
		if h, ok := k.byText[text]; ok {
			return h
		}
		return normHash(text)
	}
	for _, j := range same {
		if body(k.sections[j]) == text {
			return k.sections[j].body
		}
	}
	return normHash(text)
}

// sectionAt returns the index of the innermost section holding byte pos,
// or -1 (the lead).
func sectionAt(ss []sectionInfo, pos int) int {
	// Sections come in document order and a subsection after its parent,
	// so the last one that starts before pos and holds it is innermost.
	i := sort.Search(len(ss), func(i int) bool { return ss[i].pos > pos }) - 1
	for ; i >= 0; i = ss[i].parent {
		if ss[i].pos <= pos && pos < ss[i].end {
			return i
		}
	}
	return -1
}

// normHash identifies s with runs of white space read as one space and
// the ends trimmed: two texts have the same normHash when they read the
// same so (a 64-bit hash of the normalized text: a different pair has
// one chance in 2^64 to collide); 0 for a blank s. Only equality
// matters, within one process (the seed is the process's own). The
// normalized text is made in a buffer, then hashed 8 bytes at a time (it
// is read for every section of every revision of a history).
func normHash(s string) uint64 {
	buf := normBufs.Get().(*[]byte)
	defer normBufs.Put(buf)
	// The text copied whole, then squeezed in place: one pass over bytes
	// already in the buffer rather than an append per word.
	b := append((*buf)[:0], s...)
	w, gap := 0, false
	for _, c := range b {
		if asciiSpace[c] {
			gap = true
			continue
		}
		if gap && w > 0 {
			b[w] = ' '
			w++
		}
		b[w] = c
		w++
		gap = false
	}
	b = b[:w]
	*buf = b
	if len(b) == 0 {
		return 0
	}
	if h := maphash.Bytes(normSeed, b); h != 0 {
		return h
	}
	return 1
}

// asciiSpace marks the bytes normHash reads as white space.
var asciiSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '\v': true}

// normSeed is the seed of normHash's hashes, for the process.
var normSeed = maphash.MakeSeed()

// normBufs are normHash's buffers.
var normBufs = sync.Pool{New: func() any { return new([]byte) }}

// normTitle is the title sections are paired by: lower case, underscores
// read as spaces, runs of white space as one, the ends trimmed. Titles
// that differ only so name one section: MediaWiki gives them one anchor
// but for case (Sanitizer::normalizeSectionNameWhitespace reads runs of
// spaces and underscores as one space), and the section's tables one id
// (model.Slug folds case, underscores and spaces alike), so a section
// retitled so keeps its place in the pairing whatever its text became,
// as its tables keep their ids. Whether such a retitle is reported is
// sameShownTitle's question.
func normTitle(t string) string {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c >= 0x80, 'A' <= c && c <= 'Z', c == '_', c == '\t', c == '\n', c == '\v', c == '\f', c == '\r',
			c == ' ' && (i == 0 || i == len(t)-1 || t[i-1] == ' '):
			return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(t, "_", " ")), " "))
		}
	}
	// Lower-case ASCII, its spaces single, no underscore: normal already.
	return t
}

// sameShownTitle reports whether two titles read the same on the page:
// the same words, whatever white space runs between them or at the ends
// (the heading is rendered so). A section paired with one whose title
// reads otherwise is renamed, even when the two have one normTitle: a
// reader sees "Scoring" become "scoring" in the text diff and expects
// the section diff to say so (a link to #Scoring no longer lands, as
// anchors are case-sensitive), and sees "Game_end" become "Game end" as
// much (the old heading showed the underscore, though its anchor stays).
// Re-spacing a title ("Game  end", "== Scoring  ==") shows nothing new
// and renames nothing; the text diff still has the line.
func sameShownTitle(a, b string) bool {
	return a == b || normSpace(a) == normSpace(b)
}

// wordsOf splits text into its words (letters and digits), lower-cased:
// what section similarity compares. Markup and punctuation are left out
// so that two tables do not look alike for their pipes.
func wordsOf(s string, out []string) []string {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isWordRune(r) {
			i += n
			continue
		}
		j := i + n
		for j < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[j:])
			if !isWordRune(r2) {
				break
			}
			j += n2
		}
		w := s[i:j]
		for _, c := range w {
			if unicode.IsUpper(c) {
				w = strings.ToLower(w)
				break
			}
		}
		out = append(out, w)
		i = j
	}
	return out
}

// sectionWords returns the words section i is compared by: its own text's,
// or, when it has none, its subsections' titles.
func sectionWords(ss []sectionInfo, i int, src string) []string {
	s := &ss[i]
	if s.wordsDone {
		return s.words
	}
	s.wordsDone = true
	if s.bodyFrom < s.bodyTo {
		s.words = wordsOf(src[s.bodyFrom:s.bodyTo], nil)
	}
	if len(s.words) == 0 {
		for k := i + 1; k < len(ss) && ss[k].pos < s.end; k++ {
			if ss[k].parent == i {
				s.words = wordsOf(ss[k].title, s.words)
			}
		}
	}
	return s.words
}

// similarity is 2·LCS(a, b) / (len(a)+len(b)) (0 when both are empty). The
// bag-of-words bound is computed first, and the sequence diff only when
// the bound reaches at least (the bound is never below the ratio).
func similarity(a, b []string, atLeast float64) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	counts := make(map[string]int, len(a))
	for _, w := range a {
		counts[w]++
	}
	common := 0
	for _, w := range b {
		if counts[w] > 0 {
			counts[w]--
			common++
		}
	}
	bound := 2 * float64(common) / float64(len(a)+len(b))
	if bound < atLeast {
		return bound
	}
	in := newInterner()
	defer in.release()
	kept := 0
	for _, op := range Sequences(in.all(a), in.all(b)) {
		if op.Kind == OpEqual {
			kept += op.AEnd - op.AStart
		}
	}
	return 2 * float64(kept) / float64(len(a)+len(b))
}

// maxRenameCandidates bounds the pairs of unmatched sections whose
// similarity is measured: beyond it, a section is compared only with the
// unmatched sections near its position, so a page of thousands of
// retitled sections stays linear.
const maxRenameCandidates = 4096

// unmatched returns the indexes a matching left without a partner (-1).
func unmatched(match []int) []int {
	var out []int
	for i, o := range match {
		if o < 0 {
			out = append(out, i)
		}
	}
	return out
}

// sectionMatching pairs the sections of two revisions: by title, then by
// the same body under another title, then by similar bodies.
type sectionMatching struct {
	sa, sb         []sectionInfo
	matchA, matchB []int     // index on the other side, or -1
	sim            []float64 // by index in sa: similarity of a renamed section, 0 otherwise
}

func matchSections(a, b *model.Document, sa, sb []sectionInfo) *sectionMatching {
	m := &sectionMatching{sa: sa, sb: sb}
	m.matchA = make([]int, len(sa))
	m.matchB = make([]int, len(sb))
	m.sim = make([]float64, len(sa))
	for i := range m.matchA {
		m.matchA[i] = -1
	}
	for i := range m.matchB {
		m.matchB[i] = -1
	}
	if sameTitles(sa, sb) {
		// Every section where it was, under its title (most edits): what
		// matchAll finds, without its maps.
		for i := range sa {
			m.matchA[i], m.matchB[i] = i, i
		}
	} else {
		m.matchAll(a, b)
	}
	m.measureRetitles(a, b)
	return m
}

// matchAll matches the sections of m, none matched yet: by title, then by
// body, then by similarity.
func (m *sectionMatching) matchAll(a, b *model.Document) *sectionMatching {
	sa, sb := m.sa, m.sb
	// 1. Same title. Under sections of the same titles first (an
	// "Example" under Scoring with the one under Scoring, not one added
	// under Setup before it), and by a sequence diff of the sections,
	// those whose text stayed too anchoring it (sibling sections of one
	// title, an "Example" after each action: an action inserted with its
	// example is two sections added, not every "Example" after it taken
	// for the one before); then in order, and whatever their sections.
	pa, pb := titlePaths(sa), titlePaths(sb)
	withBody := func(ss []sectionInfo, paths []string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = paths[i] + "\x01" + strconv.FormatUint(s.body, 16)
		}
		return out
	}
	m.pairSequence(withBody(sa, pa), withBody(sb, pb))
	m.pairSequence(pa, pb)
	for _, by := range []func(ss []sectionInfo, paths []string, i int) string{
		func(_ []sectionInfo, paths []string, i int) string { return paths[i] },
		func(ss []sectionInfo, _ []string, i int) string { return ss[i].norm },
	} {
		byTitle := map[string][]int{}
		for j := range sb {
			if m.matchB[j] < 0 {
				k := by(sb, pb, j)
				byTitle[k] = append(byTitle[k], j)
			}
		}
		for i := range sa {
			if m.matchA[i] >= 0 {
				continue
			}
			k := by(sa, pa, i)
			if js := byTitle[k]; len(js) > 0 {
				m.matchA[i], m.matchB[js[0]] = js[0], i
				byTitle[k] = js[1:]
			}
		}
	}
	// 2. Same body, different title: renamed.
	byBody := map[uint64][]int{}
	for j, s := range sb {
		if m.matchB[j] < 0 && s.body != 0 {
			byBody[s.body] = append(byBody[s.body], j)
		}
	}
	for i, s := range sa {
		if m.matchA[i] >= 0 || s.body == 0 {
			continue
		}
		if js := byBody[s.body]; len(js) > 0 {
			m.matchA[i], m.matchB[js[0]] = js[0], i
			byBody[s.body] = js[1:]
			m.sim[i] = 1
		}
	}
	// 3. Similar bodies: the most similar pairs first, then the nearest.
	ua, ub := unmatched(m.matchA), unmatched(m.matchB)
	if len(ua) == 0 || len(ub) == 0 {
		return m
	}
	window := len(ub)
	if len(ua)*len(ub) > maxRenameCandidates {
		window = max(1, maxRenameCandidates/len(ua)/2)
	}
	type cand struct {
		i, j int
		sim  float64
		dist int
	}
	var cands []cand
	for x, i := range ua {
		// The unmatched sections of b near i's place among a's.
		center := x * len(ub) / len(ua)
		for y := max(0, center-window); y < min(len(ub), center+window+1); y++ {
			j := ub[y]
			s := similarity(sectionWords(sa, i, a.Source), sectionWords(sb, j, b.Source), SectionSimilarity)
			if s >= SectionSimilarity {
				cands = append(cands, cand{i, j, s, abs(y - center)})
			}
		}
	}
	sort.SliceStable(cands, func(x, y int) bool {
		if cands[x].sim != cands[y].sim {
			return cands[x].sim > cands[y].sim
		}
		return cands[x].dist < cands[y].dist
	})
	for _, c := range cands {
		if m.matchA[c.i] >= 0 || m.matchB[c.j] >= 0 {
			continue
		}
		m.matchA[c.i], m.matchB[c.j] = c.j, c.i
		m.sim[c.i] = math.Round(c.sim*100) / 100
	}
	return m
}

// pairSequence pairs the sections left unmatched on both sides that a
// sequence diff of their keys (ka and kb, by index) finds equal.
func (m *sectionMatching) pairSequence(ka, kb []string) {
	// The sections paired already are anchors, in order (a sequence diff
	// paired them): the others pair only within the gap between two
	// anchors that holds them on both sides, never across one (a section
	// after an anchor taken for one before it read as moved).
	var ai, bj []int // the anchors' ends: -1, then each pair, then the lengths
	ai, bj = append(ai, -1), append(bj, -1)
	for i, j := range m.matchA {
		if j < 0 {
			continue
		}
		if j <= bj[len(bj)-1] {
			// Out of order: one gap, as if there were no anchors.
			ai, bj = ai[:1], bj[:1]
			break
		}
		ai, bj = append(ai, i), append(bj, j)
	}
	ai, bj = append(ai, len(m.matchA)), append(bj, len(m.matchB))
	in := newInterner()
	defer in.release()
	var xa, xb, ua, ub []int
	for g := 0; g+1 < len(ai); g++ {
		ua, ub = ua[:0], ub[:0]
		for i := ai[g] + 1; i < ai[g+1]; i++ {
			if m.matchA[i] < 0 {
				ua = append(ua, i)
			}
		}
		for j := bj[g] + 1; j < bj[g+1]; j++ {
			if m.matchB[j] < 0 {
				ub = append(ub, j)
			}
		}
		if len(ua) == 0 || len(ub) == 0 {
			continue
		}
		xa, xb = xa[:0], xb[:0]
		for _, i := range ua {
			xa = append(xa, in.id(ka[i]))
		}
		for _, j := range ub {
			xb = append(xb, in.id(kb[j]))
		}
		for _, op := range Sequences(xa, xb) {
			if op.Kind != OpEqual {
				continue
			}
			for d := 0; d < op.AEnd-op.AStart; d++ {
				i, j := ua[op.AStart+d], ub[op.BStart+d]
				m.matchA[i], m.matchB[j] = j, i
			}
		}
	}
}

// titlePaths returns each section's title with the titles of the
// sections that hold it (normalized, outermost first).
func titlePaths(ss []sectionInfo) []string {
	paths := make([]string, len(ss))
	for i, s := range ss {
		if p := s.parent; p >= 0 && p < i {
			paths[i] = paths[p] + "\x00" + s.norm
		} else {
			paths[i] = s.norm
		}
	}
	return paths
}

// sameTitles reports whether sa and sb are as many sections with the same
// titles, in the same order: matchSections then pairs each with the one at
// its index (the k-th section of a title with the k-th).
func sameTitles(sa, sb []sectionInfo) bool {
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i].norm != sb[i].norm {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// renamed reports whether section i of a kept its place under another
// title, one that reads otherwise (sameShownTitle): paired by normTitle,
// a section retitled in case only is renamed too.
func (m *sectionMatching) renamed(i int) bool {
	j := m.matchA[i]
	return j >= 0 && !sameShownTitle(m.sa[i].title, m.sb[j].title)
}

// measureRetitles sets the similarity of each section renamed but paired
// by its title (normTitle: its case or underscores changed), which the
// pairing did not measure: 1 when its text stayed, else its words' (as
// for a section paired by similarity, but possibly below the threshold: a
// section of one title whose text was rewritten is still the one).
func (m *sectionMatching) measureRetitles(a, b *model.Document) {
	for i, j := range m.matchA {
		if j < 0 || m.sim[i] != 0 || !m.renamed(i) {
			continue
		}
		if m.sa[i].body == m.sb[j].body {
			m.sim[i] = 1
			continue
		}
		s := similarity(sectionWords(m.sa, i, a.Source), sectionWords(m.sb, j, b.Source), 0)
		m.sim[i] = math.Round(s*100) / 100
	}
}

// Sections compares the sections of two revisions.
func Sections(a, b *model.Document) []SectionChange {
	return matchSections(a, b, sectionsOf(a, nil), sectionsOf(b, nil)).changes()
}

func (m *sectionMatching) changes() []SectionChange {
	sa, sb := m.sa, m.sb
	// Moved: matched sections outside the longest run kept in order.
	var pairs [][2]int
	for i, j := range m.matchA {
		if j >= 0 {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	inOrder := longestIncreasing(pairs)
	type keyed struct {
		c   SectionChange
		key int
	}
	var out []keyed
	// Report in the new revision's order, removed ones where they were.
	for _, p := range pairs {
		i, j := p[0], p[1]
		a, b := sa[i], sb[j]
		key := j * 2
		if m.renamed(i) {
			out = append(out, keyed{SectionChange{Title: b.title, Change: SectionRenamed, FromTitle: a.title, Similarity: m.sim[i]}, key})
		}
		if !inOrder[i] {
			out = append(out, keyed{SectionChange{Title: b.title, Change: SectionMoved}, key})
		}
		if a.level != b.level {
			out = append(out, keyed{SectionChange{Title: b.title, Change: SectionLevel, FromLevel: a.level, ToLevel: b.level}, key})
		}
		if a.body != b.body {
			out = append(out, keyed{SectionChange{Title: b.title, Change: SectionModified}, key})
		}
	}
	for i, s := range sa {
		if m.matchA[i] < 0 {
			out = append(out, keyed{SectionChange{Title: s.title, Change: SectionRemoved, FromLevel: s.level}, i*2 + 1})
		}
	}
	for j, s := range sb {
		if m.matchB[j] < 0 {
			out = append(out, keyed{SectionChange{Title: s.title, Change: SectionAdded, ToLevel: s.level}, j * 2})
		}
	}
	sort.SliceStable(out, func(x, y int) bool { return out[x].key < out[y].key })
	if len(out) == 0 {
		return nil
	}
	res := make([]SectionChange, len(out))
	for k, o := range out {
		res[k] = o.c
	}
	return res
}

// longestIncreasing marks the pairs (sorted by their first element) that
// belong to a longest run increasing in the second element.
func longestIncreasing(pairs [][2]int) map[int]bool {
	keep := map[int]bool{}
	if len(pairs) == 0 {
		return keep
	}
	tails := []int{}
	prev := make([]int, len(pairs))
	for k, p := range pairs {
		lo, hi := 0, len(tails)
		for lo < hi {
			mid := (lo + hi) / 2
			if pairs[tails[mid]][1] < p[1] {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		prev[k] = -1
		if lo > 0 {
			prev[k] = tails[lo-1]
		}
		if lo == len(tails) {
			tails = append(tails, k)
		} else {
			tails[lo] = k
		}
	}
	for k := tails[len(tails)-1]; k >= 0; k = prev[k] {
		keep[pairs[k][0]] = true
	}
	return keep
}
