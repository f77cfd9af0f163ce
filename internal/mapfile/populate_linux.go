package mapfile

import "golang.org/x/sys/unix"

// populate asks Linux to map all of a file's pages when it is mapped, in
// one call: read at once (every input is checked whole as soon as it is
// mapped), they would be mapped a fault at a time. A rebuild of a 415 MB
// feed with one page changed: 1.24-1.61 s of CPU against 1.31-1.72,
// mostly kernel time.
const populate = unix.MAP_POPULATE
