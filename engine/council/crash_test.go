package council_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/council"
	"github.com/war-room/war-room/engine/provider/script"
)

// The helper process runs one council session against a state file as a real OS process, so
// that SIGKILL is real: with WR_COUNCIL_CRASH_AFTER set it kills itself the moment that step's
// result is durably stored.
const (
	envHelper     = "WR_COUNCIL_HELPER"
	envDB         = "WR_COUNCIL_DB"
	envCrashAfter = "WR_COUNCIL_CRASH_AFTER"
	envResume     = "WR_COUNCIL_RESUME"
	crashID       = "wr-councilcrash001"
)

// killAfter is a Store that SIGKILLs its own process right after storing one step.
type killAfter struct {
	engine.Store
	key string
}

func (k killAfter) PutStep(ctx context.Context, id, key string, v []byte) error {
	err := k.Store.PutStep(ctx, id, key, v)
	if err == nil && key == k.key {
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	return err
}

// crashOptions runs two cross-examination rounds, so the run crosses every kind of boundary.
func crashOptions() council.Options {
	o := options()
	o.Rounds = 2
	return o
}

func TestCouncilHelperProcess(t *testing.T) {
	if os.Getenv(envHelper) == "" {
		t.Skip("helper process only")
	}
	ctx := context.Background()
	st := openStore(t, os.Getenv(envDB))
	rc := engine.RunConfig{Store: killAfter{st, os.Getenv(envCrashAfter)},
		Profiles: profiles(script.New(team(map[string]int{council.Skeptic: 2})))}
	var r *engine.Run
	var err error
	if os.Getenv(envResume) != "" {
		r, err = engine.Resume(ctx, rc, crashID)
	} else {
		r, err = engine.Start(ctx, rc, session(t, crashOptions(), crashID, 5))
	}
	require.NoError(t, err)
	_, err = council.Execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
}

func helper(t *testing.T, db, crashAfter string, resume bool) error {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCouncilHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), envHelper+"=1", envDB+"="+db, envCrashAfter+"="+crashAfter)
	if resume {
		cmd.Env = append(cmd.Env, envResume+"=1")
	}
	out, err := cmd.CombinedOutput()
	if err != nil && crashAfter == "" {
		t.Logf("helper output:\n%s", out)
	}
	return err
}

// comparable drops what legitimately differs between two runs of one session: the time of the
// ruling, usage and call counts (a call in flight when the process died is paid for twice).
func comparable(d engine.Decision) engine.Decision {
	d.CreatedAt, d.Usage = time.Time{}, nil
	d.Metrics = maps.Clone(d.Metrics) // parallel subtests share the reference decision
	delete(d.Metrics, "calls")
	return d
}

func storedDecision(t *testing.T, st engine.Store) engine.Decision {
	b, err := st.GetArtifact(context.Background(), crashID, council.DecisionArtifact)
	require.NoError(t, err)
	var d engine.Decision
	require.NoError(t, json.Unmarshal(b, &d))
	return d
}

// Kill the process right after each phase boundary (and in the middle of parallel phases),
// resume it in a new process, and get the uninterrupted run's Merkle root and decision without
// repeating any call whose step had been stored.
func TestCrashAtEachBoundaryThenResume(t *testing.T) {
	refDB := t.TempDir() + "/ref.db"
	require.NoError(t, helper(t, refDB, "", false))
	ref := openStore(t, refDB)
	want := storedDecision(t, ref)
	refLedger, err := ref.Ledger(context.Background(), crashID)
	require.NoError(t, err)
	var steps []string
	for _, e := range refLedger {
		steps = append(steps, e.Step)
	}

	for _, key := range []string{"plan", "blind/" + council.Skeptic, "blind", "docket", "cross-1", "cross-2/" + council.Steward,
		"cross-2", "closing/" + council.Architect, "closing", "ruling"} {
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			t.Parallel()
			db := t.TempDir() + "/state.db"
			err := helper(t, db, key, false)
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "the first process must die: %v", err)
			require.Equal(t, syscall.SIGKILL, exit.Sys().(syscall.WaitStatus).Signal())

			st := openStore(t, db)
			ctx := context.Background()
			_, err = st.GetStep(ctx, crashID, key)
			require.NoError(t, err, "the step was stored before the kill")
			storedAtCrash := map[string]bool{}
			for _, s := range steps {
				if _, err := st.GetStep(ctx, crashID, s); err == nil {
					storedAtCrash[s] = true
				}
			}
			before, err := st.Ledger(ctx, crashID)
			require.NoError(t, err)

			require.NoError(t, helper(t, db, "", true), "resume")
			got := storedDecision(t, st)
			assert.Equal(t, want.MerkleRoot, got.MerkleRoot)
			assert.Equal(t, comparable(want), comparable(got))
			dag, err := engine.LoadDAG(ctx, st, crashID)
			require.NoError(t, err)
			assert.True(t, engine.VerifyDAG(dag).OK())

			after, err := st.Ledger(ctx, crashID)
			require.NoError(t, err)
			for _, e := range after[len(before):] {
				assert.False(t, storedAtCrash[e.Step], "call for step %s was repeated after resume", e.Step)
			}
			assert.Equal(t, len(refLedger), len(after)-len(before)+len(storedAtCrash),
				"the resume made exactly the calls whose steps were missing")
		})
	}
}
