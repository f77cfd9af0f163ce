package check

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPHPPosition: the line and column the index gives are those counted
// from the source's start, at every place of sources large enough to be
// indexed: lines long and short, characters of 1 to 4 bytes, invalid
// bytes, continuation bytes in runs, CRLF.
func TestPHPPosition(t *testing.T) {
	pieces := []string{"a", "\n", "\r\n", "é", "€", "😀", "\x80", "\x80\x80\x80\x80\x80", "\xe2\x82", "\xff", strings.Repeat("x", 700), strings.Repeat("é", 600)}
	rng := rand.New(rand.NewSource(1))
	for n := range 20 {
		var b strings.Builder
		for b.Len() < phpPosIndexed+n*1500 {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		src := b.String()
		r := &phpReader{}
		for at := 0; at <= len(src)+1; at++ {
			i := min(at, len(src))
			wantLine := strings.Count(src[:i], "\n") + 1
			wantCol := utf8.RuneCountInString(src[strings.LastIndexByte(src[:i], '\n')+1:i]) + 1
			if line, col := r.position(src, at); line != wantLine || col != wantCol {
				t.Fatalf("source %d, at %d: %d:%d, want %d:%d", n, at, line, col, wantLine, wantCol)
			}
		}
		if len(r.posIndex) != 1 {
			t.Fatalf("%d indexes of one source", len(r.posIndex))
		}
	}
}
