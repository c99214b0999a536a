//go:build unix

package cli

import (
	"errors"
	"os/exec"
	"syscall"
)

// ownGroup makes the child lead a process group of its own, so killGroup reaches every helper
// it spawns.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup SIGKILLs the process group led by pid. ESRCH (nothing left) is success.
func killGroup(pid int) error {
	if err := syscall.Kill(-pid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}

// killLeftovers kills what remains of the group once its leader has exited. The group id
// stays reserved while any member lives, so this never reaches an unrelated process.
func killLeftovers(pid int) error { return killGroup(pid) }
