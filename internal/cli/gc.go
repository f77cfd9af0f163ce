package cli

import (
	"os"
	"runtime/debug"

	"github.com/wikirules/wikirules/parser"
)

// oneShotHeap prepares the heap of a command that turns one input of size
// bytes into output and exits (`wikirules html`), as the process's own
// command (Main). Two costs of a fresh process go:
//
//   - The garbage collector: the heap is nearly all live until the end
//     (the tree and the passes' arrays: about 14 MB for 1 MB of
//     wikitext), so collections while it grows from the runtime's initial
//     4 MB find little garbage — four of them for 1 MB, a tenth of the
//     process's CPU time, for the same peak memory within a few percent
//     (1 MB: 31 MB with or without; 8 MB: 119 MB with, 133 MB without).
//     The collector waits for a memory limit well above what the input
//     needs and runs only if something (hostile input) makes the heap
//     grow past it. GOGC or GOMEMLIMIT in the environment keep their
//     meaning: the collector is then left to them.
//   - Page faults: see hugePages.
func oneShotHeap(size int) {
	// A larger input is refused by the parser (and read only to say so).
	size = min(size, parser.MaxSourceBytes)
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(256<<20 + 32*int64(size))
		debug.SetGCPercent(-1)
	}
	hugePages(24 * size)
}
