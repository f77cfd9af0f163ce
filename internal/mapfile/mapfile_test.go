package mapfile

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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

// TestRelease: after Release the bytes read the same (read again from
// the file), and on Linux the mapping's pages left the process's memory.
func TestRelease(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("files are read here, not mapped")
	}
	const size = 8 << 20
	want := make([]byte, size)
	for i := range want {
		want[i] = byte(i*7 + i>>12)
	}
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, ok := Map(f, size)
	if !ok {
		t.Fatal("not mapped")
	}
	defer Unmap(data)
	sum := func(b []byte) (s int) {
		for i := 0; i < len(b); i += 512 {
			s += int(b[i])
		}
		return s
	}
	// Every page in memory (and the sum used, so that the reads stay).
	if sum(data) != sum(want) {
		t.Fatal("the mapping does not read as the file")
	}
	before := rssFileKB(t)
	Release(data, 0, size)
	after := rssFileKB(t)
	if before >= 0 && before-after < size/1024/2 {
		t.Errorf("file pages in memory %d KB → %d KB after releasing 8 MB", before, after)
	}
	// Parts, at and off page boundaries, and ranges out of bounds.
	Release(data, 100, 5000)
	Release(data, 4096, 8192)
	Release(data, size-10, size+100)
	Release(data, -5, 3)
	Release(data, 9, 9)
	if string(data) != string(want) {
		t.Fatal("the bytes changed after Release")
	}
}

// rssFileKB is the process's file-backed and shared memory in KB (a
// file's pages on tmpfs are shared memory), -1 where /proc does not say.
func rssFileKB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	n, found := 0, false
	for _, line := range strings.Split(string(b), "\n") {
		for _, key := range []string{"RssFile:", "RssShmem:"} {
			if rest, ok := strings.CutPrefix(line, key); ok {
				v, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
				if err != nil {
					t.Fatalf("%q: %v", line, err)
				}
				n += v
				found = true
			}
		}
	}
	if !found {
		return -1
	}
	return n
}
