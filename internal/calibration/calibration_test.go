package calibration_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
	"github.com/war-room/war-room/internal/calibration"
)

// fixture is 20 decisions: 12 held, 6 reversed, 2 partly. The Skeptic (family beta) always
// voted against the decision; the Advocate (alpha) always for it; the Analyst (gamma) for it
// in the even-numbered decisions only. The Advocate stated 80 % each time.
func fixture() []calibration.Decided {
	verdicts := make([]string, 0, 20)
	for range 12 {
		verdicts = append(verdicts, outcome.Held)
	}
	for range 6 {
		verdicts = append(verdicts, outcome.Reversed)
	}
	verdicts = append(verdicts, outcome.Partly, outcome.Partly)
	out := make([]calibration.Decided, len(verdicts))
	for i, v := range verdicts {
		d := &decision.Decision{Positions: []decision.Position{
			{Seat: "Advocate", Family: "alpha", Option: "Option 1", Chosen: true, Confidence: 0.8},
			{Seat: "Skeptic", Family: "beta", Option: "Option 2"},
			{Seat: "Analyst", Family: "gamma", Option: map[bool]string{true: "Option 1", false: "Option 2"}[i%2 == 0], Chosen: i%2 == 0},
		}}
		out[i] = calibration.Decided{Ref: fmt.Sprintf("#%d", i+1), Decision: d, Outcome: outcome.Addendum{Verdict: v}}
	}
	return out
}

func row(t *testing.T, rows []calibration.Row, name string) calibration.Row {
	t.Helper()
	for _, r := range rows {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no row %q in %+v", name, rows)
	return calibration.Row{}
}

func TestCalibrationPerFamilyAndSeatFromTwentyDecisions(t *testing.T) {
	r := calibration.Compute(fixture())
	require.True(t, r.Enough)
	assert.Equal(t, 20, r.Outcomes)
	assert.Equal(t, map[string]int{"held": 12, "reversed": 6, "partly": 2}, r.Verdicts)

	alpha := row(t, r.Families, "alpha")
	assert.Equal(t, 20, alpha.Positions)
	assert.InDelta(t, 12+0+1, alpha.Matched, 1e-9, "for the decision: the held ones match, the partly ones half")
	assert.InDelta(t, 0.65, alpha.Rate, 1e-9)
	require.NotNil(t, alpha.Brier)
	assert.Equal(t, 20, alpha.Forecasts)
	// 12 × (0.8−1)² + 6 × (0.8−0)² + 2 × (0.8−0.5)², over 20.
	assert.InDelta(t, (12*0.04+6*0.64+2*0.09)/20, *alpha.Brier, 1e-9)

	beta := row(t, r.Families, "beta")
	assert.InDelta(t, 0.35, beta.Rate, 1e-9, "against the decision: the reversed ones match")
	assert.Nil(t, beta.Brier, "no confidence stated, no Brier score")

	// Even decisions (for): held ones 0,2,…,10 → 6; reversed 12,14,16 → 0; partly 18 → 0.5.
	// Odd (against): held 1,…,11 → 0; reversed 13,15,17 → 3; partly 19 → 0.5.
	gamma := row(t, r.Families, "gamma")
	assert.InDelta(t, 10.0/20, gamma.Rate, 1e-9)

	assert.Equal(t, []string{"alpha", "gamma", "beta"}, []string{r.Families[0].Name, r.Families[1].Name, r.Families[2].Name},
		"best rate first")
	assert.InDelta(t, alpha.Rate, row(t, r.Seats, "Advocate").Rate, 1e-9)
	assert.InDelta(t, beta.Rate, row(t, r.Seats, "Skeptic").Rate, 1e-9)
}

// Below ten outcomes the report counts them and states no rate.
func TestCalibrationWaitsForTenOutcomes(t *testing.T) {
	r := calibration.Compute(fixture()[:9])
	assert.False(t, r.Enough)
	assert.Equal(t, 9, r.Outcomes)
	assert.Empty(t, r.Families)
	assert.Empty(t, r.Seats)
}

// A decision without positions (a reason chain) counts as an outcome and adds no row.
func TestDecisionsWithoutPositionsAddNoRow(t *testing.T) {
	ds := fixture()[:10]
	ds = append(ds, calibration.Decided{Ref: "wr-reason", Decision: &decision.Decision{}, Outcome: outcome.Addendum{Verdict: "held"}})
	r := calibration.Compute(ds)
	assert.Equal(t, 11, r.Outcomes)
	assert.Equal(t, 10, r.Positions)
	assert.Equal(t, 10, row(t, r.Families, "alpha").Positions)
}
