package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readAllString reads the whole input whether or not it tells its size.
func TestReadAllString(t *testing.T) {
	text := strings.Repeat("== Heading ==\n''text'' [[Link]]\n", 5000)
	path := filepath.Join(t.TempDir(), "page.wiki")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, r := range map[string]io.Reader{
		"file":         f,
		"bytes.Reader": bytes.NewReader([]byte(text)),
		"no size":      io.MultiReader(strings.NewReader(text[:100]), strings.NewReader(text[100:])),
		"empty":        strings.NewReader(""),
	} {
		got, err := readAllString(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := text
		if name == "empty" {
			want = ""
		}
		if got != want {
			t.Errorf("%s: read %d bytes, want %d", name, len(got), len(want))
		}
	}
}
