package cli

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// ownGroup starts the child in a process group of its own, away from this console's Ctrl+C.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup ends the process tree rooted at the running child pid. Windows has no process group
// to signal; taskkill finds the tree through parent ids. If taskkill cannot run, the child
// alone is killed.
func killGroup(pid int) error {
	if exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(pid)).Run() == nil {
		return nil
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return nil // already gone
	}
	if err := p.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

// killLeftovers does nothing on Windows: once the leader is reaped its id can be reused by an
// unrelated process, and its orphaned helpers can no longer be found from it. Keeping the
// Unix promise here would need a Job Object, which is not built.
func killLeftovers(int) error { return nil }
