//go:build unix

package warroom

import (
	"context"
	"fmt"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// BenchmarkFullCouncilCPU is the engine-CPU figure of docs/performance.md in-process: a
// full-council session (26 calls) on the script provider at 0 ms against a real SQLite file,
// reporting this process's CPU (user + system, every goroutine) per call. bench/run measures
// the same through the CLI, start-up included (goal ≤ 0.3 ms per call).
func BenchmarkFullCouncilCPU(b *testing.B) {
	ctx := context.Background()
	var cpu time.Duration
	calls := 0
	for n := 0; b.Loop(); n++ {
		st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "state.db"))
		require.NoError(b, err)
		ps := profiles(script.New(council(scoresFull, "", 0)))
		before := processCPU(b)
		r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, session(b, options(ModeFull), fmt.Sprintf("wr-cpu%014d", n)))
		require.NoError(b, err)
		_, err = execute(ctx, r)
		require.NoError(b, r.Finish(ctx, err))
		cpu += processCPU(b) - before
		ledger, err := st.Ledger(ctx, r.Session().ID)
		require.NoError(b, err)
		calls += len(ledger)
		require.NoError(b, st.Close())
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(calls), "cpu-µs/call")
}

func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
