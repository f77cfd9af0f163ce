package rootfs

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

func TestFS(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "d")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("b"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "a.txt"), []byte("a"), 0o644)
	os.WriteFile(filepath.Join(root, "secret"), []byte("secret"), 0o644)
	if err := fstest.TestFS(New(dir), "b.txt", "sub/a.txt"); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../secret", filepath.Join(dir, "out")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	os.Symlink(filepath.Join(root, "secret"), filepath.Join(dir, "abs"))
	os.Symlink("sub/a.txt", filepath.Join(dir, "in"))
	f := New(dir)
	for _, name := range []string{"out", "abs"} {
		if _, err := fs.ReadFile(f, name); err == nil {
			t.Errorf("%s: a link out of the directory was followed", name)
		}
		if _, err := fs.Stat(f, name); err == nil {
			t.Errorf("%s: stat followed a link out", name)
		}
	}
	if b, err := fs.ReadFile(f, "in"); err != nil || string(b) != "a" {
		t.Errorf("a link inside: %q %v", b, err)
	}
	if _, err := f.Open("../secret"); err == nil {
		t.Error("../ opened")
	}
}
