//go:build unix

package mapfile

import (
	"os"

	"golang.org/x/sys/unix"
)

// Map maps the first size bytes of f read-only. ok is false when they
// cannot be mapped (an empty or huge size, an error): the caller reads f
// instead. The bytes stay valid until Unmap; f may be closed.
func Map(f *os.File, size int64) (data []byte, ok bool) {
	if size <= 0 || int64(int(size)) != size {
		return nil, false
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED|populate)
	if err != nil {
		return nil, false
	}
	return data, true
}

// Unmap releases what Map mapped; nothing may use the bytes (nor strings
// made from them) afterwards.
func Unmap(data []byte) { unix.Munmap(data) }

// Release tells the kernel that data[from:to], a part of what Map
// returned, will not be read for a while: its pages leave the process's
// memory (they stay in the page cache) and a later read maps them again,
// with the file's bytes as before. The range is widened to whole pages
// (a neighbour's bytes on the same page are read again too, unchanged).
// It is a hint: errors are ignored.
func Release(data []byte, from, to int) {
	page := os.Getpagesize()
	from = max(0, from&^(page-1))
	to = min(len(data), to)
	if from >= to {
		return
	}
	// The kernel rounds the length up to whole pages.
	unix.Madvise(data[from:to], unix.MADV_DONTNEED)
}
