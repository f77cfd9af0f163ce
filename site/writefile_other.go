//go:build !unix

package site

import "os"

// writeFile is os.WriteFile for a file of the site (see the Unix one).
func writeFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }
