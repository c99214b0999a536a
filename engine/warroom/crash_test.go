package warroom_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider/script"
	"github.com/war-room/war-room/engine/warroom"
)

// The helper process runs one war-room session against a state file as a real OS process,
// so that SIGKILL is real: with WR_WARROOM_CRASH_AFTER set it kills itself the moment that
// step's result is durably stored.
const (
	envHelper     = "WR_WARROOM_HELPER"
	envDB         = "WR_WARROOM_DB"
	envCrashAfter = "WR_WARROOM_CRASH_AFTER"
	envResume     = "WR_WARROOM_RESUME"
	crashID       = "wr-crash0000000001"
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

// crashOptions is a Delphi council with two rounds, so the run crosses every kind of phase
// boundary, revisions included.
func crashOptions() warroom.Options {
	o := options(warroom.ModeAuto)
	o.DelphiMaxRounds = 2
	return o
}

func TestWarRoomHelperProcess(t *testing.T) {
	if os.Getenv(envHelper) == "" {
		t.Skip("helper process only")
	}
	ctx := context.Background()
	st := openStore(t, os.Getenv(envDB))
	rc := engine.RunConfig{Store: killAfter{st, os.Getenv(envCrashAfter)},
		Profiles: profiles(script.New(council(scoresDelphi, "", 0)))}
	var r *engine.Run
	var err error
	if os.Getenv(envResume) != "" {
		r, err = engine.Resume(ctx, rc, crashID)
	} else {
		r, err = engine.Start(ctx, rc, session(t, crashOptions(), crashID))
	}
	require.NoError(t, err)
	_, err = warroom.Execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
}

func helper(t *testing.T, db, crashAfter string, resume bool) error {
	cmd := exec.Command(os.Args[0], "-test.run=^TestWarRoomHelperProcess$", "-test.count=1")
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

// comparable drops what legitimately differs between two runs of the same session: wall
// times, and usage (a call in flight when the process died is paid for twice).
func comparable(d engine.Decision) engine.Decision {
	d.CreatedAt, d.Usage = time.Time{}, nil
	m := map[string]string{}
	for k, v := range d.Metrics {
		if !strings.HasPrefix(k, "duration.") {
			m[k] = v
		}
	}
	d.Metrics = m
	return d
}

func storedDecision(t *testing.T, st engine.Store) engine.Decision {
	b, err := st.GetArtifact(context.Background(), crashID, warroom.DecisionArtifact)
	require.NoError(t, err)
	var d engine.Decision
	require.NoError(t, json.Unmarshal(b, &d))
	return d
}

// Kill the process right after each phase boundary (and in the middle of a parallel phase),
// resume it in a new process, and get exactly the uninterrupted run's Merkle root and
// decision without repeating any call whose step had been stored.
func TestCrashAtEachPhaseBoundaryThenResume(t *testing.T) {
	refDB := filepath.Join(t.TempDir(), "ref.db")
	require.NoError(t, helper(t, refDB, "", false))
	ref := openStore(t, refDB)
	want := storedDecision(t, ref)
	refLedger, err := ref.Ledger(context.Background(), crashID)
	require.NoError(t, err)
	var steps []string
	for _, e := range refLedger {
		steps = append(steps, e.Step)
	}

	boundaries := []string{"p0-reversibility", "p1-intel", "p2-assessment", "p3-coa", "p3-escalation",
		"p4-challenge", "p5-vote/round-1", "p5-vote/round-1/scout", "p5-revise/round-2", "p5-vote/round-2",
		"p6-premortem", "p7-synthesis"}
	for _, key := range boundaries {
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "state.db")
			err := helper(t, db, key, false)
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "the first process must die: %v", err)
			require.Equal(t, syscall.SIGKILL, exit.Sys().(syscall.WaitStatus).Signal())

			st := openStore(t, db)
			ctx := context.Background()
			_, err = st.GetStep(ctx, crashID, key)
			require.NoError(t, err, "the step was stored before the kill")
			storedAtCrash := map[string]bool{}
			for _, s := range append(steps, key) {
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
			assert.Less(t, len(after)-len(before), len(refLedger), fmt.Sprintf("the resume made only the missing calls (%d)", len(after)-len(before)))
		})
	}
}
