package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// goBench measures a figure with one of the module's Go benchmarks, which set up what the
// figure needs in-process (internal/githubfake, an HTTP server on loopback): it runs the
// benchmark b.runs times, once each (-benchtime=1x), and reads the metrics it reports.
func (b *bench) goBench(ctx context.Context, pkg, name string) (map[string][]float64, error) {
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", "^"+name+"$",
		"-benchtime", "1x", "-count", strconv.Itoa(b.runs), pkg)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go test -bench %s %s: %w\n%s", name, pkg, err, tail(out.String(), 1500))
	}
	metrics := map[string][]float64{}
	for _, line := range strings.Split(out.String(), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || !strings.HasPrefix(f[0], name) {
			continue
		}
		// Benchmark-2  1  593472221 ns/op  367.3 p50-ms  585.2 p99-ms
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%s: %q is not a number", name, f[i])
			}
			metrics[f[i+1]] = append(metrics[f[i+1]], v)
		}
	}
	if len(metrics) == 0 {
		return nil, fmt.Errorf("go test -bench %s %s reported nothing:\n%s", name, pkg, tail(out.String(), 1500))
	}
	return metrics, nil
}

// webhookAck is the ack time of 100 `/war-room` comments arriving at once.
func webhookAck() figure {
	return figure{name: "webhook ack p99, 100 concurrent /war-room comments", goal: "≤ 50 ms", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			m, err := b.goBench(ctx, "./bot", "BenchmarkWebhookAckBurst")
			if err != nil {
				return result{}, err
			}
			p99, p50 := median(m["p99-ms"]), median(m["p50-ms"])
			return result{value: fmt.Sprintf("p99 %.0f ms (p50 %.0f ms)", p99, p50), ratio: p99 / 50}, nil
		}}
}

// republish is the GitHub traffic of publishing a finished decision again.
func republish() figure {
	return figure{name: "GitHub requests to re-publish a finished decision", goal: "1 lookup, 0 writes", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			m, err := b.goBench(ctx, "./cmd/war-room", "BenchmarkRepublishFinished")
			if err != nil {
				return result{}, err
			}
			req, writes := median(m["requests"]), median(m["writes"])
			ratio := req // one lookup is the ideal; a write makes it miss whatever the count
			if writes > 0 {
				ratio = max(ratio, 1+writes)
			}
			return result{value: fmt.Sprintf("%.0f request(s), %.0f write(s)", req, writes), ratio: ratio}, nil
		}}
}
