package engine

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
)

// Protocol is a deliberation protocol as the engine runs it. The engine keeps the promises
// every protocol makes, so that no protocol can keep only some of them: before the first call
// it plans, discloses who will receive the material and, for a plan that cannot be
// conforming, stops for a person's approval; after the protocol ends it judges independence
// again from who actually answered, stamps what it knows into the decision and seals the
// record.
type Protocol interface {
	// Plan returns every seat the session may call and the protocol's independence rule. It
	// makes no call and must give the same plan on every run of the session (it may use
	// Steps and r.Rand); the engine stores it as a step.
	Plan(ctx context.Context, r *Run) (Plan, error)
	// Deliberate runs or resumes the protocol from its stored steps. It returns the decision
	// (nil on failure) and the DAG of contributions (also on failure, when it has one, so that
	// what was said is kept), and may narrow the rule that judges who answered to the seats
	// the run actually sat (nil: the plan's).
	Deliberate(ctx context.Context, r *Run, plan Plan) (Result, error)
	// Estimate forecasts the session from its plan. It makes no call; Execute asks it once,
	// before the first call, stores the answer as a step (a resumed session keeps the estimate
	// it first showed) and sets it beside what the ledger recorded in the record's "estimate"
	// section, so that every protocol's record shows estimate against actual.
	Estimate(ctx context.Context, r *Run, plan Plan) (Forecast, error)
}

// Result is what Deliberate ends with.
type Result struct {
	Decision *decision.Decision
	DAG      *record.DAG
	Rule     *Rule
	// Baseline asks the engine to hold a matched-compute vote over the decision's options
	// once the deliberation has ended (the session's setting; zero: none).
	Baseline Baseline
}

// planStep is the step the engine stores a protocol's plan under.
const planStep = "engine/plan"

// Stopped is the error of a session a person stopped at a gate (declined, dropped).
type Stopped struct {
	Gate, Answer string
}

func (s *Stopped) Error() string {
	return fmt.Sprintf("stopped at gate %s: the answer was %q; nothing more runs", s.Gate, s.Answer)
}

func (s *Stopped) Unwrap() error { return ErrStopped }

// Execute runs p over r's session to a sealed decision. It returns *GateError (wrapped) when
// the session pauses for a person, *Stopped when a person stopped it.
func (r *Run) Execute(ctx context.Context, p Protocol) (*decision.Decision, error) {
	plan, err := Step(ctx, r, planStep, func(ctx context.Context) (Plan, error) { return p.Plan(ctx, r) })
	if err != nil {
		return nil, err
	}
	forecast, err := Step(ctx, r, estimateStep, func(ctx context.Context) (Forecast, error) { return p.Estimate(ctx, r, plan) })
	if err != nil {
		return nil, fmt.Errorf("estimate the session: %w", err)
	}
	before := plan.Judge()
	if err := r.disclose(ctx, plan.Seats, plan.routes()); err != nil {
		return nil, err
	}
	approved := false
	if !before.Conforming() {
		answer, err := r.Gate(ctx, GateReducedIndependence, reducedQuestion(before), AnswerApprove, AnswerDecline)
		if err != nil {
			return nil, err
		}
		if answer != AnswerApprove {
			return nil, &Stopped{Gate: GateReducedIndependence, Answer: answer}
		}
		approved = true
	}
	out, err := p.Deliberate(ctx, r, plan)
	if err != nil {
		return nil, r.keepDAG(ctx, out.DAG, err)
	}
	if out.Decision == nil {
		return nil, errors.New("the protocol ended without a decision")
	}
	if out.Baseline.On() {
		if err := r.baseline(ctx, out, plan); err != nil {
			return nil, r.keepDAG(ctx, out.DAG, err)
		}
	}
	if err := r.stamp(ctx, out, plan, forecast, approved); err != nil {
		return nil, err
	}
	return out.Decision, r.Seal(ctx, out.Decision, out.DAG)
}

// keepDAG stores what was said before a session failed with err, so that the failure keeps
// its record of who said what, and returns err (with any error of storing it).
func (r *Run) keepDAG(ctx context.Context, dag *record.DAG, err error) error {
	if dag != nil && len(dag.Nodes) > 0 {
		err = errors.Join(err, SaveDAG(context.WithoutCancel(ctx), r.cfg.Store, dag))
	}
	return err
}

// stamp writes what the engine knows into the decision: independence judged from who
// answered, the approval it had, the usage per provider, the estimate against what was spent,
// the notes added to the run.
func (r *Run) stamp(ctx context.Context, out Result, plan Plan, forecast Forecast, approved bool) error {
	d := out.Decision
	entries, err := r.cfg.Store.Ledger(ctx, r.session.ID)
	if err != nil {
		return fmt.Errorf("read the ledger: %w", err)
	}
	rule := plan.Rule
	if out.Rule != nil {
		rule = *out.Rule
	}
	after := plan.JudgeAnswered(rule, entries)
	d.SessionID, d.Seed, d.Protocol = r.session.ID, r.session.Seed, r.session.Protocol
	d.Independence, d.IndependenceReasons, d.IndependenceApproved = after.Label, after.Reasons, approved
	d.Usage = ledger.UsageByProfile(entries)
	spent := ledger.SpentBy(entries)
	d.Minutes = math.Round(spent.Minutes*10) / 10 // as the estimate table shows it: a record does not depend on jitter
	spent.Seats = plan.Answered(forecast.SeatRoles, entries)
	d.Sections = append(d.Sections, estimateSection(forecast, spent, d.Usage))
	r.mu.Lock()
	d.Notes = append(d.Notes, r.notes...)
	r.mu.Unlock()
	return nil
}

// noteOnce adds note to the decision the first time key is noted in this run.
func (r *Run) noteOnce(key, note string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.noted[key] {
		return
	}
	if r.noted == nil {
		r.noted = map[string]bool{}
	}
	r.noted[key] = true
	r.notes = append(r.notes, note)
}

// AddNotes adds facts a reader must see to the decision this run will seal (a prior-decision
// check's findings, say): the decision is final once sealed, so notes come before.
func (r *Run) AddNotes(notes ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notes = append(r.notes, notes...)
}

// Preview plans a new session and forecasts it, as Execute would before its first call, but
// makes no call and shows nothing: a dry run. cfg.Store must be a scratch store the caller
// owns (the session and its plan step are written there), never the one real sessions keep.
func Preview(ctx context.Context, cfg RunConfig, s *Session, p Protocol) (Plan, Forecast, error) {
	r, err := Start(ctx, cfg, s)
	if err != nil {
		return Plan{}, Forecast{}, err
	}
	plan, err := p.Plan(ctx, r)
	if err != nil {
		return Plan{}, Forecast{}, err
	}
	f, err := p.Estimate(ctx, r, plan)
	if err != nil {
		return Plan{}, Forecast{}, fmt.Errorf("estimate the session: %w", err)
	}
	return plan, f, nil
}
