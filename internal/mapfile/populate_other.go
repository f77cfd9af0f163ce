//go:build unix && !linux

package mapfile

// populate: other systems map the pages as they are read.
const populate = 0
