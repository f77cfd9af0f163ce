//go:build unix

package check_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used: unlike the wall clock, it
// does not count the time spent waiting for a core another process holds.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
