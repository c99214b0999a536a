package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
)

// Outcome is how one run of a session ended.
type Outcome struct {
	// State is the session's state after the run: status, answers, open gate, discussion.
	State    State
	Decision *engine.Decision
	// Published is the Discussions result when the decision was published.
	Published *discussions.Result
	// Reaffirmed is the decision number a "reaffirm #N" kept (0 otherwise).
	Reaffirmed int
	// Class and Err describe a failure.
	Class string
	Err   error
	// Notes are facts for the reader (related decisions, a skipped publish, a config note).
	Notes []string
}

func (o *Outcome) fail(class string, err error) *Outcome {
	o.State.Status, o.State.Gate, o.Class, o.Err = StatusFailed, nil, class, err
	return o
}

// newSession builds the engine session a state describes, with the state's id and seed. It
// makes no call and spends nothing, so a bad flag value is found before anything is posted.
func newSession(cfg *config.Config, st State, around ...func(*protocols.Request)) (*engine.Session, error) {
	var inputs []engine.Input
	for _, c := range st.Context {
		inputs = append(inputs, engine.NewInput(c.Name, c.Text))
	}
	req := protocols.Request{Protocol: st.Protocol, Question: st.Question,
		Flags: st.Flags, Context: inputs, Seed: st.Seed, SeedSource: st.SeedSource}
	for _, f := range around {
		f(&req)
	}
	s, err := protocols.NewSession(cfg, req)
	if err != nil {
		return nil, &UsageError{Reason: err.Error()}
	}
	s.ID = st.Session
	return s, nil
}

// runSession runs (or, from a state with answers, re-runs to where it stopped and on) one
// session: the prior-decision check, the protocol, and publishing. canAsk is false where no
// one can answer a gate (workflow_dispatch): the prior-decision check then only informs.
func (d *Deps) runSession(ctx context.Context, cfg *LoadedConfig, repo Repo, st State, sinks []engine.Sink, canAsk bool) *Outcome {
	out := &Outcome{State: st}
	if cfg.Note != "" {
		out.Notes = append(out.Notes, cfg.Note)
	}
	s, err := newSession(cfg.Config, st, d.around(ctx, cfg.Config, repo, out))
	if err != nil {
		return out.fail(ClassUsage, err)
	}
	profiles, err := wiring.Profiles(ctx, cfg.Config, d.Getenv, d.ProviderHTTP)
	if err != nil {
		return out.fail(ClassConfiguration, err)
	}
	store, err := d.OpenStore(ctx)
	if err != nil {
		return out.fail(ClassInternal, fmt.Errorf("open the session store: %w", err))
	}
	defer store.Close()
	rc := engine.RunConfig{Store: store, Profiles: profiles, Sinks: sinks, Now: d.Now, Answers: st.Answers,
		Budget: engine.Budget{MaxTokens: cfg.Budget.MaxTokens, MaxUSD: cfg.Budget.MaxUSD},
		Source: engine.Source{Repository: repo.String(), Private: repo.Private}}
	run, err := engine.Start(ctx, rc, s)
	if errors.Is(err, engine.ErrExists) {
		// A store that outlives a run (the App's) already holds the session from the run
		// that asked the question: go on from its stored steps rather than pay for them again.
		run, err = engine.Resume(ctx, rc, s.ID)
	}
	if err != nil {
		return out.fail(ClassInternal, err)
	}
	sess := &sessionRun{d: d, cfg: cfg, repo: repo, run: run, out: out}
	if d.Settings.Publish {
		sess.pub = d.publisher(cfg.Config, store, out)
	}
	sess.execute(ctx, canAsk)
	return out
}

// sessionRun is one run of a session in progress.
type sessionRun struct {
	d    *Deps
	cfg  *LoadedConfig
	repo Repo
	run  *engine.Run
	pub  *discussions.Publisher
	out  *Outcome
}

func (r *sessionRun) execute(ctx context.Context, canAsk bool) {
	choice, err := r.priorCheck(ctx, canAsk)
	if err == nil && choice.Action == discussions.PriorReaffirm {
		r.reaffirm(ctx, choice)
		return
	}
	var d *engine.Decision
	if err == nil {
		d, err = protocols.Execute(ctx, r.run)
	}
	err = r.run.Finish(ctx, err)
	var gate *engine.GateError
	switch {
	case errors.As(err, &gate):
		r.out.State.Status = StatusAwaiting
		r.out.State.Gate = &PendingGate{Key: gate.Gate.Key, Question: gate.Gate.Question, Choices: gate.Gate.Choices}
		return
	case err != nil:
		r.out.fail(r.failureClass(ctx, err), err)
		return
	}
	r.out.Decision, r.out.State.Status, r.out.State.Gate = d, StatusCompleted, nil
	if r.pub != nil {
		r.publish(ctx, d, choice)
		r.proposeMemory(ctx, d)
	} else {
		r.out.Notes = append(r.out.Notes, "Publishing is off: the decision is in this run's summary only.")
	}
}
