package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// maxOutput caps how much stdout is read back; an answer larger than this is a broken run.
const maxOutput = 32 << 20

// stderrTail is how much of stderr an error may quote: enough to show why, too little to
// carry a prompt back into logs.
const stderrTail = 400

// proc describes one finished run.
type proc struct {
	stdout   []byte
	stderr   string // tail only
	exitCode int    // -1 when killed by a signal
}

// execute runs bin with args in dir, feeding stdin, until it exits or ctx ends. The child leads
// its own process group; the group is killed when ctx ends and again after the leader exits, so
// helpers the CLI spawned never outlive the call. Output goes to unlinked temporary files rather
// than pipes, so a helper that keeps a descriptor open cannot hold the call hostage.
func execute(ctx context.Context, bin string, args []string, dir string, env []string, stdin string) (proc, error) {
	outF, errF, err := outputFiles()
	if err != nil {
		return proc{}, err
	}
	defer outF.Close()
	defer errF.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		return proc{}, fmt.Errorf("stdin pipe: %w", err)
	}
	defer pw.Close()

	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pr, outF, errF
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
	err = cmd.Start()
	pr.Close()
	if err != nil {
		return proc{}, fmt.Errorf("start %s: %w", bin, err)
	}
	go func() { _, _ = io.WriteString(pw, stdin); _ = pw.Close() }()
	waitErr := cmd.Wait()
	_ = killLeftovers(cmd.Process.Pid)

	p := proc{exitCode: cmd.ProcessState.ExitCode()}
	p.stdout, err = readCapped(outF, maxOutput)
	if err != nil {
		return p, err
	}
	p.stderr = readTail(errF, stderrTail)
	var exitErr *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &exitErr) {
		return p, fmt.Errorf("wait %s: %w", bin, waitErr)
	}
	return p, nil
}

func outputFiles() (*os.File, *os.File, error) {
	out, err := unlinkedTemp()
	if err != nil {
		return nil, nil, err
	}
	errF, err := unlinkedTemp()
	if err != nil {
		out.Close()
		return nil, nil, err
	}
	return out, errF, nil
}

// unlinkedTemp returns an open temporary file whose name is already removed: nothing is left
// on disk whatever happens to this process.
func unlinkedTemp() (*os.File, error) {
	f, err := os.CreateTemp("", "war-room-cli-*")
	if err != nil {
		return nil, fmt.Errorf("output file: %w", err)
	}
	_ = os.Remove(f.Name())
	return f, nil
}

func readCapped(f *os.File, limit int64) ([]byte, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, fmt.Errorf("read output: %w", err)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read output: %w", err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("output exceeds %d bytes", limit)
	}
	return b, nil
}

func readTail(f *os.File, n int64) string {
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return ""
	}
	start := max(size-n, 0)
	b := make([]byte, size-start)
	_, _ = f.ReadAt(b, start)
	return string(b)
}
