package render

import "testing"

// The hash table of tag flags answers as the map does.
func TestLookupTagFlags(t *testing.T) {
	want := tagFlags()
	for name, f := range want {
		if got := lookupTagFlags(name); got != f {
			t.Errorf("%s: %b, want %b", name, got, f)
		}
	}
	for _, name := range []string{"", "x", "script", "TABLE", "tablex"} {
		if got := lookupTagFlags(name); got != want[name] {
			t.Errorf("%q: %b, want %b", name, got, want[name])
		}
	}
}
