package atomic

import (
	"bufio"
	"fmt"
	"io"
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
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
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

// ReplaceDir moves the finished directory tmp to dst. A previous dst is
// moved aside first and removed only once the new one is in place, so a
// failure leaves the previous dst untouched.
func ReplaceDir(tmp, dst string) error {
	old := ""
	if _, err := os.Stat(dst); err == nil {
		old = dst + ".old-" + filepath.Base(tmp)
		if err := os.Rename(dst, old); err != nil {
			return fmt.Errorf("moving the previous %s aside: %w", dst, err)
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		if old != "" {
			os.Rename(old, dst)
		}
		return fmt.Errorf("moving the new %s into place: %w", dst, err)
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// TempDirFor creates a temporary directory beside dst (same file system, so
// the final rename is atomic).
func TempDirFor(dst string) (string, error) {
	parent := filepath.Dir(filepath.Clean(dst))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", err
	}
	return os.MkdirTemp(parent, "."+filepath.Base(dst)+".tmp-*")
}
