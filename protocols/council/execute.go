package council

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/evidence"
)

// Step keys, in the order they run. Parallel phases store each seat under key/role.
const (
	keyPlan    = "plan"
	keyBlind   = "blind"
	keyDocket  = "docket"
	keyClosing = "closing"
	keyRuling  = "ruling"
)

func keyCross(round int) string { return fmt.Sprintf("cross-%d", round) }

// Runner is the standing-team protocol as the engine runs it (engine.Run.Execute).
var Runner engine.Protocol = runner{}

type runner struct{}

// Plan seats the team (a stored step, drawn with the session's seed). Where no arbiter can be
// both external and off the adversarial seat's family, there is no plan, no run and no spend.
func (runner) Plan(ctx context.Context, r *engine.Run) (engine.Plan, error) {
	plan, opts, err := seating(ctx, r)
	if err != nil {
		return engine.Plan{}, err
	}
	out := engine.Plan{Titles: map[string]string{}, Seats: engineSeats(opts, plan)}
	var seats, adversarial []string
	for _, a := range plan.all(opts) {
		spec, _ := opts.roster().Spec(a.Role)
		out.Titles[a.Role] = spec.Title
		if spec.Seat {
			seats = append(seats, a.Role)
			if spec.Adversarial {
				adversarial = append(adversarial, a.Role)
			}
		}
	}
	out.Rule = rule(seats, adversarial)
	return out, nil
}

// rule is the standing team's independence rule: the seats span at least two families and
// the adversarial seat must answer. The arbiter's family is not in it: a family no seat plays
// is its clean path, and one a seat plays its fallback path, an accepted residual the plan
// judges and records (arbiterPath) without asking anyone to approve it; a team no arbiter can
// sit outside of and off the adversarial seat's family is refused before any session exists.
func rule(seats, adversarial []string) engine.Rule {
	return engine.Rule{Spread: []engine.Spread{{Roles: seats, Families: 2}}, Essential: adversarial}
}

// seating returns the session's stored seating and options.
func seating(ctx context.Context, r *engine.Run) (Plan, Options, error) {
	sess := r.Session()
	if sess.Protocol != Protocol {
		return Plan{}, Options{}, fmt.Errorf("council: session %s runs protocol %q, not %q", sess.ID, sess.Protocol, Protocol)
	}
	opts, err := sessionOptions(sess)
	if err != nil {
		return Plan{}, Options{}, err
	}
	plan, err := engine.Step(ctx, r, keyPlan, func(context.Context) (Plan, error) {
		return newPlan(opts, r.Profiles(), r.Rand(keyPlan))
	})
	return plan, opts, err
}

// all is every assignment the session may call: the seats, the clerk, the arbiter and the
// triage when the session has it.
func (p Plan) all(opts Options) []Assignment {
	all := append(slices.Clone(p.Seats), p.Clerk, p.Arbiter)
	if opts.Triage {
		all = append(all, p.Triage)
	}
	return all
}

// engineSeats are the session's assignments as the engine's plan seats them.
func engineSeats(opts Options, plan Plan) []engine.Seat {
	var out []engine.Seat
	for _, a := range plan.all(opts) {
		out = append(out, engine.Seat{Key: a.Role, Role: a.Role, Profile: a.Profile,
			Provider: a.Provider, Model: a.Model, Family: a.Family, Effort: a.Effort})
	}
	return out
}

// Deliberate runs the phases and builds the decision, handing back the DAG of what was said
// whether or not the deliberation finished.
func (runner) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	plan, opts, err := seating(ctx, r)
	if err != nil {
		return engine.Result{}, err
	}
	s := &state{r: r, opts: opts, plan: plan, kit: newKit(r.Session(), plan, opts)}
	s.kit.ev = &s.rec.Evidence
	if err = s.deliberate(ctx); err != nil {
		err = s.aborted(ctx, err)
	}
	dag, derr := s.dag()
	if err = errors.Join(err, derr); err != nil {
		return engine.Result{DAG: dag}, err
	}
	d, err := s.decision(ctx)
	return engine.Result{Decision: d, DAG: dag, Baseline: opts.Baseline}, err
}

// gathered is what the phases produced.
type gathered struct {
	Blind   phaseResult
	Docket  docket
	Cross   []phaseResult
	Closing phaseResult
	Ballots []ballot
	Tally   tally
	Ruling  ruling
	// Texts of the single calls, for the DAG and the record.
	DocketC, RulingC *contribution
	// Triage is what triage found (nil when the session has none).
	Triage *triageResult
	// Estimate is the forecast shown before the first seat call.
	Estimate *estimate.Estimate
	// IntentTripWires are the intent items the steward found the selected option fails.
	IntentTripWires []string
	// Evidence is every probe the seats asked for, in order.
	Evidence []evidence.Result
	// Writeback is what the seats proposed for memory.
	Writeback []Proposal
}

// state is one execution of a session.
type state struct {
	r    *engine.Run
	opts Options
	plan Plan
	kit  kit
	rec  gathered
	// triaging brings the outcome of a triage that let the seats go as soon as it had judged
	// (preflight); the blind round collects it. nil when triage was done first, or not run.
	triaging <-chan triageOutcome
}

// gaps lists every seat failure of the session, in phase order.
func (s *state) gaps() []gap {
	out := append([]gap(nil), s.rec.Blind.Gaps...)
	for _, c := range s.rec.Cross {
		out = append(out, c.Gaps...)
	}
	return append(out, s.rec.Closing.Gaps...)
}
