// Command figures measures every figure of docs/performance.md in one run and prints each as
// `figure  value  ratio  goal`. bench/run builds war-room and runs this; it is a measurement,
// never part of the test suite, and it is bounded: every figure is a fixed number of runs.
//
// The ratio is measured ÷ limit where a figure has a physical limit (a deliberation's critical
// path, openssl's digest speed) and measured ÷ goal where the goal is an absolute bound, so a
// figure meets its goal when the ratio is at or under the goal's ratio (at or over, for the
// digest). Every value is the median of -runs runs: the machines this runs on are shared.
package main

import (
	_ "github.com/war-room/war-room/internal/provider/vendors" // every vendor registers itself

	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"regexp"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "figures:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	var b bench
	flag.StringVar(&b.bin, "bin", "", "the war-room binary to measure (bench/run builds one)")
	flag.IntVar(&b.runs, "runs", 5, "runs per figure; each value is their median")
	flag.DurationVar(&b.latency, "latency", 100*time.Millisecond, "every scripted model call's latency in the wall-time figures")
	only := flag.String("only", "", "measure only the figures whose name matches this regexp")
	keep := flag.String("keep", "", "keep every run's directory (its database, its context file) under this directory instead of a temporary one")
	flag.Parse()
	if b.bin == "" {
		return fmt.Errorf("-bin is required")
	}
	if b.runs < 1 {
		return fmt.Errorf("-runs must be at least 1")
	}
	match, err := regexp.Compile(*only)
	if err != nil {
		return fmt.Errorf("-only: %w", err)
	}
	dir, err := runDir(*keep)
	if err != nil {
		return err
	}
	if *keep == "" {
		defer os.RemoveAll(dir)
	}
	b.dir = dir
	t := newTable(os.Stdout)
	for _, f := range figures() {
		if !match.MatchString(f.name) {
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		res, err := f.measure(ctx, &b)
		if err != nil {
			t.fail(f, err)
			continue
		}
		t.row(f, res)
	}
	return t.flush()
}

// bench is what every figure's measurement shares.
type bench struct {
	bin     string
	runs    int
	latency time.Duration
	dir     string
	seq     int
}

// runDir is where the runs' directories go: keep when given, else a temporary directory.
func runDir(keep string) (string, error) {
	if keep == "" {
		return os.MkdirTemp("", "war-room-figures-")
	}
	return keep, os.MkdirAll(keep, 0o700)
}

// tempDir is a fresh directory for one run.
func (b *bench) tempDir(name string) (string, error) {
	b.seq++
	d := fmt.Sprintf("%s/%03d-%s", b.dir, b.seq, name)
	return d, os.MkdirAll(d, 0o700)
}
