package wiki

import (
	"strings"
	"testing"
)

// hasFoldReference tries every offset.
func hasFoldReference(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

var hasFoldCases = []string{"", "<", "<re", "<ref", "<REF name=x>", "a <Ref>", "<<ref", "x<r<ref", "<references/>", "<rEfErEnCeS", "ref", "<re f", "é<ref", "<reſ"}

func TestHasFold(t *testing.T) {
	for _, s := range hasFoldCases {
		for _, sub := range []string{"<ref", "ref"} {
			if got, want := hasFold(s, sub), hasFoldReference(s, sub); got != want {
				t.Errorf("hasFold(%q, %q) = %v, want %v", s, sub, got, want)
			}
		}
	}
}

func FuzzHasFold(f *testing.F) {
	for _, s := range hasFoldCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, sub := range []string{"<ref", "ref"} {
			if got, want := hasFold(s, sub), hasFoldReference(s, sub); got != want {
				t.Fatalf("hasFold(%q, %q) = %v, want %v", s, sub, got, want)
			}
		}
	})
}
