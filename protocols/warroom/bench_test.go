package warroom

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// timed measures each call's own duration exactly, keyed by the prompt digest the ledger
// records (the ledger keeps whole milliseconds, which would bias a 100 ms critical path).
type timed struct {
	provider.Provider
	mu  sync.Mutex
	dur map[string]time.Duration
}

func (t *timed) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	start := time.Now()
	resp, err := t.Provider.Complete(ctx, req)
	t.mu.Lock()
	t.dur[record.SHA256Hex([]byte(req.System+"\x00"+req.User))] = time.Since(start)
	t.mu.Unlock()
	return resp, err
}

// criticalPath is the sum, over the session's rounds, of the slowest call in each: the least
// wall time any scheduler could achieve with these call latencies, run in the rounds they ran
// in. A round is the calls that overlapped in time (a fan-out's seats; the intelligence beside
// phase 0; the challenges beside the escalation check); it is counted as rounds.
func criticalPath(entries []ledger.Entry, dur map[string]time.Duration) (sum time.Duration, rounds int) {
	calls := slices.Clone(entries)
	slices.SortStableFunc(calls, func(a, b ledger.Entry) int { return a.StartedAt.Compare(b.StartedAt) })
	var slowest time.Duration
	var end time.Time
	for _, e := range calls {
		d := dur[e.PromptSHA256]
		if rounds == 0 || !e.StartedAt.Before(end) {
			sum += slowest
			rounds, slowest, end = rounds+1, 0, e.StartedAt
		}
		slowest = max(slowest, d)
		if t := e.StartedAt.Add(d - time.Millisecond); t.After(end) {
			end = t
		}
	}
	return sum + slowest, rounds
}

// BenchmarkFullCouncil runs a whole full-council session (26 calls in 8 rounds, routed on auto) on
// the script provider at a fixed 100 ms per call, against a real SQLite file, and reports wall
// time ÷ critical path (target ≤ 1.03). With sync=FULL, the store's default, every commit
// waits for the disk; sync=NORMAL shows what is left once fsync latency is taken out, i.e.
// the engine's own scheduling and bookkeeping.
func BenchmarkFullCouncil(b *testing.B) {
	for _, mode := range []sqlite.Sync{sqlite.SyncFull, sqlite.SyncNormal} {
		b.Run("sync="+string(mode), func(b *testing.B) { benchCouncil(b, mode) })
	}
}

func benchCouncil(b *testing.B, mode sqlite.Sync) {
	ctx := context.Background()
	var wall, critical time.Duration
	n := 0
	for b.Loop() {
		st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "state.db"), sqlite.WithSync(mode))
		require.NoError(b, err)
		p := &timed{Provider: script.New(council(scoresFull, "", 100*time.Millisecond)), dur: map[string]time.Duration{}}
		ps := profiles(nil)
		for _, prof := range ps {
			prof.Provider = p
		}
		start := time.Now()
		r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, session(b, options(ModeAuto), fmt.Sprintf("wr-bench%012d", n)))
		require.NoError(b, err)
		_, err = execute(ctx, r)
		require.NoError(b, r.Finish(ctx, err))
		wall += time.Since(start)
		entries, err := st.Ledger(ctx, r.Session().ID)
		require.NoError(b, err)
		require.Len(b, entries, 26)
		path, rounds := criticalPath(entries, p.dur)
		require.Equal(b, 8, rounds, "an automatic full council: phase 0 with the scout, then the intelligence officer")
		critical += path
		require.NoError(b, st.Close())
		n++
	}
	ratio := float64(wall) / float64(critical)
	b.ReportMetric(ratio, "wall/critical")
	b.ReportMetric(float64(critical.Microseconds())/1000/float64(n), "critical-ms/op")
	b.Logf("full council, 100 ms per call, sync=%s: wall %v ÷ critical path %v = %.4f (target ≤ 1.03)",
		mode, (wall / time.Duration(n)).Round(time.Microsecond), (critical / time.Duration(n)).Round(time.Microsecond), ratio)
}
