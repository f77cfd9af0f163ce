package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// InputKey identifies a build's inputs without reading them: the settings
// that change what is built (the program's version, options), and every
// file's path, size, modification time, inode and mode under paths (files,
// directories or globs). It is "" when the inputs cannot be identified this
// way (standard input, a path that does not exist), and then Options.InputKey
// is left empty: the build reads everything.
func InputKey(settings []string, paths []string) string {
	h := sha256.New()
	for _, s := range settings {
		fmt.Fprintf(h, "%d:%s\x00", len(s), s)
	}
	for _, in := range paths {
		if in == "-" {
			return ""
		}
		matches := []string{in}
		if _, err := os.Stat(in); err != nil {
			m, err := filepath.Glob(in)
			if err != nil || len(m) == 0 {
				return ""
			}
			matches = m
		}
		for _, m := range matches {
			err := filepath.WalkDir(m, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				fi, err := d.Info()
				if err != nil {
					return err
				}
				fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%v\x00", p, fi.Size(), fi.ModTime().UnixNano(), inode(fi), fi.Mode())
				return nil
			})
			if err != nil {
				return ""
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
