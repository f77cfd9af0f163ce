//go:build !unix

package corpus

import "os"

// mapFile cannot map files here: they are read.
func mapFile(f *os.File, size int64) ([]byte, bool) { return nil, false }
