//go:build unix && !linux

package mwtest

import "syscall"

func setDeathSignal(a *syscall.SysProcAttr) {}
