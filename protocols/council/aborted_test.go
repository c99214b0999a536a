package council

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/internal/provider/script"
)

// A budget ceiling every prompt passes refuses triage's call (triage then classifies nothing
// and the team convenes) and every seat's: the session fails with low
// quorum, and the failure names the profile the team was convened from and, for every missing
// answer, its role, its provider profile and its class — on the error, in the session's
// status and in an artifact of the record.
func TestLowQuorumNamesEveryMissingAnswer(t *testing.T) {
	p := script.New(triaged(shapeTeam))
	ps := profiles(p)
	opts := convened(t, p, Flags{Go: true})
	st, ctx := openStore(t, ""), context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Budget: limits.Budget{MaxTokens: 10}},
		session(t, opts, "wr-budget000000001", 7))
	require.NoError(t, err)
	_, err = execute(ctx, r)
	err = r.Finish(ctx, err)

	var ab *Aborted
	require.True(t, errors.As(err, &ab), "%v", err)
	var lq *LowQuorum
	assert.True(t, errors.As(err, &lq), "the low quorum is still there to be found")
	assert.Equal(t, "budget", ab.FailureClass())
	assert.Equal(t, "Blind positions", ab.Phase)
	require.Len(t, ab.Missing, 4)
	for _, want := range []string{"the standing team (profile coding-ratification) stopped in Blind positions: 0 seat(s) answered, at least 2 needed",
		"the Skeptic (Member ", "on profile ", ": budget — ", "budget.max_tokens"} {
		assert.Contains(t, err.Error(), want)
	}
	s, _ := st.GetSession(ctx, "wr-budget000000001")
	assert.Equal(t, engine.StatusFailed, s.Status)
	assert.Contains(t, s.Error, "the Skeptic (Member ", "the session's status keeps the failure by class, role and profile")
	b, err := st.GetArtifact(ctx, "wr-budget000000001", failureArtifact)
	require.NoError(t, err)
	var kept Aborted
	require.NoError(t, json.Unmarshal(b, &kept))
	assert.Equal(t, "coding-ratification", kept.Profile)
	for _, m := range kept.Missing {
		assert.Equal(t, "budget", m.Class)
		assert.NotEmpty(t, m.Profile)
		assert.NotEmpty(t, m.Title)
	}
	entries, _ := st.Ledger(ctx, "wr-budget000000001")
	refused := map[string]int{}
	for _, e := range entries {
		if e.Outcome == ledger.OutcomeBudgetRefused {
			refused[e.Role]++
		}
	}
	assert.Equal(t, 1, refused[Triage], "triage's one call, refused unsent")
	delete(refused, Triage)
	assert.Len(t, refused, 4, "the ledger says budget-refused for every seat, and so does the failure")
}
