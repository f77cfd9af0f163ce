//go:build unix

package cli

import (
	"os"
	"syscall"
)

// stopSignals are the signals that stop a command: Ctrl-C, kill, and the
// terminal closing.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}
