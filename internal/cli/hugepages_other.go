//go:build !linux

package cli

// hugePages is for Linux's transparent huge pages: nothing elsewhere.
func hugePages(need int) {}

// memTotal is not needed where hugePages does nothing.
func memTotal() int64 { return 0 }
