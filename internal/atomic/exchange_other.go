//go:build !linux

package atomic

// exchange is not available: ReplaceDir renames the old directory aside.
func exchange(a, b string) error { return errNoExchange }
