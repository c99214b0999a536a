package council

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/provider"
)

func planOpts(pool ...[2]string) (Options, engine.Profiles) {
	o := Options{Team: DefaultTeam(), Rounds: 1}
	for _, v := range pool {
		o.Pool = append(o.Pool, v[0])
	}
	return o, profiles(nil, pool...)
}

func familyCounts(p Plan) map[string]int {
	out := map[string]int{}
	for _, s := range p.Seats {
		out[s.Family]++
	}
	return out
}

// With five families the four seats take four of them and the arbiter the fifth; the clerk
// sits with the arbiter; labels are dealt A–D; and the seed varies who sits where.
func TestPlanSpreadsSeatsAndKeepsTheArbiterClean(t *testing.T) {
	o, ps := planOpts(vendors...)
	seen := map[string]bool{}
	for seed := range uint64(200) {
		p, err := newPlan(o, ps, rand.New(rand.NewPCG(seed, 1)))
		require.NoError(t, err)
		fams := familyCounts(p)
		assert.Len(t, fams, 4, "seed %d: %+v", seed, p.Seats)
		assert.Zero(t, fams[p.Arbiter.Family], "seed %d: the arbiter's family plays a seat", seed)
		assert.Equal(t, pathClean, p.ArbiterPath)
		assert.Empty(t, p.Residual)
		assert.Equal(t, p.Arbiter.Profile, p.Clerk.Profile)
		var labels []string
		for _, s := range p.Seats {
			labels = append(labels, s.Label)
		}
		slices.Sort(labels)
		assert.Equal(t, []string{"Member A", "Member B", "Member C", "Member D"}, labels)
		seen[fmt.Sprint(p.Seats, p.Arbiter.Profile)] = true

		again, _ := newPlan(o, ps, rand.New(rand.NewPCG(seed, 1)))
		assert.Equal(t, p, again, "the same seed seats the same way")
	}
	assert.Greater(t, len(seen), 20, "the seed decides the seating")
}

// Three families for four seats: one is kept for the arbiter, the seats share the other two.
func TestPlanWithThreeFamilies(t *testing.T) {
	o, ps := planOpts(vendors[:3]...)
	for seed := range uint64(50) {
		p, err := newPlan(o, ps, rand.New(rand.NewPCG(seed, 1)))
		require.NoError(t, err)
		fams := familyCounts(p)
		assert.Len(t, fams, 2)
		for _, n := range fams {
			assert.Equal(t, 2, n)
		}
		assert.Equal(t, pathClean, p.ArbiterPath)
	}
}

// Two families: both sit, so the arbiter falls back to the one the adversarial seat does not
// play, and the residual is recorded.
func TestPlanWithTwoFamiliesFallsBack(t *testing.T) {
	o, ps := planOpts(vendors[:2]...)
	for seed := range uint64(50) {
		p, err := newPlan(o, ps, rand.New(rand.NewPCG(seed, 1)))
		require.NoError(t, err)
		skeptic, _ := p.Seat(skeptic)
		assert.Len(t, familyCounts(p), 2)
		assert.NotEqual(t, skeptic.Family, p.Arbiter.Family)
		assert.Equal(t, pathFallback, p.ArbiterPath)
		assert.Contains(t, p.Residual, "are both family "+p.Arbiter.Family, "the engine's judgment of the arbiter against the seats")
	}
}

// One family: the seats cannot span two families, so the plan is refused, and pinning the
// arbiter does not change that.
func TestPlanWithOneFamilyFailsClosed(t *testing.T) {
	one := [][2]string{{"sonnet", "anthropic"}, {"opus", "anthropic"}}
	o, ps := planOpts(one...)
	_, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	assert.True(t, errors.Is(err, errOneFamily), "%v", err)
	assert.ErrorContains(t, err, "every profile in the pool is of that family")

	o.Roles = map[string]RoleSetting{Arbiter: {Profile: "opus"}}
	_, err = newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	assert.True(t, errors.Is(err, errOneFamily), "%v", err)
}

// Profile pins that hold every seat to one family, though the pool has others, are the
// operator's choice: the plan stands, on one family, and independence is the engine's to
// gate (reduced, approved before the first call).
func TestPlanPinnedToOneFamilyIsLeftToTheIndependenceGate(t *testing.T) {
	o, ps := planOpts(vendors...)
	o.Roles = map[string]RoleSetting{}
	for _, k := range o.Team {
		o.Roles[k] = RoleSetting{Profile: "claude"}
	}
	p, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	require.NoError(t, err)
	assert.Len(t, familyCounts(p), 1)

	opts := options()
	opts.Roles = o.Roles
	_, sp, err := convene(t, openStore(t, ""), team(nil), opts, 1)
	var gate *engine.GateError
	require.ErrorAs(t, err, &gate)
	assert.Equal(t, engine.GateReducedIndependence, gate.Gate.Key)
	assert.Zero(t, sp.Calls(), "the gate asks before the first call")
}

