package warroom

import (
	"context"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// decisionArtifact is the artifact a sealed session keeps its Decision under.
const decisionArtifact = engine.DecisionArtifact

// Phase step keys, in the order they run. Parallel phases store each expert under key/role.
const (
	keyReversibility = "p0-reversibility"
	keyExpress       = "p0-express"
	keyExpressCheck  = "p0-express-challenge"
	keyIntel         = "p1-intel"
	keyIntelMore     = "p1-intel-escalated"
	keyAssessment    = "p2-assessment"
	keyCOA           = "p3-coa"
	keyCOAMore       = "p3-coa-escalated"
	keyEscalation    = "p3-escalation"
	keyRescore       = "p3-rescore"
	keyChallenge     = "p4-challenge"
	keyVote          = "p5-vote"
	keyRevise        = "p5-revise"
	keyPremortem     = "p6-premortem"
	keySynthesis     = "p7-synthesis"
)

// Runner is the war-room protocol as the engine runs it (engine.Run.Execute).
var Runner engine.Protocol = runner{}

type runner struct{}

// Plan seats every registry role on its configured profile. A forced mode is judged by its own
// panel; an automatic run by the full council's, since the mode is chosen only after the first
// call: a plan that cannot conform even with every seat cannot conform at all.
func (runner) Plan(_ context.Context, r *engine.Run) (engine.Plan, error) {
	opts, p, err := sessionPanel(r)
	if err != nil {
		return engine.Plan{}, err
	}
	plan := engine.Plan{Titles: map[string]string{}, Seats: p.seats()}
	for _, m := range p.Members {
		plan.Titles[m.Role] = roleTitle(m.Role)
	}
	mode := opts.Mode
	if mode == ModeAuto {
		mode = ModeFull
	}
	plan.Rule = rule(mode, opts.PlanReview)
	return plan, nil
}

// sessionPanel is the session's stored options and the panel they seat on the run's profiles.
func sessionPanel(r *engine.Run) (Options, Panel, error) {
	opts, err := sessionOptions(r.Session())
	if err != nil {
		return Options{}, Panel{}, err
	}
	p, err := ResolvePanel(opts, r.Profiles())
	return opts, p, err
}

// rule is the war-room independence rule for the panel of a mode: the seats that contribute
// before the synthesis span at least two families, and the red team, where it sits, is on a
// different family from the chief strategist and must answer. An express panel has no one
// contributing before the decider but the strategist (and, in a plan review, the additions
// challenger), so there the decider's ratify-or-override counts as the second voice.
func rule(mode Mode, planReview bool) engine.Rule {
	seats := seats(mode, planReview)
	contributors := seats
	if mode != ModeExpress {
		contributors = slices.DeleteFunc(slices.Clone(seats), func(k string) bool { return k == SupremeCommander })
	}
	r := engine.Rule{Spread: []engine.Spread{{Roles: contributors, Families: 2}}}
	if slices.Contains(seats, redTeam) {
		r.Apart = []engine.Apart{{A: []string{redTeam}, B: []string{chiefStrategist}}}
		r.Essential = []string{redTeam}
	}
	return r
}

// Deliberate runs the phases and builds the decision; the rule that judges who answered is
// the panel of the mode the deliberation ended in.
func (runner) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	opts, err := sessionOptions(r.Session())
	if err != nil {
		return engine.Result{}, err
	}
	s, err := newState(r, opts)
	if err != nil {
		return engine.Result{}, err
	}
	// The DAG is handed back whether or not the deliberation finished: a resume rebuilds it
	// from the steps anyway, and a failed session's record of who said what is still worth
	// keeping.
	if err := s.deliberate(ctx); err != nil {
		return engine.Result{DAG: s.dag}, err
	}
	d, err := s.decision(ctx)
	if err != nil {
		return engine.Result{DAG: s.dag}, err
	}
	rule := rule(s.rec.Mode, opts.PlanReview)
	return engine.Result{Decision: d, DAG: s.dag, Rule: &rule, Baseline: opts.Baseline}, nil
}

// deliberate runs the phases the mode calls for, in one round where two read nothing of each
// other (overlap.go).
func (s *state) deliberate(ctx context.Context) error {
	if err := s.opening(ctx); err != nil {
		return err
	}
	if s.rec.Mode == ModeExpress {
		return s.express(ctx)
	}
	steps := []func(context.Context) error{s.phase1, s.phase2, s.phase3, s.checked}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	if !s.rec.Deescalated {
		for _, step := range []func(context.Context) error{s.phase4, s.phase5, s.phase6} {
			if err := step(ctx); err != nil {
				return err
			}
		}
	}
	return s.phase7(ctx)
}

// one runs a single-seat phase whose failure the deliberation can carry as a gap.
func (s *state) one(ctx context.Context, key, title string, spec engine.CallSpec, err error) (phaseResult, error) {
	if err != nil {
		return phaseResult{}, err
	}
	p, err := panel.Single(ctx, s.r, key, title, panel.Task{Name: spec.Role, Spec: spec}, false)
	if err != nil {
		return p, err
	}
	s.absorb(p)
	return p, nil
}

// must runs a single-seat phase nobody can stand in for. Its failure fails the session and is
// not memoised, so a resume asks again (the outage may have passed).
func (s *state) must(ctx context.Context, key, title string, spec engine.CallSpec, err error) (contribution, error) {
	if err != nil {
		return contribution{}, err
	}
	p, err := panel.Single(ctx, s.r, key, title, panel.Task{Name: spec.Role, Spec: spec}, true)
	if err != nil {
		return contribution{}, err
	}
	s.absorb(p)
	c, _ := p.Only()
	return c, nil
}
