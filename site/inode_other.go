//go:build !unix

package site

import "io/fs"

// inode is 0 where files have no inode numbers; size and time remain.
func inode(fs.FileInfo) uint64 { return 0 }
