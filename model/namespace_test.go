package model

import (
	"strings"
	"testing"
)

// TestCollapseSpaces compares collapseSpaces with the general way it
// stands for, on titles with and without what it removes.
func TestCollapseSpaces(t *testing.T) {
	for _, s := range []string{"", " ", "_", "a", "Main Page", "Main_Page", " Main Page", "Main Page ", "Main  Page",
		"Main\tPage", "a\nb", "Été joué", "a\u00a0b", "a\u3000b", "\u2003", "x_", "_x", "a__b", "a _b", "Template:Die ", "::"} {
		want := strings.Join(strings.Fields(strings.ReplaceAll(s, "_", " ")), " ")
		if got := collapseSpaces(s); got != want {
			t.Errorf("collapseSpaces(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzCollapseSpaces(f *testing.F) {
	for _, s := range []string{"Main_Page", " a  b ", "a\u00a0b", "\xff_"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := strings.Join(strings.Fields(strings.ReplaceAll(s, "_", " ")), " ")
		if got := collapseSpaces(s); got != want {
			t.Errorf("collapseSpaces(%q) = %q, want %q", s, got, want)
		}
	})
}
