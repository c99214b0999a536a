package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

func seat(key, role, profile, family string) engine.Seat {
	return engine.Seat{Key: key, Role: role, Profile: profile, Family: family, Effort: "medium"}
}

func TestJudgeAppliesEveryClause(t *testing.T) {
	rule := engine.Rule{
		Spread:   []engine.Spread{{Roles: []string{"a", "b", "c"}, Families: 2}},
		Apart:    []engine.Apart{{A: []string{"red"}, B: []string{"a"}}},
		Distinct: [][]string{{"k1", "k2"}},
	}
	two := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("a", "a", "p1", "x"), seat("b", "b", "p2", "y"),
		seat("red", "red", "p2", "y")}}
	assert.True(t, two.Judge().Conforming(), "%v", two.Judge().Reasons)
	assert.Equal(t, []string{"x", "y"}, two.Judge().Families)

	one := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("a", "a", "p1", "x"), seat("b", "b", "p2", "x")}}
	assert.Equal(t, decision.ReducedIndependence, one.Judge().Label)
	assert.Contains(t, one.Judge().Reasons[0], "one family (x)")

	apart := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("a", "a", "p1", "x"), seat("b", "b", "p2", "y"),
		seat("red", "red", "p3", "x")}}
	assert.Equal(t, []string{"the red (p3) and the a (p1) are both family x"}, apart.Judge().Reasons)

	same := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("k1", "a", "p1", "x"), seat("k2", "b", "p1", "x")}}
	assert.Contains(t, same.Judge().Reasons, "k1 and k2 run on the same execution profile (p1 at medium effort)")

	undeclared := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("a", "a", "p1", ""), seat("b", "b", "p2", "y"),
		seat("other", "other", "p9", "")}}
	reasons := undeclared.Judge().Reasons
	assert.Contains(t, reasons, `profile "p1" declares no family, so its independence cannot be shown`)
	assert.NotContains(t, reasons, `profile "p9" declares no family, so its independence cannot be shown`,
		"a seat no clause is about is not judged")
}

// A conforming plan whose second family never answered is judged reduced from the ledger; so
// is a run that asked its essential seat and got nothing from it.
func TestJudgeAnsweredCountsOnlyWhoAnswered(t *testing.T) {
	rule := engine.Rule{Spread: []engine.Spread{{Roles: []string{"a", "b"}, Families: 2}}, Essential: []string{"b"}}
	plan := engine.Plan{Rule: rule, Seats: []engine.Seat{seat("a", "a", "p1", "x"), seat("b", "b", "p2", "y")}}
	ok := func(role, profile string) ledger.Entry {
		return ledger.Entry{Role: role, Profile: profile, Outcome: ledger.OutcomeOK}
	}
	failed := func(role, profile string) ledger.Entry {
		return ledger.Entry{Role: role, Profile: profile, Outcome: ledger.OutcomeError}
	}
	assert.True(t, plan.JudgeAnswered(rule, []ledger.Entry{ok("a", "p1"), failed("b", "p2"), ok("b", "p2")}).Conforming())
	lost := plan.JudgeAnswered(rule, []ledger.Entry{ok("a", "p1"), failed("b", "p2"), failed("b", "p2")})
	assert.Equal(t, decision.ReducedIndependence, lost.Label)
	assert.Contains(t, lost.Reasons, "the b (profile p2) was asked and never answered")
	assert.Contains(t, lost.Reasons[len(lost.Reasons)-1], "one family (x)")
	notAsked := plan.JudgeAnswered(engine.Rule{}, []ledger.Entry{ok("a", "p1")})
	assert.True(t, notAsked.Conforming(), "a seat never asked is no loss by itself")
}
