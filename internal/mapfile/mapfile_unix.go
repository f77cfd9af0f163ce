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
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return data, true
}

// Unmap releases what Map mapped; nothing may use the bytes (nor strings
// made from them) afterwards.
func Unmap(data []byte) { unix.Munmap(data) }
