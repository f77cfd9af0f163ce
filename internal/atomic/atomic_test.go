package atomic

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	if err := WriteFile(p, 0o644, func(w io.Writer) error { _, err := io.WriteString(w, "old"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := WriteFile(p, 0o644, func(w io.Writer) error { io.WriteString(w, "partial"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("file holds %q after a failed write", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left behind: %v", ents)
	}
}

func TestReplaceDir(t *testing.T) {
	dir := t.TempDir()
	dst := filepath.Join(dir, "site")
	for _, content := range []string{"one", "two"} {
		tmp, err := TempDirFor(dst)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(tmp, "index.html"), []byte(content), 0o644)
		if err := ReplaceDir(tmp, dst); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(filepath.Join(dst, "index.html")); string(b) != content {
			t.Errorf("got %q, want %q", b, content)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}
