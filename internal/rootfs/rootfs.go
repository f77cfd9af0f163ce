// Package rootfs is a directory as an fs.FS that cannot be left: every
// path is opened through an os.Root, so a symbolic link inside the
// directory is followed only while it stays inside (a link to /etc/passwd,
// or to ../secret, fails with an error instead of being read).
package rootfs

import (
	"io/fs"
	"os"
	"slices"
	"strings"
)

// FS is the directory Dir, confined. Each operation opens the directory
// anew (os.OpenRoot) and closes it: the FS holds no open file, so it can
// live as long as its users do, like os.DirFS.
type FS struct{ Dir string }

// New returns the confined file system of dir.
func New(dir string) FS { return FS{Dir: dir} }

func (f FS) root(op, name string) (*os.Root, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return os.OpenRoot(f.Dir)
}

// Open opens name (slash-separated, relative to Dir).
func (f FS) Open(name string) (fs.File, error) {
	r, err := f.root("open", name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Open(name)
}

// Stat describes name, following a symbolic link that stays inside Dir.
func (f FS) Stat(name string) (fs.FileInfo, error) {
	r, err := f.root("stat", name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Stat(name)
}

// ReadFile reads name whole.
func (f FS) ReadFile(name string) ([]byte, error) {
	r, err := f.root("readfile", name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.ReadFile(name)
}

// ReadDir lists the directory name, sorted by file name (as fs.ReadDirFS
// requires).
func (f FS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	ents, err := file.(*os.File).ReadDir(-1)
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, err
}
