package engine_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/verify"
)

// halting is pair, ended after the lead's call as a job that runs out of time is.
type halting struct{ pair }

func (h halting) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	_, err := engine.Step(ctx, r, "lead", func(ctx context.Context) (string, error) {
		res, err := r.Call(ctx, engine.CallSpec{Role: "lead", Profile: h.lead, Task: "answer"})
		return res.Text, err
	})
	if err != nil {
		return engine.Result{}, err
	}
	return engine.Result{}, errors.New("the job ended")
}

// A session that failed on one store continues on a fresh one from what it carried: the
// answered call is not asked again, the failed one is, and the new store's ledger and the
// decision's notes account for every call the session made.
func TestACarriedSessionContinuesOnAFreshStore(t *testing.T) {
	ctx := context.Background()
	ps, p := threeProfiles(nil, false)
	first := openStore(t, "")
	r := startRun(t, first, ps, nil)
	_, err := r.Execute(ctx, halting{pair{"a", "c"}})
	require.ErrorContains(t, r.Finish(ctx, err), "the job ended", "the session fails and is stored so")
	sess := *r.Session()
	c, err := engine.Carry(ctx, first, sess.ID)
	require.NoError(t, err)
	require.Equal(t, 1, c.Calls(), "the lead answered")
	firstCalls := p.Calls()

	fresh := openStore(t, "")
	ps, p = threeProfiles(nil, false)
	sess.Status = ""
	run, err := engine.StartCarried(ctx, engine.RunConfig{Store: fresh, Profiles: ps, Sleep: noWait}, &sess, c, "a test's hands")
	require.NoError(t, err)
	d, err := run.Execute(ctx, pair{"a", "c"})
	require.NoError(t, run.Finish(ctx, err))
	assert.Equal(t, 1, p.Calls(), "only the check is asked; the lead's answer was carried")
	assert.Equal(t, "answer from lead; answer from check", d.Outcome)
	entries, err := fresh.Ledger(ctx, sess.ID)
	require.NoError(t, err)
	assert.Len(t, entries, firstCalls+1, "the first job's calls and the new one")
	assert.Contains(t, d.Notes, "1 call record(s) (1 answered) were made by an earlier job of this session and carried to this one in a test's hands; whoever can edit that can edit what was carried.")
	report, err := verify.Session(ctx, fresh, sess.ID)
	require.NoError(t, err)
	assert.True(t, report.OK(), "%+v", report)

	// A call of another session is refused before anything is written.
	other := *r.Session()
	other.ID, other.Status = "wr-other000000000001", ""
	_, err = engine.StartCarried(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: ps}, &other, c, "x")
	assert.ErrorContains(t, err, "holds a call of session")
}
