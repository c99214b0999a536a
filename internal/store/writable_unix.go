//go:build unix

package store

import "syscall"

// canWrite asks the kernel whether this process may write path: a read-only mount says so
// (EROFS) even to root.
func canWrite(path string) error {
	const wOK = 2
	return syscall.Access(path, wOK)
}
