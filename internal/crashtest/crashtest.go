// Package crashtest is test support for protocols: it kills a real process running a session
// right after a chosen step is stored, resumes the session in a new process, and checks that
// the resumed run ends exactly like an uninterrupted one without repeating a stored call.
//
// A protocol's test package declares one Harness, a helper test that calls Harness.Child, and
// a test that calls Harness.Boundaries with the step keys to kill after.
package crashtest

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
)

// Environment of the child process.
const (
	envDB         = "WR_CRASHTEST_DB"
	envCrashAfter = "WR_CRASHTEST_CRASH_AFTER"
	envResume     = "WR_CRASHTEST_RESUME"
)

// Harness describes the protocol under test.
type Harness struct {
	// HelperTest names the test function that runs Child (e.g. "TestCouncilHelperProcess").
	HelperTest string
	SessionID  string
	// Decision is the artifact the protocol stores its Decision under.
	Decision string
	// Open opens a store on a state file.
	Open func(t testing.TB, path string) engine.Store
	// Comparable drops what legitimately differs between two runs of one session (times,
	// usage: a call in flight at the kill is paid for twice).
	Comparable func(decision.Decision) decision.Decision
}

// Child is the helper process's side: it reports the state file, the step to die after ("" for
// none) and whether to resume, and ok=false when the test runs as an ordinary test.
func (h Harness) Child(t testing.TB) (store engine.Store, resume, ok bool) {
	db := os.Getenv(envDB)
	if db == "" {
		return nil, false, false
	}
	st := h.Open(t, db)
	return KillAfter{Store: st, Key: os.Getenv(envCrashAfter)}, os.Getenv(envResume) != "", true
}

// KillAfter is a Store that SIGKILLs its own process right after storing step Key.
type KillAfter struct {
	engine.Store
	Key string
}

// PutStep stores the step, then dies if it is the one named.
func (k KillAfter) PutStep(ctx context.Context, id, key string, v []byte) error {
	err := k.Store.PutStep(ctx, id, key, v)
	k.killAt(key, err)
	return err
}

// PutStepWithLedger stores the step with its calls' ledger rows (in one transaction when the
// store can), then dies if it is the one named: with one transaction there is no moment
// between a call's row and its step left to kill in.
func (k KillAfter) PutStepWithLedger(ctx context.Context, id, key string, v []byte, entries []*ledger.Entry) error {
	err := engine.PutStepWithLedger(ctx, k.Store, id, key, v, entries)
	k.killAt(key, err)
	return err
}

func (k KillAfter) killAt(key string, err error) {
	if err == nil && k.Key != "" && key == k.Key {
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
}

// run starts the helper process on db.
func (h Harness) run(t *testing.T, db, crashAfter string, resume bool) error {
	cmd := exec.Command(os.Args[0], "-test.run=^"+h.HelperTest+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), envDB+"="+db, envCrashAfter+"="+crashAfter)
	if resume {
		cmd.Env = append(cmd.Env, envResume+"=1")
	}
	out, err := cmd.CombinedOutput()
	if err != nil && crashAfter == "" {
		t.Logf("helper output:\n%s", out)
	}
	return err
}

func (h Harness) decision(t *testing.T, st engine.Store) decision.Decision {
	b, err := st.GetArtifact(context.Background(), h.SessionID, h.Decision)
	require.NoError(t, err)
	var d decision.Decision
	require.NoError(t, json.Unmarshal(b, &d))
	return d
}

// Boundaries kills the session right after each step in keys (in parallel subtests), resumes
// it in a new process and checks: the kill was a real SIGKILL after the step was stored; the
// resumed run has the uninterrupted run's contributions root and decision, and a record that
// verifies; no call
// whose step was stored is made again; and exactly the reference run's calls for the missing
// steps are made.
func (h Harness) Boundaries(t *testing.T, keys []string) {
	refDB := filepath.Join(t.TempDir(), "ref.db")
	require.NoError(t, h.run(t, refDB, "", false))
	ref := h.Open(t, refDB)
	want := h.decision(t, ref)
	refLedger, err := ref.Ledger(context.Background(), h.SessionID)
	require.NoError(t, err)

	for _, key := range keys {
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			t.Parallel()
			h.boundary(t, key, want, refLedger, refDB)
		})
	}
}

func (h Harness) dagRoot(t *testing.T, st engine.Store) string {
	t.Helper()
	dag, err := engine.LoadDAG(context.Background(), st, h.SessionID)
	require.NoError(t, err)
	require.True(t, record.VerifyDAG(dag).OK())
	return dag.Root
}

func (h Harness) boundary(t *testing.T, key string, want decision.Decision, refLedger []ledger.Entry, refDB string) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "state.db")
	err := h.run(t, db, key, false)
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "the first process must die: %v", err)
	require.Equal(t, syscall.SIGKILL, exit.Sys().(syscall.WaitStatus).Signal())

	st := h.Open(t, db)
	_, err = st.GetStep(ctx, h.SessionID, key)
	require.NoError(t, err, "the step was stored before the kill")
	stored := map[string]bool{}
	missingCalls := 0
	for _, e := range refLedger {
		if _, err := st.GetStep(ctx, h.SessionID, e.Step); err == nil {
			stored[e.Step] = true
		} else {
			missingCalls++
		}
	}
	before, err := st.Ledger(ctx, h.SessionID)
	require.NoError(t, err)

	require.NoError(t, h.run(t, db, "", true), "resume")
	got := h.decision(t, st)
	// The contributions' root is the uninterrupted run's; the sealed record's root is not (it
	// also commits to the steps, which carry when they ran), but it must verify.
	assert.Equal(t, h.dagRoot(t, h.Open(t, refDB)), h.dagRoot(t, st))
	rep, err := verify.Session(ctx, st, h.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK() && rep.Sealed, "the resumed session's record verifies: %+v", rep.Problems)
	want.MerkleRoot, got.MerkleRoot = "", ""
	assert.Equal(t, h.Comparable(withoutActual(want)), h.Comparable(withoutActual(got)))

	after, err := st.Ledger(ctx, h.SessionID)
	require.NoError(t, err)
	for _, e := range after[len(before):] {
		assert.False(t, stored[e.Step], "call for step %s was repeated after resume", e.Step)
	}
	assert.Equal(t, missingCalls, len(after)-len(before), "the resume makes exactly the reference calls whose steps were missing")
}

// withoutActual drops the actual column of the record's estimate section: a call killed
// before its step was stored is made again, so the resumed session spends more than the
// uninterrupted one (the estimate column must match). It copies what it changes, since
// parallel subtests share the reference decision.
func withoutActual(d decision.Decision) decision.Decision {
	d.Sections = slices.Clone(d.Sections)
	for i, s := range d.Sections {
		if s.Key != engine.SectionEstimate || s.Table == nil {
			continue
		}
		t := decision.Table{Columns: s.Table.Columns[:2]}
		for _, r := range s.Table.Rows {
			t.Rows = append(t.Rows, r[:2])
		}
		d.Sections[i].Table = &t
	}
	return d
}
