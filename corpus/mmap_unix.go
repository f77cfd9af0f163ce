//go:build unix

package corpus

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapFile maps the whole of f read-only; ok is false when it cannot be
// mapped (the caller then reads it). The mapping is never unmapped: the
// revisions' texts point into it for as long as the corpus lives.
func mapFile(f *os.File, size int64) (data []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}
