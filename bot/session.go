package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/session"
)

// runReport is how one run of a session ended, as a thread or a job summary reports it.
type runReport struct {
	// State is the session's state after the run: status, answers, open gate, discussion.
	State    thread.State
	Decision *decision.Decision
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

func (o *runReport) fail(class string, err error) *runReport {
	o.State.Status, o.State.Gate, o.Class, o.Err = thread.StatusFailed, nil, class, err
	return o
}

func contextInputs(st thread.State) []engine.Input {
	var inputs []engine.Input
	for _, c := range st.Context {
		inputs = append(inputs, engine.NewInput(c.Name, c.Text))
	}
	return inputs
}

// runSession runs one session through the session pipeline every entry point shares: the
// prior-decision check, the protocol, publishing. A session this store already holds goes on
// from its stored steps (a completed one only finishes publishing); one it does not (a fresh
// Action runner) is created from the state with the state's id and seed. canAsk is false where
// no one can answer a gate (workflow_dispatch): the prior-decision check then only informs.
// claim names the command the run serves, so that one command maps to one session.
func (d *Deps) runSession(ctx context.Context, cfg *loadedConfig, repo Repo, st thread.State, sinks []events.Sink, canAsk bool, claim string) *runReport {
	out := &runReport{State: st}
	if cfg.Note != "" {
		out.Notes = append(out.Notes, cfg.Note)
	}
	store, err := d.OpenStore(ctx)
	if err != nil {
		return out.fail(classInternal, fmt.Errorf("open the session store: %w", err))
	}
	defer store.Close()
	run := d.runner(cfg, store, sinks)
	if d.Settings.Publish {
		run.Publisher = d.publisher(cfg.Config, store)
	} else {
		out.Notes = append(out.Notes, "Publishing is off: the decision is in this run's summary only.")
	}
	req := sessionRequest(st)
	d.around(ctx, cfg.Config, repo, out)(&req)
	dr := discussionsRepo(repo)
	req.Source, req.Repo, req.Publish = engine.Source{Repository: repo.String(), Private: repo.Private}, &dr, d.Settings.Publish
	req.FullRecord, req.CanAsk, req.Claim = d.Settings.RunURL, canAsk, claim
	rctx := ctx
	if limit := d.Ceilings.SessionTime; limit > 0 {
		// The session's job holds a worker at most this long: a hung endpoint costs its own
		// session (a timeout, never a verdict), not the App.
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	res := run.Run(rctx, req)
	out = out.from(ctx, store, res)
	if d.CarryState {
		out.carry(ctx, store)
	}
	if out.State.Status == thread.StatusCompleted && res.Published != nil {
		d.proposeMemory(ctx, cfg.Config, repo, store, out)
	}
	return out
}

// runner is the session runner of this job over store: the repository's configuration and
// budget, within the deployment's ceilings and the installation's daily account.
func (d *Deps) runner(cfg *loadedConfig, store engine.Store, sinks []events.Sink) *session.Runner {
	return &session.Runner{Config: cfg.Config, Store: store, Sinks: d.sinks(sinks...), Now: d.Now,
		Budget: wiring.Budget(cfg.Config),
		Limits: d.Ceilings.Session, Account: d.runAccount(store), Evidence: d.evidenceOpener(),
		Profiles: func(ctx context.Context) (engine.Profiles, error) {
			return wiring.Profiles(ctx, cfg.Config, d.Getenv, d.ProviderHTTP)
		},
		Warn: func(msg string) { d.log().Warn(msg) }}
}

// sessionRequest is the session a thread's state describes, under the state's id and seed,
// with what an earlier job of it stored, where the state carries that.
func sessionRequest(st thread.State) session.Request {
	return session.Request{SessionID: st.Session, Protocol: st.Protocol, Question: st.Question, Flags: st.Flags,
		Context: contextInputs(st), Seed: st.Seed, SeedSource: st.SeedSource, Answers: st.Answers, Supersede: st.Supersede,
		Carried: st.Carried, CarriedFrom: "war-room's progress comment on the thread"}
}

// maxCarriedMarker bounds the state marker that carries a session's steps: GitHub keeps at
// most 65,536 characters in a comment, and the progress text shares it.
const maxCarriedMarker = 40_000

// carry keeps what the session stored in the thread's state when the session will be
// continued by a later job (it paused, or failed and may be run again), and drops it once the
// session has ended. A state too large for a comment carries nothing, and says so: the next
// job then asks the answered calls again.
func (o *runReport) carry(ctx context.Context, store engine.Store) {
	o.State.Carried = nil
	if o.State.Session == "" || (o.State.Status != thread.StatusAwaiting && o.State.Status != thread.StatusFailed) {
		return
	}
	c, err := engine.Carry(ctx, store, o.State.Session)
	if err != nil {
		o.Notes = append(o.Notes, "What the session stored could not be kept on the thread ("+err.Error()+"); continuing it asks its calls again.")
		return
	}
	if len(c.Steps) == 0 && len(c.Ledger) == 0 {
		return
	}
	o.State.Carried = c
	if n := len(o.State.Marker()); n > maxCarriedMarker {
		o.State.Carried = nil
		o.Notes = append(o.Notes, fmt.Sprintf("What the session stored (%d calls) is too large to keep on the thread "+
			"(%d characters, at most %d); continuing it asks those calls again.", c.Calls(), n, maxCarriedMarker))
	}
}

// from folds the pipeline's outcome into the thread's.
func (o *runReport) from(ctx context.Context, store engine.Store, res *session.Outcome) *runReport {
	if res.Session != nil {
		o.State.Session = res.Session.ID
	}
	o.Decision, o.Published, o.Reaffirmed = res.Decision, res.Published, res.Reaffirmed
	o.Notes = append(o.Notes, res.Notes...)
	if res.Published != nil && res.Published.URL != "" {
		o.State.Discussion = res.Published.URL
	}
	if res.ReaffirmedURL != "" {
		o.State.Discussion = res.ReaffirmedURL
	}
	var pe *session.PublishError
	switch {
	case res.Status == engine.StatusCompleted && errors.As(res.Err, &pe):
		return o.fail(classGitHub, res.Err)
	case res.Status == engine.StatusCompleted:
		o.State.Status, o.State.Gate = thread.StatusCompleted, nil
	case res.Status == engine.StatusAwaitingInput && res.Gate != nil:
		o.State.Status = thread.StatusAwaiting
		o.State.Gate = &thread.Gate{Key: res.Gate.Key, Ask: res.Gate.Question, Excerpt: res.Gate.Excerpt, Choices: res.Gate.Choices}
	case res.Status == engine.StatusCancelled:
		o.State.Status, o.State.Gate = thread.StatusCancelled, nil
	default:
		return o.fail(failureClass(ctx, store, res), res.Err)
	}
	return o
}

// failureClass names why the session failed: the error's own class, else the last failed
// call's in the ledger (a protocol reports a failed call in its own error type).
func failureClass(ctx context.Context, store engine.Store, res *session.Outcome) string {
	var ue *session.UsageError
	var ce *session.ConfigError
	switch {
	case errors.As(res.Err, &ue):
		return classUsage
	case errors.As(res.Err, &ce):
		return classConfiguration
	}
	class := errorClass(res.Err)
	if class != classInternal || res.Session == nil {
		return class
	}
	entries, err := store.Ledger(context.WithoutCancel(ctx), res.Session.ID)
	if err != nil {
		return class
	}
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.ErrorClass != "" {
			return e.ErrorClass
		}
	}
	return class
}
