package cli

import "testing"

func TestTHPMode(t *testing.T) {
	for in, want := range map[string]string{
		"always [madvise] never\n": "madvise",
		"[always] madvise never\n": "always",
		"always madvise [never]":   "never",
		"":                         "",
		"always madvise never":     "",
		"[":                        "",
	} {
		if got := thpMode(in); got != want {
			t.Errorf("thpMode(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHugePages: the heap works as before once the pages are marked
// (whether or not the system gives huge pages).
func TestHugePages(t *testing.T) {
	hugePages(8 << 20)
	b := make([]byte, 6<<20)
	for i := range b {
		b[i] = byte(i)
	}
	for i := range b {
		if b[i] != byte(i) {
			t.Fatalf("byte %d: %d", i, b[i])
		}
	}
}
