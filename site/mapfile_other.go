//go:build !unix

package site

import "os"

// mapRead reads the file at p (files are not mapped here).
func mapRead(p string) ([]byte, func(), error) {
	data, err := os.ReadFile(p)
	return data, func() {}, err
}
