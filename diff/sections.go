package diff

import (
	"sort"
	"strings"

	"github.com/wikirules/wikirules/model"
)

// SectionChange is one change to a section. A section can have several
// (a level change and a modified body).
type SectionChange struct {
	Title     string            `json:"title"`
	Change    SectionChangeKind `json:"change"`
	FromTitle string            `json:"from_title,omitempty"` // renamed: the old title
	FromLevel int               `json:"from_level,omitempty"`
	ToLevel   int               `json:"to_level,omitempty"`
}

// sectionInfo is a section of one revision.
type sectionInfo struct {
	title string
	level int
	// body identifies the section's own content with white space
	// normalized (a hash: only equality matters); 0 when it is empty.
	body  uint64
	order int
}

// sectionsOf lists a document's sections in order. A section's body is its
// own wikitext without its heading and subsections, with whitespace
// normalized (so re-spacing is not a modification).
func sectionsOf(doc *model.Document) []sectionInfo {
	var out []sectionInfo
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
			body = normHash(doc.Source[from:to])
		}
		out = append(out, sectionInfo{title: s.Title(), level: int(s.Node.Level), body: body, order: len(out)})
	}
	return out
}

// normHash is the FNV-1a hash of s with runs of white space read as one
// space and the ends trimmed; 0 for a blank s. It compares section bodies
// without building their normalized text.
func normHash(s string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	started, space := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
			space = started
			continue
		}
		if space {
			h = (h ^ ' ') * prime
			space = false
		}
		started = true
		h = (h ^ uint64(c)) * prime
	}
	if !started {
		return 0
	}
	if h == 0 {
		h = 1
	}
	return h
}

func normTitle(t string) string { return strings.ToLower(strings.Join(strings.Fields(t), " ")) }

// Sections compares the sections of two revisions.
func Sections(a, b *model.Document) []SectionChange {
	sa, sb := sectionsOf(a), sectionsOf(b)
	matchA := make([]int, len(sa)) // index in sb, or -1
	matchB := make([]int, len(sb))
	for i := range matchA {
		matchA[i] = -1
	}
	for i := range matchB {
		matchB[i] = -1
	}
	// 1. Same title, in order.
	byTitle := map[string][]int{}
	for j, s := range sb {
		byTitle[normTitle(s.title)] = append(byTitle[normTitle(s.title)], j)
	}
	for i, s := range sa {
		k := normTitle(s.title)
		if js := byTitle[k]; len(js) > 0 {
			matchA[i], matchB[js[0]] = js[0], i
			byTitle[k] = js[1:]
		}
	}
	// 2. Same body, different title: renamed.
	renamed := map[int]bool{}
	byBody := map[uint64][]int{}
	for j, s := range sb {
		if matchB[j] < 0 && s.body != 0 {
			byBody[s.body] = append(byBody[s.body], j)
		}
	}
	for i, s := range sa {
		if matchA[i] >= 0 || s.body == 0 {
			continue
		}
		if js := byBody[s.body]; len(js) > 0 {
			matchA[i], matchB[js[0]] = js[0], i
			byBody[s.body] = js[1:]
			renamed[i] = true
		}
	}
	// 3. Moved: matched sections outside the longest run kept in order.
	var pairs [][2]int
	for i, j := range matchA {
		if j >= 0 {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	inOrder := longestIncreasing(pairs)
	var out []SectionChange
	for _, p := range pairs {
		i, j := p[0], p[1]
		a, b := sa[i], sb[j]
		if renamed[i] {
			out = append(out, SectionChange{Title: b.title, Change: SectionRenamed, FromTitle: a.title})
		}
		if !inOrder[i] {
			out = append(out, SectionChange{Title: b.title, Change: SectionMoved})
		}
		if a.level != b.level {
			out = append(out, SectionChange{Title: b.title, Change: SectionLevel, FromLevel: a.level, ToLevel: b.level})
		}
		if a.body != b.body {
			out = append(out, SectionChange{Title: b.title, Change: SectionModified})
		}
	}
	for i, s := range sa {
		if matchA[i] < 0 {
			out = append(out, SectionChange{Title: s.title, Change: SectionRemoved, FromLevel: s.level})
		}
	}
	for j, s := range sb {
		if matchB[j] < 0 {
			out = append(out, SectionChange{Title: s.title, Change: SectionAdded, ToLevel: s.level})
		}
	}
	// Report in the new revision's order, removed ones where they were.
	pos := func(c SectionChange) int {
		for j, s := range sb {
			if s.title == c.Title && c.Change != SectionRemoved {
				return j * 2
			}
		}
		for i, s := range sa {
			if s.title == c.Title {
				if j := matchA[i]; j >= 0 {
					return j * 2
				}
				return i*2 + 1
			}
		}
		return 0
	}
	sort.SliceStable(out, func(x, y int) bool { return pos(out[x]) < pos(out[y]) })
	return out
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
