package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"text/tabwriter"
	"time"
)

// figure is one row of the table: what is measured and the goal its ratio is held to.
type figure struct {
	name string
	// goal is how the goal reads in the value's own terms ("≤ 1.03", "≤ 50 ms").
	goal string
	// limit is the ratio the goal allows; atLeast turns "at most" into "at least".
	limit   float64
	atLeast bool
	// floor marks a row that measures what a goal stands on (a process's start-up), with no
	// goal of its own.
	floor   bool
	measure func(ctx context.Context, b *bench) (result, error)
}

// result is one figure's measurement: the value as a person reads it and its ratio.
type result struct {
	value string
	ratio float64
}

type table struct {
	tw             *tabwriter.Writer
	missed, failed int
}

func newTable(w io.Writer) *table {
	t := &table{tw: tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)}
	fmt.Fprintln(t.tw, "figure\tvalue\tratio\tgoal\t")
	return t
}

func (t *table) row(f figure, r result) {
	met := r.ratio <= f.limit
	if f.atLeast {
		met = r.ratio >= f.limit
	}
	mark := "met"
	switch {
	case f.floor:
		mark = "floor"
	case !met:
		mark = "MISSED"
		t.missed++
	}
	fmt.Fprintf(t.tw, "%s\t%s\t%.2f\t%s (%s)\t\n", f.name, r.value, r.ratio, f.goal, mark)
	fmt.Fprintf(os.Stderr, "measured %s: %s, ratio %.2f\n", f.name, r.value, r.ratio)
}

func (t *table) fail(f figure, err error) {
	t.failed++
	fmt.Fprintf(t.tw, "%s\tnot measured\t—\t%s\t\n", f.name, f.goal)
	fmt.Fprintf(os.Stderr, "could not measure %s: %v\n", f.name, err)
}

func (t *table) flush() error {
	if err := t.tw.Flush(); err != nil {
		return err
	}
	if t.missed > 0 {
		fmt.Fprintf(os.Stderr, "%d figure(s) missed their goal (docs/performance.md says why)\n", t.missed)
	}
	if t.failed > 0 {
		return fmt.Errorf("%d figure(s) could not be measured", t.failed)
	}
	return nil
}

// median of durations (of floats, below); the slice is sorted in place.
func medianDuration(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	n := len(ds)
	if n%2 == 1 {
		return ds[n/2]
	}
	return (ds[n/2-1] + ds[n/2]) / 2
}

func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
