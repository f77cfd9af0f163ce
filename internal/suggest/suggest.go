package suggest

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Distance is the optimal string alignment distance between a and b, in
// runes: insertions, deletions, substitutions and transpositions of two
// neighbouring runes each count one.
func Distance(a, b string) int {
	var m matcher
	ra, rb := []rune(a), []rune(b)
	return m.distance(ra, rb, len(ra)+len(rb))
}

// matcher keeps the rows of the dynamic programme between calls.
type matcher struct{ rows [3][]int }

// distance is Distance of ra and rb, or a number over limit as soon as
// the distance is known to be over it.
func (m *matcher) distance(ra, rb []rune, limit int) int {
	if len(ra) == 0 {
		return len(rb)
	}
	if len(rb) == 0 {
		return len(ra)
	}
	for i := range m.rows {
		if cap(m.rows[i]) < len(rb)+1 {
			m.rows[i] = make([]int, len(rb)+1)
		}
		m.rows[i] = m.rows[i][:len(rb)+1]
	}
	// Three rows: the one two back is for transpositions.
	prev2, prev, cur := m.rows[0], m.rows[1], m.rows[2]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
			rowMin = min(rowMin, d)
		}
		// A transposition can lower the next row below this one's
		// minimum by one at most.
		if rowMin > limit+1 {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// Limit is the largest distance at which a name still counts as a typo of
// one of n runes: two edits for short names, a third of the name for long
// ones.
func Limit(n int) int { return max(2, n/3) }

// Nearest returns up to n of the candidates nearest to name (compared
// case-insensitively): those at the smallest distance found, if it is
// within Limit edits, in the candidates' order. Duplicates are returned
// once.
func Nearest(name string, candidates []string, n int) []string {
	type scored struct {
		s    string
		d, i int
	}
	ln := []rune(strings.ToLower(name))
	limit := Limit(len(ln))
	seen := map[string]bool{}
	var out []scored
	var m matcher
	var lc []rune
	for i, c := range candidates {
		// Cheap bound: the distance is at least the length difference.
		if d := utf8.RuneCountInString(c) - len(ln); d > limit || -d > limit || c == name || seen[c] {
			continue
		}
		seen[c] = true
		lc = lc[:0]
		for _, r := range c {
			lc = append(lc, unicode.ToLower(r))
		}
		if d := m.distance(ln, lc, limit); d <= limit {
			out = append(out, scored{c, d, i})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].d < out[j].d })
	var names []string
	for _, s := range out {
		if len(names) == n || s.d > out[0].d {
			break
		}
		names = append(names, s.s)
	}
	return names
}

// Fold is name reduced to its lower-case letters and digits: "Sushi Go",
// "sushi-go" and "SushiGo" all fold to "sushigo", as a game's slug spells
// its name.
func Fold(name string) string {
	// ASCII text (most of it) without decoding runes or lowering a copy.
	ascii := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= utf8.RuneSelf:
			return foldUnicode(name)
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			ascii = append(ascii, c)
		case c >= 'A' && c <= 'Z':
			ascii = append(ascii, c+'a'-'A')
		}
	}
	return string(ascii)
}

// FoldContains reports whether Fold(text) contains want (already folded),
// without folding a copy of text: ASCII text is matched as it is read, which
// a search through the leads of thousands of pages needs (folding each one
// was most of reading the games' names). Text that is not all ASCII is
// folded.
func FoldContains(text, want string) bool {
	if want == "" {
		return true
	}
	// The folded text is matched against want as a stream: m is how much
	// of want the folded bytes read so far end with. want is letters and
	// digits of one case, so a mismatch restarts the match after the
	// first byte of the attempt, which fail tells (KMP).
	fail := kmpTable(want)
	m := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= utf8.RuneSelf:
			return strings.Contains(foldUnicode(text), want)
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
		default:
			continue
		}
		for m > 0 && want[m] != c {
			m = fail[m-1]
		}
		if want[m] == c {
			m++
			if m == len(want) {
				return true
			}
		}
	}
	return false
}

// kmpTable is the failure function of w: fail[i] is the length of the
// longest proper prefix of w[:i+1] that is also its suffix.
func kmpTable(w string) []int {
	fail := make([]int, len(w))
	for i, k := 1, 0; i < len(w); i++ {
		for k > 0 && w[i] != w[k] {
			k = fail[k-1]
		}
		if w[i] == w[k] {
			k++
		}
		fail[i] = k
	}
	return fail
}

func foldUnicode(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// DidYouMean formats names as " (did you mean a, b or c?)", or "" when
// there are none.
func DidYouMean(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return " (did you mean " + Or(names) + "?)"
}

// Or joins names as "a", "a or b", "a, b or c".
func Or(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
