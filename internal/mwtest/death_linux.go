package mwtest

import "syscall"

// setDeathSignal makes the kernel kill the server when the test process
// dies without closing it (a test binary killed by its timeout).
func setDeathSignal(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