// When every family in the pool plays an adversarial seat, no arbiter is both external and
// non-adversarial: the plan is refused, unless a person pins one and accepts the residual.
func TestPlanWithEveryFamilyAdversarialFailsClosed(t *testing.T) {
	two := [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}}
	o, ps := planOpts(two...)
	red := Member{Key: "red-team", Title: "Red Team", SeatClass: classAdversarial, Mandate: "attack", Effort: "high", Brief: "Attack."}
	o.Team, o.Members = []string{skeptic, "red-team"}, append(o.Members, red)
	o = o.Defaulted()
	_, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	assert.True(t, errors.Is(err, errNoArbiter), "%v", err)

	o.Roles = map[string]RoleSetting{Arbiter: {Profile: "gpt"}}
	p, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	require.NoError(t, err)
	assert.Equal(t, "gpt", p.Arbiter.Profile)
	assert.True(t, p.Arbiter.Pinned)
	assert.Equal(t, pathFallback, p.ArbiterPath)
}

// Pinned roles keep their profile and effort; the draw works around them.
func TestPlanKeepsPins(t *testing.T) {
	o, ps := planOpts(vendors...)
	o.Roles = map[string]RoleSetting{skeptic: {Profile: "gpt", Effort: "max"}, Clerk: {Profile: "glm"}}
	for seed := range uint64(50) {
		p, err := newPlan(o, ps, rand.New(rand.NewPCG(seed, 1)))
		require.NoError(t, err)
		s, _ := p.Seat(skeptic)
		assert.Equal(t, "gpt", s.Profile)
		assert.EqualValues(t, "max", s.Effort)
		assert.True(t, s.Pinned)
		assert.Equal(t, "glm", p.Clerk.Profile)
		assert.NotEqual(t, "openai", p.Arbiter.Family)
	}
	o.Roles = map[string]RoleSetting{skeptic: {Profile: "nope"}}
	_, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	assert.ErrorContains(t, err, `unknown profile "nope"`)
}

// An undeclared family cannot be shown independent: the arbiter falls back and says why.
func TestPlanWithAnUndeclaredFamily(t *testing.T) {
	o, ps := planOpts(append([][2]string{{"local", ""}}, vendors[:2]...)...)
	o.Roles = map[string]RoleSetting{architect: {Profile: "local"}}
	p, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	require.NoError(t, err)
	assert.Equal(t, pathFallback, p.ArbiterPath)
	assert.Contains(t, p.Residual, "declares no family")
}

// The dry run's preview draws exactly the plan a session with the same seed stores.
func TestPreviewPlanIsThePlanTheSessionDraws(t *testing.T) {
	for _, seed := range []int64{0, 7, 4294967295} {
		st := openStore(t, "")
		d, _, err := convene(t, st, team(nil), options(), seed)
		require.NoError(t, err)
		raw, err := st.GetStep(context.Background(), d.SessionID, "plan")
		require.NoError(t, err)
		var stored Plan
		require.NoError(t, json.Unmarshal(raw, &stored))
		preview, err := PreviewPlan(options(), profiles(nil), seed)
		require.NoError(t, err)
		assert.Equal(t, stored, preview, "seed %d", seed)
	}
}

// The card shows the effort that will be sent, not only the one asked: a person approving
// "high" for a model that takes no effort setting sees that it gets none.
func TestTheCardShowsTheEffortThatWillBeSent(t *testing.T) {
	o, err := optionsFrom(NewSection(), pool(), Flags{})
	require.NoError(t, err)
	ps := pool()
	ps["alpha"].EffortLevels = []provider.Effort{provider.EffortLow, provider.EffortMedium}
	p, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	require.NoError(t, err)
	card := card(o, p, estimate.Estimate{})
	differs := 0
	for _, a := range p.Seats {
		want := ps[a.Profile].EffortFor(a.Effort)
		if want == "" {
			want = "none"
		}
		if want == a.Effort {
			assert.Equal(t, string(a.Effort), a.EffortShown())
			continue
		}
		differs++
		assert.Equal(t, want, a.Sent, a.Role)
		assert.Contains(t, card, fmt.Sprintf("%s (sends %s: the model's levels)", a.Effort, want))
	}
	assert.Positive(t, differs, "some seat's model takes less than it is asked: the case this test is about")
}
