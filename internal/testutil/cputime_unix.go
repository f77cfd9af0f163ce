//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used so far.
// The scaling tests compare CPU time rather than wall-clock time: on a loaded
// machine the wall clock also counts the time spent waiting for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
