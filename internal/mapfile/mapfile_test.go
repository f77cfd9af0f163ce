package mapfile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestMap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, []byte("mapped bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	data, ok := Map(f, 12)
	f.Close()
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		if ok {
			t.Fatal("mapped where files are read")
		}
		return
	}
	if !ok || string(data) != "mapped bytes" {
		t.Fatalf("Map = %q, %v", data, ok)
	}
	Unmap(data)
	if _, ok := Map(f, 0); ok {
		t.Error("an empty file was mapped")
	}
}
