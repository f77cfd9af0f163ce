//go:build unix

package site

import (
	"os"

	"golang.org/x/sys/unix"
)

// mapRead maps the file at p read-only, or reads it when it cannot be
// mapped; release unmaps it, after which nothing may use the bytes (nor
// strings made from them). A large file read into fresh memory costs its
// pages' first touch; mapped, its pages are the page cache's.
func mapRead(p string) (data []byte, release func(), err error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := st.Size()
	if !st.Mode().IsRegular() || size <= 0 || int64(int(size)) != size {
		data, err := os.ReadFile(p)
		return data, func() {}, err
	}
	data, err = unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		data, err := os.ReadFile(p)
		return data, func() {}, err
	}
	return data, func() { unix.Munmap(data) }, nil
}
