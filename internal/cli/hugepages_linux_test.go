package cli

import (
	"os"
	"path/filepath"
	"testing"
)

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

// TestBuildHeapNeed: two and a half times the inputs' files (those of a
// directory too, one level down), at most a quarter of the memory.
func TestBuildHeapNeed(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, make([]byte, n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	feed := write("feed.txt", 4000)
	write("seeds/a.txt", 1000)
	write("seeds/b.txt", 3000)
	write("seeds/deeper/c.txt", 50000)
	if got, want := buildHeapNeed([]string{feed, filepath.Join(dir, "seeds"), filepath.Join(dir, "missing")}), (4000+1000+3000)*5/2; got != want {
		t.Errorf("buildHeapNeed = %d, want %d", got, want)
	}
	if got := buildHeapNeed(nil); got != 0 {
		t.Errorf("no inputs (the embedded corpus): %d, want 0", got)
	}
	if m := memTotal(); m <= 0 {
		t.Errorf("memTotal = %d", m)
	}
}
