package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// deliberation is one CLI command that runs a session, on a panel.
type deliberation struct {
	panel panel
	args  []string
	// setup, when set, prepares the run directory (a context file) before the command runs.
	setup func(dir string) error
}

// sessionRun is what one run of a deliberation measured.
type sessionRun struct {
	proc
	// wall is the session's own time, from its creation to its last status change.
	wall     time.Duration
	critical time.Duration
	rounds   int
	calls    int
}

// run runs d once in a fresh directory and reads back what the session recorded.
func (b *bench) run(ctx context.Context, name string, d deliberation, env ...string) (sessionRun, error) {
	dir, err := b.tempDir(name)
	if err != nil {
		return sessionRun{}, err
	}
	cfg, err := d.panel.write(dir)
	if err != nil {
		return sessionRun{}, err
	}
	if d.setup != nil {
		if err := d.setup(dir); err != nil {
			return sessionRun{}, err
		}
	}
	db := filepath.Join(dir, "state.db")
	args := append([]string{d.args[0], "--config", cfg, "--db", db}, d.args[1:]...)
	p, err := b.war(ctx, dir, env, args...)
	if err != nil {
		return sessionRun{}, err
	}
	return readSession(ctx, db, p, d.panel.latency)
}

// readSession reads the one session of db: its wall time, its calls and its critical path.
func readSession(ctx context.Context, db string, p proc, latency time.Duration) (sessionRun, error) {
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		return sessionRun{}, err
	}
	defer st.Close()
	ss, err := st.ListSessions(ctx, "", 0)
	if err != nil || len(ss) != 1 {
		return sessionRun{}, fmt.Errorf("want one session in %s, have %d (%v)", db, len(ss), err)
	}
	s := ss[0]
	if s.Status != engine.StatusCompleted {
		return sessionRun{}, fmt.Errorf("session %s is %s: %s", s.ID, s.Status, s.Error)
	}
	ledger, err := st.Ledger(ctx, s.ID)
	if err != nil {
		return sessionRun{}, err
	}
	steps, err := st.Steps(ctx, s.ID)
	if err != nil {
		return sessionRun{}, err
	}
	stored := map[string]bool{}
	for _, s := range steps {
		stored[s.Key] = true
	}
	critical, rounds := criticalPath(ledger, stored, latency)
	return sessionRun{proc: p, wall: s.UpdatedAt.Sub(s.CreatedAt), critical: critical, rounds: rounds, calls: len(ledger)}, nil
}

// sameRound pairs steps that run one after the other today although neither needs the
// other's answer: the high-assurance reason chain's second generator takes exactly the
// inputs of the first.
var sameRound = map[string]string{"position-b": "position"}

// roundOf is the round a call's step belongs to: a fan-out's calls are steps under the phase's
// own stored step (p3-coa/scout under p3-coa) and make one round; any other step is a round
// of its own. Keys such as claim-map/1 and claim-map/2 (successive passes) have no stored
// parent, so they stay apart.
func roundOf(step string, stored map[string]bool) string {
	if i := strings.LastIndex(step, "/"); i > 0 && stored[step[:i]] {
		return step[:i]
	}
	if r, ok := sameRound[step]; ok {
		return r
	}
	return step
}

// criticalPath is the least wall time any scheduler could reach with these calls: the sum,
// over the session's rounds, of its slowest step (a step's attempts run one after another).
// A call takes at least latency, the scripted provider's; the ledger keeps whole
// milliseconds, so a call's recorded time can read up to 1 ms short of what it took.
func criticalPath(ledger []engine.LedgerEntry, stored map[string]bool, latency time.Duration) (time.Duration, int) {
	step := map[string]time.Duration{}
	for _, e := range ledger {
		step[e.Step] += max(latency, time.Duration(e.LatencyMS)*time.Millisecond)
	}
	slowest := map[string]time.Duration{}
	for key, d := range step {
		r := roundOf(key, stored)
		slowest[r] = max(slowest[r], d)
	}
	var sum time.Duration
	for _, d := range slowest {
		sum += d
	}
	return sum, len(slowest)
}
