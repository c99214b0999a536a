package council

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/provider/script"
)

// The standing team's ruling gets the vote beside it too: the estimate counts the ballots
// before the first call, each ballot sees the docket's options and nothing the seats argued,
// and the card's vote is read from what the ballots chose.
func TestBaselineBesideTheRuling(t *testing.T) {
	st := openStore(t, "")
	ctx := context.Background()
	ballot := script.Response{Role: engine.BaselineRole,
		Text: "Choice: Option {{match `Option ([0-9]+): Keep cron` .User}}\nNothing new to run."}
	estimated := func(id string) estimate.Estimate {
		t.Helper()
		var est estimate.Estimate
		b, err := st.GetStep(ctx, id, "estimate")
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &est))
		return est
	}
	_, _, err := convene(t, st, team(nil), options(), 7) // wr-council00000001, no vote
	require.NoError(t, err)

	opts := options()
	opts.Baseline = engine.Baseline{Calls: 4}
	p := script.New(team(nil, ballot))
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: profiles(p), Sleep: noWait}, session(t, opts, "wr-council00000002", 7))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))

	assert.Equal(t, estimated("wr-council00000001").Calls+4, estimated("wr-council00000002").Calls)
	require.NotNil(t, d.Baseline)
	assert.Equal(t, 4, p.CallsFor(engine.BaselineRole))
	var keep string
	for _, a := range d.Alternatives {
		if strings.Contains(a.Title, "Keep cron") {
			keep = a.Label
		}
	}
	require.NotEmpty(t, keep)
	assert.Equal(t, []string{keep}, d.Baseline.Leaders)
	assert.Equal(t, 4, d.Baseline.Votes)
	assert.False(t, d.Baseline.Agreed(), "the ruling selected the queue")
	for _, req := range p.Requests() {
		if req.Role == engine.BaselineRole {
			assert.NotContains(t, req.User, "retries pile up at night", "a ballot saw a seat's position")
			assert.NotContains(t, req.User, "the load figure is a guess", "a ballot saw the cross-examination")
			assert.Contains(t, req.User, "Adopt a queue")
		}
	}
	rep, err := verify.Session(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%+v", rep.Problems)
}
