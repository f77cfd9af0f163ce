package diff

import (
	"fmt"
	"strings"
	"testing"
)

// wordsReference is Words with each segment's text joined from its tokens.
func wordsReference(a, b string) ([]Segment, []Segment) {
	ta, tb := tokens(a), tokens(b)
	in := newInterner()
	ops := Sequences(in.all(ta), in.all(tb))
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
	for _, op := range ops {
		switch op.Kind {
		case OpEqual:
			t := strings.Join(ta[op.AStart:op.AEnd], "")
			add(&sa, t, false)
			add(&sb, t, false)
		case OpDelete:
			add(&sa, strings.Join(ta[op.AStart:op.AEnd], ""), true)
		case OpInsert:
			add(&sb, strings.Join(tb[op.BStart:op.BEnd], ""), true)
		}
	}
	return sa, sb
}

func FuzzWords(f *testing.F) {
	for _, s := range [][2]string{
		{"| Ace || 11", "| Ace || 12"},
		{"== Overview ==", "== Overview rules =="},
		{"Each coin scores 1 point.", "Each  coin scores two points, once."},
		{"", "new line"},
		{"J♦ is +10; Q♠ −13", "J♦ is +10, Q♠ is −13 ♥"},
		{"a b c d e", "e d c b a"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ga, gb := Words(a, b)
		wa, wb := wordsReference(a, b)
		if fmt.Sprint(ga) != fmt.Sprint(wa) || fmt.Sprint(gb) != fmt.Sprint(wb) {
			t.Errorf("Words(%q, %q) = %+v, %+v; want %+v, %+v", a, b, ga, gb, wa, wb)
		}
	})
}

// FuzzNormTitle: normTitle is the lower-cased title with its spaces
// collapsed, whichever way it gets there.
func FuzzNormTitle(f *testing.F) {
	for _, s := range []string{"Scoring", "scoring", " Setup  rules ", "End of the game", "Ünïcödé Title", "a\tb", "x\u00a0y", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := normTitle(s), strings.ToLower(strings.Join(strings.Fields(s), " ")); got != want {
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
