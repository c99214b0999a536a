// Command war-room runs multi-vendor model deliberations and review lanes, as a CLI, as a
// GitHub Action (war-room action) and as a GitHub App (war-room serve).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
)

// cpuProfileEnv names a file the process writes a CPU profile to, for docs/performance.md's
// "Where the time goes"; unset, nothing is profiled.
const cpuProfileEnv = "WAR_ROOM_CPUPROFILE"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfile := startProfile(os.Getenv(cpuProfileEnv))
	code := run(ctx, newEnv(), os.Args[1:])
	stopProfile()
	stop()
	os.Exit(code)
}

// startProfile starts a CPU profile into path (when set) and returns what ends it.
func startProfile(path string) func() {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "war-room: %s=%s: %v (running without a profile)\n", cpuProfileEnv, path, err)
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); _ = f.Close() }
}
