//go:build !linux

package cli

// hugePages is for Linux's transparent huge pages: nothing elsewhere.
func hugePages(need int) {}
