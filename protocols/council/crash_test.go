package council

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/crashtest"
	"github.com/war-room/war-room/internal/provider/script"
)

const crashID = "wr-councilcrash001"

var crash = crashtest.Harness{HelperTest: "TestCouncilHelperProcess", SessionID: crashID,
	Decision: decisionArtifact, Open: openStore, Comparable: comparable}

// crashOptions runs two cross-examination rounds, so the run crosses every kind of boundary.
func crashOptions() Options {
	o := options()
	o.Rounds = 2
	return o
}

// TestCouncilHelperProcess runs one council session as a real OS process for the crash test.
func TestCouncilHelperProcess(t *testing.T) {
	st, resume, ok := crash.Child(t)
	if !ok {
		t.Skip("helper process only")
	}
	ctx := context.Background()
	rc := engine.RunConfig{Store: st, Profiles: profiles(script.New(team(map[string]int{skeptic: 2}))), Sleep: noWait}
	var r *engine.Run
	var err error
	if resume {
		r, err = engine.Resume(ctx, rc, crashID)
	} else {
		r, err = engine.Start(ctx, rc, session(t, crashOptions(), crashID, 5))
	}
	require.NoError(t, err)
	_, err = execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
}

// comparable drops what legitimately differs between two runs of one session: the time of the
// ruling, usage and call counts (a call in flight when the process died is paid for twice),
// and so what was spent against the estimate and the footer that counts the calls.
func comparable(d decision.Decision) decision.Decision {
	d.CreatedAt, d.Usage = time.Time{}, nil
	d.Metrics = maps.Clone(d.Metrics) // parallel subtests share the reference decision
	delete(d.Metrics, "calls")
	d.Notes = slices.DeleteFunc(slices.Clone(d.Notes), func(n string) bool { return n == d.Metrics["footer"] })
	delete(d.Metrics, "footer")
	return d
}

// Kill the process right after each phase boundary (and in the middle of parallel phases),
// resume it in a new process, and get the uninterrupted run's Merkle root and decision without
// repeating any call whose step had been stored.
func TestCrashAtEachBoundaryThenResume(t *testing.T) {
	crash.Boundaries(t, []string{"plan", "blind/" + skeptic, "blind", "docket", "cross-1",
		"cross-2/" + steward, "cross-2", "closing/" + architect, "closing", "ruling"})
}
