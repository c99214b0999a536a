// Command war-room runs multi-vendor model deliberations and review lanes, as a CLI, as a
// GitHub Action (war-room action) and as a GitHub App (war-room serve).
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, newEnv(), os.Args[1:])
	stop()
	os.Exit(code)
}
