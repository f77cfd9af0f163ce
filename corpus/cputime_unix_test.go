//go:build unix

package corpus

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process used so far. The bomb tests compare
// it rather than wall time, which other processes on a busy machine skew.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
