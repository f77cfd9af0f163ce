//go:build unix && !linux

package mapfile

const populate = 0
