package parser

import (
	"strings"
	"testing"
)

func TestAnchorIDMatchesFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a b ", "a  b", "a\tb", "a\u00a0b", "é b", "a\u2003b", "End of the game", "x ", " x", "a\u3000b", "ab\u0085"} {
		if got, want := AnchorID(s), strings.Join(strings.Fields(s), "_"); got != want {
			t.Errorf("AnchorID(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestLookupTagFlags(t *testing.T) {
	for name, f := range tagFlagsOf {
		if got := lookupTagFlags(name); got != f {
			t.Errorf("lookupTagFlags(%q) = %b, want %b", name, got, f)
		}
	}
	for _, name := range []string{"", "x", "spam", "h7", "tables", "bb"} {
		if got := lookupTagFlags(name); got != 0 {
			t.Errorf("lookupTagFlags(%q) = %b, want 0", name, got)
		}
	}
}
