//go:build !unix

package corpus

import "time"

var start = time.Now()

// cpuTime falls back to wall time where the process's CPU time is not at
// hand.
func cpuTime() time.Duration { return time.Since(start) }
