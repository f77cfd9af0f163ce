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
