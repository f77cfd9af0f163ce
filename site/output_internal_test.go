package site

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// same compares a file's bytes, small (read) or large (mapped).
func TestSame(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 10, 64<<10 - 1, 64 << 10, 300 << 10} {
		data := bytes.Repeat([]byte("abcdefgh"), size/8+1)[:size]
		fp := filepath.Join(dir, "f")
		if err := os.WriteFile(fp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if !same(fp, data) {
			t.Errorf("%d bytes: the same bytes reported different", size)
		}
		if size > 0 {
			other := bytes.Clone(data)
			other[size-1] ^= 1
			if same(fp, other) {
				t.Errorf("%d bytes: a changed last byte reported the same", size)
			}
		}
		if same(fp, append(bytes.Clone(data), 'x')) {
			t.Errorf("%d bytes: a longer file reported the same", size)
		}
	}
	if same(filepath.Join(dir, "missing"), nil) {
		t.Error("a missing file reported the same as nothing")
	}
}
