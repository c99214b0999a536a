package main

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
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
	s, entries, err := completed(ctx, db)
	if err != nil {
		return sessionRun{}, err
	}
	critical, rounds := criticalPath(entries, latency)
	return sessionRun{proc: p, wall: s.UpdatedAt.Sub(s.CreatedAt), critical: critical, rounds: rounds, calls: len(entries)}, nil
}

// completed is the one session of db, which must have completed, and its ledger.
func completed(ctx context.Context, db string) (engine.Session, []ledger.Entry, error) {
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		return engine.Session{}, nil, err
	}
	defer st.Close()
	ss, err := st.ListSessions(ctx, "", 0)
	if err != nil || len(ss) != 1 {
		return engine.Session{}, nil, fmt.Errorf("want one session in %s, have %d (%v)", db, len(ss), err)
	}
	s := ss[0]
	if s.Status != engine.StatusCompleted {
		return engine.Session{}, nil, fmt.Errorf("session %s is %s: %s", s.ID, s.Status, s.Error)
	}
	entries, err := st.Ledger(ctx, s.ID)
	return s, entries, err
}

// criticalPath is the least wall time any scheduler could reach with these calls run in the
// rounds they ran in: the sum, over the session's rounds, of its slowest step (a step's
// attempts run one after another). A round is the steps whose calls overlapped in time, as
// the protocol started them: a fan-out's seats, or two phases that read nothing of each other
// (war-room's intelligence beside phase 0). A call takes at least latency, the scripted
// provider's; the ledger keeps whole milliseconds, so a call's recorded time can read up to
// 1 ms short of what it took, and a step is taken to end no earlier than that: the next round
// starts after it, so no two rounds merge.
func criticalPath(entries []ledger.Entry, latency time.Duration) (time.Duration, int) {
	type span struct {
		start time.Time
		took  time.Duration
	}
	steps := map[string]*span{}
	var order []string
	for _, e := range entries {
		sp, ok := steps[e.Step]
		if !ok {
			sp = &span{start: e.StartedAt}
			steps[e.Step] = sp
			order = append(order, e.Step)
		}
		sp.took += max(latency, time.Duration(e.LatencyMS)*time.Millisecond)
	}
	slices.SortStableFunc(order, func(a, b string) int { return steps[a].start.Compare(steps[b].start) })
	var sum, slowest time.Duration
	var end time.Time
	rounds := 0
	for _, k := range order {
		sp := steps[k]
		if rounds == 0 || !sp.start.Before(end) {
			sum += slowest
			rounds, slowest, end = rounds+1, 0, sp.start
		}
		slowest = max(slowest, sp.took)
		if e := sp.start.Add(sp.took - time.Millisecond); e.After(end) {
			end = e
		}
	}
	return sum + slowest, rounds
}
