package warroom

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/crashtest"
	"github.com/war-room/war-room/internal/provider/script"
)

const crashID = "wr-crash0000000001"

var crash = crashtest.Harness{HelperTest: "TestWarRoomHelperProcess", SessionID: crashID,
	Decision: decisionArtifact, Open: openStore, Comparable: comparable}

// crashOptions is a Delphi council with two rounds, so the run crosses every kind of phase
// boundary, revisions included.
func crashOptions() Options {
	o := options(ModeAuto)
	o.DelphiMaxRounds = 2
	return o
}

// TestWarRoomHelperProcess runs one war-room session as a real OS process for the crash test.
func TestWarRoomHelperProcess(t *testing.T) {
	st, resume, ok := crash.Child(t)
	if !ok {
		t.Skip("helper process only")
	}
	ctx := context.Background()
	rc := engine.RunConfig{Store: st, Profiles: profiles(script.New(council(scoresDelphi, "", 0))), Sleep: noWait}
	var r *engine.Run
	var err error
	if resume {
		r, err = engine.Resume(ctx, rc, crashID)
	} else {
		r, err = engine.Start(ctx, rc, session(t, crashOptions(), crashID))
	}
	require.NoError(t, err)
	_, err = execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
}

// comparable drops what legitimately differs between two runs of the same session: wall
// times, and usage (a call in flight when the process died is paid for twice).
func comparable(d decision.Decision) decision.Decision {
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

// Kill the process right after each phase boundary (and in the middle of a parallel phase),
// resume it in a new process, and get exactly the uninterrupted run's Merkle root and
// decision without repeating any call whose step had been stored.
func TestCrashAtEachPhaseBoundaryThenResume(t *testing.T) {
	crash.Boundaries(t, []string{"p0-reversibility", "p1-intel", "p2-assessment", "p3-coa", "p3-escalation",
		"p4-challenge", "p5-vote/round-1", "p5-vote/round-1/scout", "p5-revise/round-2", "p5-vote/round-2",
		"p6-premortem", "p7-synthesis"})
}
