//go:build !unix

package testutil

import "time"

// cpuTime falls back to the wall clock where getrusage is not available.
func cpuTime() time.Duration { return time.Duration(time.Now().UnixNano()) }
