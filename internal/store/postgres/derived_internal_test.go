package postgres

import (
	"slices"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/pgtest"
)

// A derived write's transaction commits with synchronous_commit off; a step holding an
// answered call's ledger row never does, derived or not; and nothing else is affected (the
// setting is the transaction's own).
func TestDerivedWritesCommitAsynchronously(t *testing.T) {
	st, err := Open(t.Context(), pgtest.URL(t), WithSchema(pgtest.SchemaName(t)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var mu sync.Mutex
	var seen []string
	st.committing = func(s string) { mu.Lock(); seen = append(seen, s); mu.Unlock() }
	taken := func() []string { mu.Lock(); defer mu.Unlock(); out := seen; seen = nil; return out }
	if err := st.CreateSession(t.Context(), &engine.Session{ID: "wr-derived", Protocol: "test", Status: engine.StatusRunning}); err != nil {
		t.Fatal(err)
	}
	ctx, derived := t.Context(), engine.Derived(t.Context())
	row := []*ledger.Entry{{SessionID: "wr-derived", Step: "call", Outcome: ledger.OutcomeOK}}
	for _, c := range []struct {
		name  string
		write func() error
		want  []string
	}{
		{"derived step", func() error { return st.PutStepWithLedger(derived, "wr-derived", "agg", []byte("a"), nil) }, []string{"off"}},
		{"derived step with a call", func() error { return st.PutStepWithLedger(derived, "wr-derived", "call", []byte("c"), row) }, nil},
		{"plain step", func() error { return st.PutStepWithLedger(ctx, "wr-derived", "plain", []byte("p"), nil) }, nil},
		{"derived artifact", func() error { return st.PutArtifact(derived, "wr-derived", "record.json", []byte("{}")) }, []string{"off"}},
		{"plain artifact", func() error { return st.PutArtifact(ctx, "wr-derived", "inputs.json", []byte("{}")) }, nil},
		{"derived record", func() error { return st.PutRecord(derived, "deferred", "wr-derived", []byte("[]")) }, []string{"off"}},
		{"derived summary", func() error {
			return st.PutSummary(derived, &decision.DecisionSummary{SessionID: "wr-derived", Class: "c", Title: "t", Text: "x"})
		}, []string{"off"}},
	} {
		if err := c.write(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := taken(); !slices.Equal(got, c.want) {
			t.Errorf("%s: derived transactions saw synchronous_commit %v, want %v", c.name, got, c.want)
		}
		var setting string
		if err := st.pool.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&setting); err != nil || setting == "off" {
			t.Errorf("after %s a connection of the pool has synchronous_commit %q (%v)", c.name, setting, err)
		}
	}
	if b, err := st.GetArtifact(ctx, "wr-derived", "record.json"); err != nil || string(b) != "{}" {
		t.Errorf("derived artifact reads %q, %v", b, err)
	}
}
