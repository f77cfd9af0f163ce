//go:build unix

package pull

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockStore takes the store's advisory lock. The kernel releases it when
// the process ends, however it ends, so a killed pull never blocks the
// next one.
func lockStore(dir string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: another pull is running on this store", dir)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
