package council

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/provider/script"
)

func fail(role, match, class string) script.Response {
	return script.Response{Role: role, Match: match, Error: class}
}

// A seat whose blind position fails is a gap: it takes no further part, the deliberation goes
// on with the others, and the gap is named to the arbiter (by label only), in the notes and
// in the panel.
func TestSeatFailingItsPositionIsANamedGap(t *testing.T) {
	d, p, err := convene(t, openStore(t, ""), team(nil, fail(skeptic, `Blind round`, "transport")), options(), 7)
	require.NoError(t, err)
	assert.Equal(t, engine.DefaultMaxAttempts, p.CallsFor(skeptic), "every attempt at the position, then nothing more")
	assert.Equal(t, "1", d.Metrics["seat_failures"])
	assert.Equal(t, "3", d.Metrics["ballots"])

	var skeptic decision.PanelMember
	for _, m := range d.Panel {
		if m.Role == "Skeptic" {
			skeptic = m
		}
	}
	assert.Equal(t, "transport in Blind positions", skeptic.Failed)
	assert.Contains(t, strings.Join(d.Notes, "\n"), skeptic.Label+" (Skeptic · ")
	assert.Contains(t, strings.Join(d.Notes, "\n"), "produced nothing in Blind positions (transport)")

	reqs := p.Requests()
	arbiter := reqs[len(reqs)-1]
	require.Equal(t, Arbiter, arbiter.Role)
	assert.Contains(t, arbiter.User, skeptic.Label+" gave no answer in Blind positions (the call failed: transport).")
	for _, r := range reqs {
		if r.Role == Clerk {
			assert.NotContains(t, r.User, "position "+skeptic.Label, "the docket is filed from the positions that exist")
		}
	}
}

// A seat whose closing ballot fails is counted as no ballot, and said so.
func TestSeatFailingItsBallotIsCountedAsNoBallot(t *testing.T) {
	d, p, err := convene(t, openStore(t, ""), team(nil, fail(operations, `Closing ballot`, "refused")), options(), 7)
	require.NoError(t, err)
	assert.Equal(t, "3", d.Metrics["ballots"])
	assert.Equal(t, "unanimous, 3 of 3", d.Metrics["margin"])
	reqs := p.Requests()
	assert.Regexp(t, `Member [A-D] gave no answer in Closing ballot \(the call failed: refused\)`, reqs[len(reqs)-1].User)
	closing := d.Phases[3]
	assert.Equal(t, "closing", closing.Key)
	assert.Contains(t, closing.Markdown(), "(Operations Lead · ")
	assert.Contains(t, closing.Markdown(), "no ballot (refused)")
}

// When fewer than two seats file a position the deliberation stops: low quorum is a failure,
// never a decision, and nothing after the blind round is called.
func TestLowQuorumFailsTheSession(t *testing.T) {
	sc := team(nil, fail(architect, `Blind round`, "transport"), fail(skeptic, `Blind round`, "refused"),
		fail(steward, `Blind round`, "transport"))
	st := openStore(t, "")
	d, p, err := convene(t, st, sc, options(), 7)
	assert.Nil(t, d)
	var lq *LowQuorum
	require.True(t, errors.As(err, &lq), "%v", err)
	assert.Equal(t, 1, lq.Answered)
	assert.Equal(t, 0, p.CallsFor(Clerk))
	assert.Equal(t, 0, p.CallsFor(Arbiter))
	s, _ := st.GetSession(context.Background(), "wr-council00000001")
	assert.Equal(t, engine.StatusFailed, s.Status)
	_, err = st.GetStep(context.Background(), "wr-council00000001", "blind")
	assert.ErrorIs(t, err, engine.ErrNotFound, "the low-quorum phase is not memoised")
	_, err = st.GetStep(context.Background(), "wr-council00000001", "blind/"+operations)
	assert.NoError(t, err, "the seat that answered is, so a resume does not ask it again")
}
