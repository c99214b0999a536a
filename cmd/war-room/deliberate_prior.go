package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/warroom"
)

// priorSearchStep is the step discussions.CheckPriorRun stores its search under.
const priorSearchStep = "prior-decision/search"

// priorCheck is the prior-decision check of a deliberation started with --repo: before any
// model is paid for, the repository's decisions are searched for the question's topic. The
// choice is stored with the session (the search as a step, the answer as the gate
// discussions.PriorGateKey), where `war-room publish` finds it to link the new decision to
// the one it supersedes, or to note a reaffirmation.
type priorCheck struct {
	repo discussions.Repo
	mode discussions.PriorMode
	find func(context.Context) ([]discussions.PriorMatch, error)
}

// newPriorCheck prepares the check for --repo, or returns nil when there is nothing to check.
// A person at the terminal is asked; with nobody to ask, an "ask" check only informs, as a
// run from the Actions tab does.
func newPriorCheck(e *env, s *setup, g githubFlags, question string) (*priorCheck, error) {
	if g.repo == "" {
		return nil, nil
	}
	repo, err := discussions.ParseRepo(g.repo)
	if err != nil {
		return nil, exitErr(exitUsage, err)
	}
	mode := discussions.PriorMode(s.Config.GitHub.Discussions.PriorCheck)
	if mode == discussions.PriorOff {
		return nil, nil
	}
	if mode == discussions.PriorAsk && !e.isTTY {
		mode = discussions.PriorInform
	}
	p, err := g.publisher(e, s.Config, s.Store)
	if err != nil {
		return nil, err
	}
	find := func(ctx context.Context) ([]discussions.PriorMatch, error) { return p.FindPrior(ctx, repo, question) }
	return &priorCheck{repo: repo, mode: mode, find: find}, nil
}

// resumedPriorCheck is the check of a resumed session that ran one: its search is stored, so
// nothing is searched again, and a question left unanswered is asked again (at a terminal).
func resumedPriorCheck(ctx context.Context, e *env, st engine.Store, id string) (*priorCheck, error) {
	if _, err := st.GetStep(ctx, id, priorSearchStep); errors.Is(err, engine.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("read the prior-decision check of %s: %w", id, err)
	}
	mode := discussions.PriorInform
	if _, err := st.GetGate(ctx, id, discussions.PriorGateKey); err == nil {
		mode = discussions.PriorAsk
	}
	stored := func(context.Context) ([]discussions.PriorMatch, error) {
		return nil, errors.New("the prior-decision search of a resumed session is not repeated")
	}
	return &priorCheck{mode: mode, find: stored}, nil
}

// run runs the check inside r. It returns the session's decision when the session ends at the
// check (reaffirm), else notes for the decision the deliberation will reach. A search that
// fails is a warning, never a stop: the check is advice.
func (c *priorCheck) run(ctx context.Context, e *env, r *engine.Run) (*engine.Decision, []string, error) {
	if c == nil {
		return nil, nil, nil
	}
	choice, err := discussions.CheckPriorRun(ctx, r, c.mode, c.find)
	var gate *engine.GateError
	if errors.As(err, &gate) || ctx.Err() != nil {
		return nil, nil, err
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "warning: %v; deliberating without it\n", err)
		return nil, []string{"The prior-decision check could not search Discussions: " + err.Error()}, nil
	}
	id := r.Session().ID
	switch choice.Action {
	case discussions.PriorReaffirm:
		q, _ := r.Session().Input(warroom.InputQuestion)
		d := discussions.ReaffirmedDecision(r.Session(), q, choice, r.Now())
		err := r.Seal(ctx, d, nil)
		fmt.Fprintf(e.stderr, "no deliberation: #%d stands; record that on it with: war-room publish %s --repo %s\n",
			choice.Number, id, c.repoOr("OWNER/NAME"))
		return d, nil, err
	case discussions.PriorSupersede:
		fmt.Fprintf(e.stderr, "the new decision will supersede #%d when published: war-room publish %s --repo %s\n",
			choice.Number, id, c.repoOr("OWNER/NAME"))
	}
	var notes []string
	if c.mode == discussions.PriorInform && len(choice.Matches) > 0 {
		list := discussions.MatchList(choice.Matches)
		fmt.Fprintf(e.stderr, "earlier decisions that may be related: %s\n", list)
		notes = append(notes, "Earlier decisions that may be related: "+list+".")
	}
	if len(choice.Related) > 0 {
		note := discussions.RelatedNote(choice.Related)
		fmt.Fprintf(e.stderr, "%s\n", note)
		notes = append(notes, note)
	}
	return nil, notes, nil
}

func (c *priorCheck) repoOr(placeholder string) string {
	if c.repo.Owner == "" {
		return placeholder
	}
	return c.repo.String()
}

// priorGateOutcome tells how to answer the prior-decision question: only `deliberate
// --resume` at a terminal asks it again (`war-room resume` would deliberate without it).
func priorGateOutcome(gate *engine.GateError, id string) error {
	return exitErr(exitAwaiting, fmt.Errorf("%s\nanswer it at a terminal: war-room deliberate --resume %s", gate.Gate.Question, id))
}
