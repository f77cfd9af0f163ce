package diff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/wikirules/wikirules/internal/testgen"
)

// wordsReference is Words written plainly: each run's text joined from
// its tokens, and the equal runs between changes absorbed one at a time,
// the whole script scanned again after each, until none is left.
func wordsReference(a, b string) ([]Segment, []Segment) {
	ta, tb := appendTokens(nil, a), appendTokens(nil, b)
	in := newInterner()
	ops := Sequences(in.all(ta), in.all(tb))
	// A run: a side's texts; changed runs are a deletion and an insertion.
	type run struct {
		a, b    string
		changed bool
	}
	var runs []run
	for _, op := range ops {
		r := run{strings.Join(ta[op.AStart:op.AEnd], ""), strings.Join(tb[op.BStart:op.BEnd], ""), op.Kind != OpEqual}
		if n := len(runs); r.changed && n > 0 && runs[n-1].changed {
			runs[n-1].a += r.a
			runs[n-1].b += r.b
			continue
		}
		runs = append(runs, r)
	}
	// groups[i] = [from, to) runs; a group of more than one run is a change.
	type group struct{ from, to int }
	groups := make([]group, len(runs))
	for i := range runs {
		groups[i] = group{i, i + 1}
	}
	changed := func(g group) bool { return g.to-g.from > 1 || runs[g.from].changed }
	size := func(g group) (la, lb int) {
		for _, r := range runs[g.from:g.to] {
			la += len(r.a)
			lb += len(r.b)
		}
		return
	}
	for again := true; again; {
		again = false
		for k := 1; k+1 < len(groups); k++ {
			x, e, y := groups[k-1], groups[k], groups[k+1]
			if !changed(x) || changed(e) || !changed(y) {
				continue
			}
			xa, xb := size(x)
			ya, yb := size(y)
			if el, _ := size(e); el < max(xa, xb) && el < max(ya, yb) {
				groups = append(groups[:k-1], append([]group{{x.from, y.to}}, groups[k+2:]...)...)
				again = true
				break
			}
		}
	}
	var sa, sb []Segment
	add := func(segs *[]Segment, text string, changed bool) {
		if text == "" {
			return
		}
		if n := len(*segs); n > 0 && (*segs)[n-1].Changed == changed {
			(*segs)[n-1].Text += text
			return
		}
		*segs = append(*segs, Segment{Text: text, Changed: changed})
	}
	for _, g := range groups {
		for k := g.from; k < g.to; k++ {
			r := runs[k]
			// An absorbed run is marked on a side with changed text
			// before and after it in its group.
			onA, onB := r.changed, r.changed
			if !r.changed {
				var beforeA, afterA, beforeB, afterB bool
				for _, o := range runs[g.from:k] {
					beforeA = beforeA || o.changed && o.a != ""
					beforeB = beforeB || o.changed && o.b != ""
				}
				for _, o := range runs[k+1 : g.to] {
					afterA = afterA || o.changed && o.a != ""
					afterB = afterB || o.changed && o.b != ""
				}
				onA, onB = beforeA && afterA, beforeB && afterB
			}
			add(&sa, r.a, onA)
			add(&sb, r.b, onB)
		}
	}
	return sa, sb
}

// tokensReference is appendTokens as first written: rune by rune.
func tokensReference(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		switch {
		case isWordRune(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !isWordRune(r2) {
					break
				}
				j += n2
			}
		case unicode.IsSpace(r):
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsSpace(r2) {
					break
				}
				j += n2
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

func FuzzWords(f *testing.F) {
	for _, s := range [][2]string{
		{"| Ace || 11", "| Ace || 12"},
		{"== Overview ==", "== Overview rules =="},
		{"Each coin scores 1 point.", "Each  coin scores two points, once."},
		{"", "new line"},
		{"J♦ is +10; Q♠ −13", "J♦ is +10, Q♠ is −13 ♥"},
		{"a b c d e", "e d c b a"},
		{"x\u00a0y\u0085z\x80_1", "\xff\xfe a\tb\v"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := appendTokens(nil, a), tokensReference(a); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("appendTokens(nil, %q) = %q, want %q", a, got, want)
		}
		ga, gb := Words(a, b)
		wa, wb := wordsReference(a, b)
		if fmt.Sprint(ga) != fmt.Sprint(wa) || fmt.Sprint(gb) != fmt.Sprint(wb) {
			t.Errorf("Words(%q, %q) = %+v, %+v; want %+v, %+v", a, b, ga, gb, wa, wb)
		}
	})
}

// FuzzNormTitle: normTitle is the lower-cased title with its underscores
// read as spaces and its spaces collapsed, whichever way it gets there.
func FuzzNormTitle(f *testing.F) {
	for _, s := range []string{"Scoring", "scoring", " Setup  rules ", "End of the game", "Ünïcödé Title", "a\tb", "x\u00a0y", "", "game_end", "_a__b_", "a _b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := normTitle(s), strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "_", " ")), " ")); got != want {
			t.Errorf("normTitle(%q) = %q; want %q", s, got, want)
		}
	})
}

