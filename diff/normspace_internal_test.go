package diff

import (
	"strings"
	"testing"
)

// FuzzNormSpace: normSpace is the words joined by one space, whether or
// not it takes the path that returns the text as it is.
func FuzzNormSpace(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\u00a0b", "a\u0085b", "12 points", "x\r\ny"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := normSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("normSpace(%q) = %q, want %q", s, got, want)
		}
	})
}
