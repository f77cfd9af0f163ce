package atomic

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile writes path through fn. On any error the temporary file is
// removed and path is left as it was.
func WriteFile(path string, perm os.FileMode, fn func(w io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sweepOnce(dir)
	f, tmp, err := createTemp(dir, filepath.Base(path))
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
		untrack(tmp)
	}()
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = fn(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	return nil
}

func createTemp(dir, base string) (*os.File, string, error) {
	for range 100 {
		tmp := filepath.Join(dir, tempName(base))
		f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		track(tmp)
		return f, tmp, nil
	}
	return nil, "", fmt.Errorf("creating a temporary file in %s: too many names taken", dir)
}

// TempDirFor creates a temporary directory beside dst (same file system, so
// the final rename is atomic), with the usual permissions (0755 less the
// umask) rather than 0700: the directory becomes the output, which a web
// server running as another user must be able to read. Stale temporaries of
// earlier runs in the same parent are removed first.
func TempDirFor(dst string) (string, error) {
	parent := filepath.Dir(filepath.Clean(dst))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	sweepOnce(parent)
	return mkdirTemp(parent, func() string { return tempName(filepath.Base(filepath.Clean(dst))) })
}

// MkdirTemp creates a directory named prefix+"PID-RANDOM" in parent (the
// system's temporary directory when ""), removing stale ones of earlier
// runs with the same prefix first. The caller removes it with Discard.
func MkdirTemp(parent, prefix string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	sweepPrefix(parent, prefix)
	return mkdirTemp(parent, func() string { return prefix + pidRandom() })
}

func mkdirTemp(parent string, name func() string) (string, error) {
	for range 100 {
		tmp := filepath.Join(parent, name())
		err := os.Mkdir(tmp, 0o755)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		track(tmp)
		return tmp, nil
	}
	return "", fmt.Errorf("creating a temporary directory in %s: too many names taken", parent)
}

// Discard removes a temporary directory (or file) made by this package.
func Discard(tmp string) {
	os.RemoveAll(tmp)
	untrack(tmp)
}

// ReplaceDir moves the finished directory tmp (from TempDirFor) to dst. A
// failure leaves the previous dst as it was. On Linux the two are
// exchanged atomically (renameat2 RENAME_EXCHANGE), so dst never goes
// missing; elsewhere, or when the file system cannot exchange, the
// previous dst is renamed aside first (see the package comment).
func ReplaceDir(tmp, dst string) error {
	if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(tmp, dst); err != nil {
			return fmt.Errorf("moving the new %s into place: %w", dst, err)
		}
		untrack(tmp)
		return nil
	}
	err := exchange(tmp, dst)
	if err == nil {
		// tmp now holds the previous dst.
		Discard(tmp)
		return nil
	}
	if !errors.Is(err, errNoExchange) {
		return fmt.Errorf("replacing %s: %w", dst, err)
	}
	old := filepath.Join(filepath.Dir(filepath.Clean(dst)), tempName(filepath.Base(filepath.Clean(dst))))
	track(old)
	if err := os.Rename(dst, old); err != nil {
		untrack(old)
		return fmt.Errorf("moving the previous %s aside: %w", dst, err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Rename(old, dst)
		untrack(old)
		return fmt.Errorf("moving the new %s into place: %w", dst, err)
	}
	untrack(tmp)
	Discard(old)
	return nil
}

var errNoExchange = errors.New("atomic exchange not supported")
