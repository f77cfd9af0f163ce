//go:build linux

package atomic

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps the directory entries a and b atomically.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EINVAL) || errors.Is(err, unix.EOPNOTSUPP) {
		// An old kernel, or a file system without RENAME_EXCHANGE.
		return errNoExchange
	}
	return err
}
