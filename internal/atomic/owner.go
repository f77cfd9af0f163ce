package atomic

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// MarkerDir is the directory wikirules keeps in every directory it writes
// as a whole (a site holds its build manifest there; other outputs a
// MarkerFile). Its presence says the directory is wikirules's to replace.
const MarkerDir = ".wikirules"

// MarkerFile is the marker Mark writes.
const MarkerFile = MarkerDir + "/output"

// ErrNotOurs is the error CheckReplaceable wraps when it refuses a directory.
var ErrNotOurs = errors.New("not written by wikirules")

// CheckReplaceable refuses to let a command replace or write into dir when
// it holds files wikirules did not write: dir may be missing, empty, or
// hold a MarkerDir.
func CheckReplaceable(dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("output %s exists and is not a directory", dir)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(ents) == 0 {
		return nil
	}
	if fi, err := os.Stat(filepath.Join(dir, MarkerDir)); err == nil && fi.IsDir() {
		return nil
	}
	return fmt.Errorf("output directory %s is not empty and was %w (it has no %s/): "+
		"wikirules owns the directories it writes, and your files there could be lost; choose an empty or new directory", dir, ErrNotOurs, MarkerDir)
}

// Mark records in dir that wikirules wrote it (see CheckReplaceable).
func Mark(dir, command string) error {
	p := filepath.Join(dir, filepath.FromSlash(MarkerFile))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte("written by wikirules "+command+"; the command replaces this directory as a whole\n"), 0o644)
}

// CheckNotCurrent refuses an output directory that is the current
// directory or one of its parents: replacing it would leave the shell in a
// deleted directory (and the build's temporary beside it outside reach).
func CheckNotCurrent(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	if rel, err := filepath.Rel(abs, wd); err == nil && rel != ".." && !startsWithDotDot(rel) {
		return fmt.Errorf("output directory %s is the current directory (or holds it), which the output would replace as a whole; write to a subdirectory (-o public)", dir)
	}
	return nil
}

func startsWithDotDot(rel string) bool {
	return len(rel) >= 3 && rel[:2] == ".." && os.IsPathSeparator(rel[2])
}
