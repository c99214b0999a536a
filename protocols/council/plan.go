package council

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// Arbiter paths. Clean: the arbiter's family plays no seat. Fallback: it does (or a family is
// undeclared), so the arbiter may recognise and favour its own family's style; the residual is
// recorded with the decision.
const (
	pathClean    = "clean"
	pathFallback = "fallback"
)

// errNoArbiter is the one staffing the protocol refuses: every family in the pool sits on the
// team's adversarial seat, so no arbiter can be both external and non-adversarial.
var errNoArbiter = errors.New("no profile can arbitrate: every family in the pool plays the adversarial seat")

// Assignment is one role bound to the profile that plays it.
type Assignment struct {
	Role string `json:"role"`
	// Label is the anonymous member label of a seat ("Member B"); empty for clerk and arbiter.
	Label    string          `json:"label,omitempty"`
	Profile  string          `json:"profile"`
	Provider string          `json:"provider"`
	Model    string          `json:"model"`
	Family   string          `json:"family"`
	Effort   provider.Effort `json:"effort"`
	// Sent is the effort the profile will send for Effort (its model's levels), "none" for
	// none; what a person approving the card approves.
	Sent   provider.Effort `json:"sent,omitempty"`
	Pinned bool            `json:"pinned,omitempty"`
}

// effortNone is how a plan says no effort will be sent.
const effortNone provider.Effort = "none"

// EffortShown is the effort as the card shows it: what is asked, and what will be sent when
// that differs.
func (a Assignment) EffortShown() string {
	if a.Sent == "" || a.Sent == a.Effort {
		return string(a.Effort)
	}
	return fmt.Sprintf("%s (sends %s: the model's levels)", a.Effort, a.Sent)
}

// Attribution is the assignment as the Merkle DAG records it.
func (a Assignment) Attribution() record.Attribution {
	return record.Attribution{Role: a.Role, Profile: a.Profile, Provider: a.Provider, Model: a.Model, Family: a.Family}
}

// Plan is a session's seating: the seats in team order, the clerk and the arbiter.
type Plan struct {
	Seats []Assignment `json:"seats"`
	Clerk Assignment   `json:"clerk"`
	// Triage asks whether the question needs a team; it sits with the clerk unless pinned.
	Triage      Assignment `json:"triage,omitempty"`
	Arbiter     Assignment `json:"arbiter"`
	ArbiterPath string     `json:"arbiter_path"`
	// Residual says why the arbiter took the fallback path ("" on the clean path).
	Residual string `json:"residual,omitempty"`
}

// Seat returns the assignment of a seat by role key.
func (p Plan) Seat(role string) (Assignment, bool) {
	i := slices.IndexFunc(p.Seats, func(a Assignment) bool { return a.Role == role })
	if i < 0 {
		return Assignment{}, false
	}
	return p.Seats[i], true
}

// newPlan seats the team. It is a pure function of the options, the profiles (their names,
// families, models and types; nothing is called) and rng, which breaks every tie: Execute passes the run's seeded generator, so a session is
// seated the same way on every resume.
//
// Pinned roles keep their profile, and a seat the composition profile holds to a family takes
// a profile of it. When the pool has at least three families, one family that no pinned seat
// uses is kept for the arbiter (the one with the highest adjudication prior); the other seats
// then take, in team order, a profile of the least-used remaining family — among equals the
// one the member's affinity, then its seat class's prior, prefers — and the least-used
// profile within it. Seats that would span one family are refused with ErrOneFamily. The
// arbiter takes a profile of a family no seat plays, with the highest adjudication prior
// (clean); failing that, one whose family does not play the adversarial seat, preferring a
// profile no seat uses (fallback); failing that, the plan is refused with ErrNoArbiter. The
// clerk sits with the arbiter unless pinned. Member labels are dealt to the seats in a
// seeded order.
func newPlan(opts Options, ps engine.Profiles, rng *rand.Rand) (Plan, error) {
	d, err := newDraw(opts, ps, rng)
	if err != nil {
		return Plan{}, err
	}
	var p Plan
	for _, role := range opts.Team {
		a, err := d.seat(role)
		if err != nil {
			return Plan{}, err
		}
		p.Seats = append(p.Seats, a)
	}
	if err := d.spread(p.Seats); err != nil {
		return Plan{}, err
	}
	if p.Arbiter, err = d.arbiter(p.Seats); err != nil {
		return Plan{}, err
	}
	p.ArbiterPath, p.Residual = arbiterPath(p.Arbiter, p.Seats, opts.Title)
	p.Clerk = d.assign(Clerk, p.Arbiter.Profile)
	p.Triage = d.assign(Triage, p.Clerk.Profile)
	for i, j := range rng.Perm(len(p.Seats)) {
		p.Seats[j].Label = memberLabel(i)
	}
	return p, nil
}

// memberLabel is the i-th (0-based) anonymous seat label: Member A … Member Z, Member AA, ….
func memberLabel(i int) string { return panel.Label("Member", i) }

// arbiterPath is the engine's judgment of the arbiter against the seats (the Apart clause of
// the team's Rule, judged alone): clean when it holds, else the fallback path with the
// engine's reasons as the residual, and what the arbiter is still kept from.
func arbiterPath(arb Assignment, seats []Assignment, title func(string) string) (string, string) {
	plan := engine.Plan{Titles: map[string]string{Arbiter: title(Arbiter)},
		Seats: []engine.Seat{{Key: Arbiter, Role: Arbiter, Profile: arb.Profile, Family: arb.Family}}}
	var roles []string
	for _, a := range seats {
		plan.Seats = append(plan.Seats, engine.Seat{Key: a.Role, Role: a.Role, Profile: a.Profile, Family: a.Family})
		plan.Titles[a.Role] = title(a.Role)
		roles = append(roles, a.Role)
	}
	plan.Rule = engine.Rule{Apart: []engine.Apart{{A: []string{Arbiter}, B: roles}}}
	j := plan.Judge()
	if j.Conforming() {
		return pathClean, ""
	}
	return pathFallback, strings.Join(j.Reasons, "; ") +
		" (the arbiter never sees who wrote what, but it may recognise and favour its own family's style)"
}
