//go:build unix

package site

import (
	"io/fs"
	"syscall"
)

// inode is a file's inode number: a file replaced by another with the same
// size and time still changes the build's input key.
func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Ino)
	}
	return 0
}
