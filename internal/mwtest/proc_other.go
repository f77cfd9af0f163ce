//go:build !unix

package mwtest

import "os/exec"

func setProcessGroup(cmd *exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) { cmd.Process.Kill() }

// lockFile does not lock where there is no flock: processes installing the
// shared wiki at once each install their own and the last rename wins.
func lockFile(path string) (func(), error) { return func() {}, nil }
