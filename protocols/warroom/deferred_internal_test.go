package warroom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDeferredCaptureRules(t *testing.T) {
	rec := gathered{
		COAs: []coa{{Label: "Response A", Title: "Chosen"}, {Label: "Response B", Title: "Runner-up"}, {Label: "Response C", Title: "Nobody's pick"}},
		Rounds: []voteRound{{Tally: tally{Standings: []standing{
			{Label: "Response A", Points: 4}, {Label: "Response B", Points: 2}, {Label: "Response C", Points: 0}}}}},
		Synthesis: synthesis{Selected: "Response A", Rejected: map[string]string{"Response B": "too slow"},
			Dissent: []string{"We should revisit caching once the queue is stable.", "The budget is wrong.",
				"Multi-region is worth exploring later.", "Consider this in phase 2 of the rollout."}},
	}
	got := deferredItems(rec, "wr-1")
	var titles []string
	for _, d := range got {
		titles = append(titles, d.Title)
		assert.Equal(t, "wr-1", d.SessionID)
	}
	assert.Equal(t, []string{"COA: Runner-up", "We should revisit caching once the queue is stable",
		"Multi-region is worth exploring later", "Consider this in phase 2 of the rollout"}, titles)
	assert.Equal(t, "too slow (Response B, 2 Borda point(s).)", got[0].Rationale)
}
