//go:build !unix

package cli

import "os"

// stopSignals are the signals that stop a command.
var stopSignals = []os.Signal{os.Interrupt}
