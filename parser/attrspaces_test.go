package parser

import (
	"strings"
	"testing"
)

// TestCollapseAttrSpaces compares the attribute values' space collapsing
// with its plain reading (fields joined by one space) on every string of
// up to six characters over spaces, tabs, line breaks, a form feed and
// letters.
func TestCollapseAttrSpaces(t *testing.T) {
	plain := func(v string) string {
		return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }), " ")
	}
	const alphabet = " \t\n\r\fab"
	var gen func(prefix string, n int)
	checked := 0
	gen = func(s string, n int) {
		if got, want := collapseAttrSpaces(s), plain(s); got != want {
			t.Fatalf("collapseAttrSpaces(%q) = %q, want %q", s, got, want)
		}
		checked++
		if n == 0 {
			return
		}
		for i := range len(alphabet) {
			gen(s+alphabet[i:i+1], n-1)
		}
	}
	gen("", 6)
	if checked < 130_000 {
		t.Fatalf("only %d strings checked", checked)
	}
}
