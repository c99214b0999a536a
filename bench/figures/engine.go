package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

const (
	question = "Should the billing service move its jobs from cron to a queue?"
	seed     = "9"
)

func reasonRun(profiles [][2]string, latency time.Duration, extra ...string) deliberation {
	return deliberation{panel: panel{script: "reason.yaml", profiles: profiles, latency: latency},
		args: append(append([]string{"reason", question, "--seed", seed}, extra...), approve(profiles)...)}
}

func conveneRun(profiles [][2]string, latency time.Duration, extra ...string) deliberation {
	return deliberation{panel: panel{script: "council.yaml", profiles: profiles, latency: latency},
		// --go: the roster and estimate card waits for a person, and the figure is the
		// deliberation's own time.
		args: append(append([]string{"convene", question, "--seed", seed, "--go"}, extra...), approve(profiles)...)}
}

func deliberateRun(mode string, profiles [][2]string, latency time.Duration) deliberation {
	return deliberation{panel: panel{script: "warroom.yaml", profiles: profiles, latency: latency},
		args: append([]string{"deliberate", question, "--seed", seed, "--mode", mode}, approve(profiles)...)}
}

// approve lets a one-vendor panel run: its reduced independence needs a person's approval.
func approve(profiles [][2]string) []string {
	if len(profiles) < 2 {
		return []string{"--approve-reduced-independence"}
	}
	return nil
}

// wallFigure is a deliberation's session wall time ÷ its critical path, median of b.runs.
func wallFigure(name string, limit float64, d func(b *bench) deliberation) figure {
	return figure{name: name, goal: fmt.Sprintf("≤ %.2f", limit), limit: limit, measure: func(ctx context.Context, b *bench) (result, error) {
		return wallRatio(ctx, b, name, d(b))
	}}
}

func wallRatio(ctx context.Context, b *bench, name string, d deliberation) (result, error) {
	var ratios []float64
	var walls, paths []time.Duration
	var last sessionRun
	for range b.runs {
		r, err := b.run(ctx, slug(name), d)
		if err != nil {
			return result{}, err
		}
		ratios = append(ratios, float64(r.wall)/float64(r.critical))
		walls, paths = append(walls, r.wall), append(paths, r.critical)
		last = r
	}
	return result{value: fmt.Sprintf("%s ÷ %s (%d calls, %d rounds)", ms(medianDuration(walls)), ms(medianDuration(paths)), last.calls, last.rounds),
		ratio: median(ratios)}, nil
}

// withArgs adds flags to a deliberation's command.
func withArgs(d deliberation, args ...string) deliberation {
	d.args = append(slices.Clone(d.args), args...)
	return d
}

// withContext gives a deliberation a context file of n bytes of ordinary prose (the reason
// chain's --facts).
func withContext(d deliberation, n int) deliberation {
	flag := "--context"
	if d.args[0] == "reason" {
		flag = "--facts"
	}
	d.args = append(d.args, flag, "context.md")
	d.setup = func(dir string) error {
		line := "The billing service runs nightly cron jobs that retry failed charges and email receipts.\n"
		return os.WriteFile(filepath.Join(dir, "context.md"), []byte(strings.Repeat(line, n/len(line)+1)[:n]), 0o600)
	}
	return d
}

func slug(s string) string {
	f := func(r rune) rune {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
			return r
		}
		return '-'
	}
	return strings.Map(f, strings.ToLower(s))
}

func figures() []figure {
	five, one := fiveVendors, oneVendor
	return slices.Concat([]figure{
		wallFigure("reason, 5 profiles: wall ÷ critical path", 1.03, func(b *bench) deliberation { return reasonRun(five, b.latency) }),
		wallFigure("convene, 5 profiles: wall ÷ critical path", 1.03, func(b *bench) deliberation { return conveneRun(five, b.latency) }),
		wallFigure("full council, 5 profiles: wall ÷ critical path", 1.03, func(b *bench) deliberation { return deliberateRun("full", five, b.latency) }),
		wallFigure("delphi, 5 profiles: wall ÷ critical path", 1.03, func(b *bench) deliberation { return deliberateRun("delphi", five, b.latency) }),
		wallFigure("full council, 1 profile: wall ÷ critical path", 1.05, func(b *bench) deliberation { return deliberateRun("full", one, b.latency) }),
		wallFigure("delphi, 1 profile: wall ÷ critical path", 1.05, func(b *bench) deliberation { return deliberateRun("delphi", one, b.latency) }),
		wallFigure("reason --high-assurance: wall ÷ critical path", 1.05, func(b *bench) deliberation {
			return reasonRun(five, b.latency, "--high-assurance")
		}),
		{name: "convene, 1 MB of context: wall ÷ critical path", goal: "≤ 1.10", limit: 1.10, measure: func(ctx context.Context, b *bench) (result, error) {
			return wallRatio(ctx, b, "convene-1mb", withContext(conveneRun(five, b.latency), 1<<20))
		}},
		engineCPU(),
	}, feelFigures(), []figure{fanOutFigure()}, cliFloors(), []figure{
		engineCPUNet(),
		adapterCPU(),
		decisionsList(),
		webhookAck(),
		republish(),
		digest(),
	})
}
