package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// proc is one finished war-room process: its output, its wall time and the CPU it used.
type proc struct {
	stdout, stderr string
	wall, cpu      time.Duration
	maxRSS         int64 // bytes
}

// war runs the binary with args in dir, adding env to the inherited environment; a non-zero
// exit is an error that quotes the end of stderr.
func (b *bench) war(ctx context.Context, dir string, env []string, args ...string) (proc, error) {
	cmd := exec.CommandContext(ctx, b.bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	p := proc{stdout: out.String(), stderr: errb.String(), wall: time.Since(start)}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			p.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
			p.maxRSS = ru.Maxrss << 10 // Linux reports kilobytes
		}
	}
	if err != nil {
		return p, fmt.Errorf("war-room %s: %w\n%s", args[0], err, tail(p.stderr, 1500))
	}
	return p, nil
}

func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
