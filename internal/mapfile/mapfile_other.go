//go:build !unix

package mapfile

import "os"

// Map cannot map files here: ok is false, the caller reads them.
func Map(f *os.File, size int64) ([]byte, bool) { return nil, false }

// Unmap does nothing here.
func Unmap(data []byte) {}

// Release does nothing here.
func Release(data []byte, from, to int) {}
