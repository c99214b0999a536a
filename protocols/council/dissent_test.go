package council

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/provider/script"
)

func rulingAnswer(text string) script.Response {
	return script.Response{Role: Arbiter, Match: `Ruling\.`, Text: text}
}

const (
	rulingHead = "SELECTED: Option 1\n\n## Decision\nMove to the queue.\n\n## Rationale\nRetries hurt.\n\n"
	rulingTail = "## Trip-wires\n- Reopen if queue spend doubles.\n"
)

// A ruling the arbiter cannot get right is retried once with the reason, then fails the
// session: no decision is stored or returned, and the ledger shows both attempts rejected.
func TestRulingWithoutAnHonestDissentRecordFailsTheSession(t *testing.T) {
	cases := map[string]string{
		"no dissent section":                rulingHead + rulingTail,
		"none while a seat voted otherwise": rulingHead + "## Dissent\n- none\n\n" + rulingTail,
		"a dissenter left out":              rulingHead + "## Dissent\n- Somebody preferred cron.\n\n" + rulingTail,
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			st := openStore(t, "")
			d, p, err := convene(t, st, team(map[string]int{skeptic: 2}, rulingAnswer(text)), options(), 7)
			require.Error(t, err)
			assert.Nil(t, d, "no decision from a ruling that broke its contract")
			var f *Failure
			require.True(t, errors.As(err, &f), "%v", err)
			assert.Equal(t, Arbiter, f.Role)
			assert.Equal(t, ledger.ClassContract, f.Class)
			assert.Equal(t, 2, f.Attempts)
			assert.Equal(t, 2, p.CallsFor(Arbiter), "retried exactly once")
			reqs := p.Requests()
			assert.Contains(t, reqs[len(reqs)-1].User, "previous answer was rejected", "the retry says why")

			ctx := context.Background()
			_, err = st.GetArtifact(ctx, "wr-council00000001", decisionArtifact)
			assert.ErrorIs(t, err, engine.ErrNotFound)
			_, err = st.GetStep(ctx, "wr-council00000001", "ruling")
			assert.ErrorIs(t, err, engine.ErrNotFound, "a failed ruling is not memoised: a resume asks again")
			entries, _ := st.Ledger(ctx, "wr-council00000001")
			var rejected int
			for _, e := range entries {
				if e.Role == Arbiter {
					assert.Equal(t, ledger.OutcomeContractFailed, e.Outcome)
					rejected++
				}
			}
			assert.Equal(t, 2, rejected)
			s, _ := st.GetSession(ctx, "wr-council00000001")
			assert.Equal(t, engine.StatusFailed, s.Status)
		})
	}
}

// A first ruling without a dissent section is sent back, and a corrected second one passes.
func TestRulingRetriedOnceThenAccepted(t *testing.T) {
	bad := script.Response{Role: Arbiter, Index: new(int), Match: `Ruling\.`, Text: rulingHead + rulingTail}
	d, p, err := convene(t, openStore(t, ""), team(map[string]int{skeptic: 2}, bad), options(), 7)
	require.NoError(t, err)
	assert.Equal(t, 2, p.CallsFor(Arbiter))
	require.Len(t, d.Dissent, 1)
	assert.Contains(t, d.Dissent[0], "(Skeptic · ")
}

// With every ballot on the selected option, "none" is an honest dissent record, and the
// record says plainly that one model would likely have done.
func TestUnanimousRunSaysSo(t *testing.T) {
	d, _, err := convene(t, openStore(t, ""), team(nil), options(), 7)
	require.NoError(t, err)
	assert.Empty(t, d.Dissent)
	assert.Equal(t, "unanimous, 4 of 4", d.Metrics["margin"])
	assert.Contains(t, d.Notes, "Every seat voted the same way and the dissent record is empty: on this "+
		"question one model would probably have answered as well, at a fraction of the cost.")
}

// An arbiter that overrules the ballot must name every member it overruled.
func TestOverruledBallotNamesEveryDissenter(t *testing.T) {
	over := rulingAnswer("SELECTED: Option 2\n\n## Decision\nKeep cron.\n\n## Rationale\nCheaper.\n\n## Dissent\n" +
		`{{match "Option 1 \\([^)]*\\): [0-9]+ vote\\(s\\) — ([^\\n]*)" .User}}` + ": wanted the queue.\n\n" + rulingTail)
	d, _, err := convene(t, openStore(t, ""), team(map[string]int{skeptic: 2}, over), options(), 3)
	require.NoError(t, err)
	assert.Equal(t, "arbiter overruled a 3-1 ballot", d.Metrics["margin"])
	assert.Equal(t, "3", d.Metrics["dissenters"])
	require.Len(t, d.Dissent, 1)
	assert.Equal(t, 3, countMembers(d.Dissent[0]))
}

func countMembers(s string) int {
	n := 0
	for _, m := range []string{"Member A (", "Member B (", "Member C (", "Member D ("} {
		if strings.Contains(s, m) {
			n++
		}
	}
	return n
}
