//go:build unix

package session

import (
	"errors"
	"syscall"
)

// processGone reports whether no process pid exists on this host (signal 0 tests for one
// without sending anything; a process of another user answers EPERM, and is alive).
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
