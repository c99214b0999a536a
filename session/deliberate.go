package session

import (
	"context"
	"errors"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols"
)

// deliberate runs the prior-decision check and the protocol, then records how the session
// ended.
func (r *Runner) deliberate(ctx context.Context, req Request, run *engine.Run, out *Outcome) {
	d, err := r.decide(ctx, req, run, out)
	err = run.Finish(ctx, err)
	out.Session = run.Session()
	var gate *engine.GateError
	switch {
	case err == nil:
		out.Status, out.Decision = engine.StatusCompleted, d
	case errors.As(err, &gate):
		out.Status, out.Gate = engine.StatusAwaitingInput, &gate.Gate
	case errors.Is(err, engine.ErrInvalidAnswer):
		out.Status, out.Err = engine.StatusAwaitingInput, err
	case errors.Is(err, engine.ErrStopped):
		out.Status, out.Err = engine.StatusCancelled, err
	case ctx.Err() != nil:
		out.Status, out.Err = engine.StatusRunning, errors.Join(errInterrupted(run.Session().ID), err)
	default:
		out.Status, out.Err = engine.StatusFailed, err
	}
}

// decide is the session's work: a reaffirmation the prior-decision check settled, or the
// protocol's decision.
func (r *Runner) decide(ctx context.Context, req Request, run *engine.Run, out *Outcome) (*decision.Decision, error) {
	choice, err := r.priorCheck(ctx, req, run, out)
	if err != nil {
		return nil, err
	}
	if choice.Action == discussions.PriorReaffirm {
		d := discussions.ReaffirmedDecision(run.Session(), question(run.Session()), choice, run.Now())
		out.Reaffirmed = choice.Number
		return d, run.Seal(ctx, d, nil)
	}
	return protocols.Execute(ctx, run)
}

// priorCheck looks for earlier decisions on the question before anything is spent, for every
// protocol. The session's own discussion (a re-run finding what an interrupted run began to
// publish) is never one of them. A failed search is a note, not a stop: the check is advice.
func (r *Runner) priorCheck(ctx context.Context, req Request, run *engine.Run, out *Outcome) (discussions.PriorChoice, error) {
	none := discussions.PriorChoice{Action: discussions.PriorNone}
	mode := discussions.PriorMode(r.Config.GitHub.Discussions.PriorCheck)
	id, q := run.Session().ID, question(run.Session())
	find := func(ctx context.Context) ([]discussions.PriorMatch, error) {
		ms, err := r.Publisher.FindPrior(ctx, *req.Repo, q)
		var others []discussions.PriorMatch
		for _, m := range ms {
			if m.Session != id {
				others = append(others, m)
			}
		}
		return others, err
	}
	if !r.searching(req) {
		// Continued where there is no repository to search (a CLI resume): a check the session
		// ran before is asked again from its stored search; none is started.
		stored, err := r.storedPriorCheck(ctx, id)
		if err != nil || !stored {
			return none, err
		}
		find = func(context.Context) ([]discussions.PriorMatch, error) {
			return nil, errors.New("the prior-decision search of a continued session is not repeated")
		}
		if _, err := r.Store.GetGate(ctx, id, discussions.PriorGateKey); err != nil {
			mode = discussions.PriorInform
		}
	}
	if mode == discussions.PriorOff {
		return none, nil
	}
	if mode == discussions.PriorAsk && !req.CanAsk && r.Prompter == nil {
		mode = discussions.PriorInform
	}
	choice, err := discussions.CheckPriorSuperseding(ctx, run, mode, find, req.Supersede)
	var gate *engine.GateError
	switch {
	case errors.As(err, &gate), errors.Is(err, engine.ErrInvalidAnswer), ctx.Err() != nil:
		return choice, err
	case err != nil:
		r.note(run, out, "The prior-decision check could not search Discussions: "+err.Error())
		return none, nil
	}
	if mode == discussions.PriorInform && len(choice.Matches) > 0 {
		r.note(run, out, "Earlier decisions that may be related: "+discussions.MatchList(choice.Matches)+".")
	}
	if len(choice.Related) > 0 {
		r.note(run, out, discussions.RelatedNote(choice.Related))
	}
	return choice, nil
}

// note tells the reader now and puts the note in the decision the run will seal.
func (r *Runner) note(run *engine.Run, out *Outcome, n string) {
	out.Notes = append(out.Notes, n)
	run.AddNotes(n)
	r.warn(n)
}

// storedPriorCheck reports whether the session ran a prior-decision search before.
func (r *Runner) storedPriorCheck(ctx context.Context, id string) (bool, error) {
	_, err := r.Store.GetStep(ctx, id, discussions.PriorSearchStep)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, engine.ErrNotFound):
		return false, nil
	}
	return false, err
}