// normalized is the text normHash identifies: ASCII white space runs as
// one space, the ends trimmed.
func normalized(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && asciiSpace[r] }), " ")
}

// FuzzNormHash: two texts have the same normHash exactly when they read
// the same with white space normalized; a blank text's is 0.
func FuzzNormHash(f *testing.F) {
	for _, s := range [][2]string{
		{"a b", "a  b"}, {" a\tb\n", "a b"}, {"ab", "a b"}, {"", " \n\t"}, {"x", ""},
		{"{| class=wikitable\n! A !! B\n|}", "{| class=wikitable\n!  A !! B\n|}"},
		{"é\u00a0b", "é b"}, {"\x00", " "},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ha, hb := normHash(a), normHash(b)
		if (ha == hb) != (normalized(a) == normalized(b)) {
			t.Errorf("normHash(%q) = %x, normHash(%q) = %x; normalized %q and %q", a, ha, b, hb, normalized(a), normalized(b))
		}
		if (ha == 0) != (normalized(a) == "") {
			t.Errorf("normHash(%q) = %x", a, ha)
		}
	})
}

func BenchmarkNormHash(b *testing.B) {
	s := strings.Repeat("Each player draws two cards;  the  highest\tcard wins the round.\n", 64)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		normHash(s)
	}
}

// FuzzSequencesScript: the edit script is the one the exact LCS gives one
// op per element and merge then joins (as it was first written: exact
// now joins the runs as it traces them).
func FuzzSequencesScript(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4}, []byte{1, 3, 4, 5})
	f.Add([]byte{}, []byte{7, 7})
	f.Add([]byte{1, 1, 1, 2, 2}, []byte{2, 1, 2, 1})
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, b := make([]int, len(x)), make([]int, len(y))
		for i, c := range x {
			a[i] = int(c % 8)
		}
		for i, c := range y {
			b[i] = int(c % 8)
		}
		if len(a)*len(b) > exactLimit {
			return
		}
		checkExact(t, a, b)
	})
}

// exactReference is the exact LCS's script, one op per element.
func exactReference(a, b []int) []Op {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []Op
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			ops = append(ops, Op{OpEqual, i, i + 1, j, j + 1})
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, Op{OpDelete, i, i + 1, j, j})
			i++
		default:
			ops = append(ops, Op{OpInsert, i, i, j, j + 1})
			j++
		}
	}
	return ops
}

// BenchmarkWords diffs the changed lines of a generated wiki's edits word
// by word (the lines a history's diffs pair).
func BenchmarkWords(b *testing.B) {
	c := testgen.Corpus(testgen.Options{Pages: 40, Revisions: 10, Seed: 1})
	var pairs [][2]string
	size := 0
	for _, p := range c.Pages {
		for i := 1; i < len(p.Revisions); i++ {
			td := textOfLines(splitLines(p.Revisions[i-1].Text), splitLines(p.Revisions[i].Text), 0, false)
			for _, h := range td.Hunks {
				var del, ins []string
				for _, l := range h.Lines {
					switch l.Kind {
					case LineRemoved:
						del = append(del, l.Text)
					case LineAdded:
						ins = append(ins, l.Text)
					}
				}
				for k := 0; k < min(len(del), len(ins)); k++ {
					pairs = append(pairs, [2]string{del[k], ins[k]})
					size += len(del[k]) + len(ins[k])
				}
			}
		}
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pairs {
			Words(p[0], p[1])
		}
	}
}

// TestExactMatchesTable: the bit-parallel exact LCS gives the script of
// the dynamic-programming table on random sequences of every shape, with
// few and many distinct elements, across word boundaries (64 elements).
func TestExactMatchesTable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 3000; k++ {
		n, m := r.IntN(200), r.IntN(200)
		if k%10 == 0 {
			n, m = r.IntN(4), r.IntN(700)
		}
		alphabet := 1 + r.IntN(20)
		a, b := make([]int, n), make([]int, m)
		for i := range a {
			a[i] = r.IntN(alphabet)
		}
		for i := range b {
			b[i] = r.IntN(alphabet)
		}
		if !checkExact(t, a, b) {
			return
		}
	}
}

// checkExact fails t when exact's script for a and b is not the table's.
func checkExact(t *testing.T, a, b []int) bool {
	t.Helper()
	var ops []Op
	exact(a, b, 0, 0, &ops)
	got := merge(ops)
	want := merge(exactReference(a, b))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("a=%v b=%v: %v; want %v", a, b, got, want)
		return false
	}
	return true
}

// TestWordsOfEmptyLine: an empty line has no segments (nil: the formats
// print such a line whole).
func TestWordsOfEmptyLine(t *testing.T) {
	sa, sb := Words("", "new words")
	if sa != nil || len(sb) != 1 || !sb[0].Changed || sb[0].Text != "new words" {
		t.Errorf("Words(\"\", \"new words\") = %#v, %#v", sa, sb)
	}
	sa, sb = Words("old", "")
	if sb != nil || len(sa) != 1 {
		t.Errorf("Words(\"old\", \"\") = %#v, %#v", sa, sb)
	}
}
