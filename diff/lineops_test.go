package diff

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// lineOps, which interns only the lines between the common start and
// end, gives the script Sequences gives over all the lines.
func TestLineOpsIsSequences(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "c", "d", "e", "== H ==", ""}
	text := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = words[r.IntN(len(words))]
		}
		return out
	}
	for range 2000 {
		a := text(r.IntN(30))
		b := append([]string(nil), a...)
		for range r.IntN(4) {
			switch i := r.IntN(len(b) + 1); r.IntN(3) {
			case 0:
				b = append(b[:i], append([]string{words[r.IntN(len(words))]}, b[i:]...)...)
			case 1:
				if i < len(b) {
					b = append(b[:i], b[i+1:]...)
				}
			default:
				if i < len(b) {
					b[i] = words[r.IntN(len(words))]
				}
			}
		}
		if r.IntN(5) == 0 {
			b = text(r.IntN(30))
		}
		in := newInterner()
		want := Sequences(in.all(a), in.all(b))
		if got := lineOps(a, b); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q → %q:\nlineOps   %v\nSequences %v", a, b, got, want)
		}
	}
}
