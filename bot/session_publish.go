package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
)

// publisher builds the Discussions publisher for one run. Its state lives in the run's
// store; across runs, markers on GitHub are what keeps publishing idempotent.
func (d *Deps) publisher(cfg *config.Config, store engine.Store, out *Outcome) *discussions.Publisher {
	dc := cfg.GitHub.Discussions
	p := discussions.New(discussions.Options{APIURL: d.GitHub.APIURL, GraphQLURL: d.GitHub.GraphQLURL,
		HTTPClient: d.GitHub.HTTP, Login: d.GitHub.Login, State: discussions.RecordState{Store: store},
		Category: dc.Category, Labels: dc.Labels, MutationSpacing: dc.MutationSpacing, DeferredIssues: dc.DeferredIssues})
	p.Warn = func(msg string) { d.log().Warn("discussions: " + msg) }
	return p
}

func discussionsRepo(r Repo) discussions.Repo { return discussions.Repo{Owner: r.Owner, Name: r.Name} }

// priorCheck looks for earlier decisions on the question before anything is spent. With
// nobody to ask, an "ask" check only informs. Only decisions war-room recorded are offered;
// other discussions on the topic are noted as related and nothing is done about them. A failed search is a note, not a stop: the
// check is advice, and a deliberation should not hang on search.
func (r *sessionRun) priorCheck(ctx context.Context, canAsk bool) (discussions.PriorChoice, error) {
	mode := discussions.PriorMode(r.cfg.GitHub.Discussions.PriorCheck)
	if r.pub == nil {
		mode = discussions.PriorOff
	}
	if mode == discussions.PriorAsk && !canAsk {
		mode = discussions.PriorInform
	}
	question := r.out.State.Question
	find := func(ctx context.Context) ([]discussions.PriorMatch, error) {
		return r.pub.FindPrior(ctx, discussionsRepo(r.repo), question)
	}
	choice, err := discussions.CheckPriorRun(ctx, r.run, mode, find)
	var gate *engine.GateError
	if err != nil && !errors.As(err, &gate) {
		r.out.Notes = append(r.out.Notes, "The prior-decision check could not search Discussions: "+err.Error())
		return discussions.PriorChoice{Action: discussions.PriorNone}, nil
	}
	if mode == discussions.PriorInform && len(choice.Matches) > 0 {
		r.out.Notes = append(r.out.Notes, "Earlier decisions that may be related: "+discussions.MatchList(choice.Matches))
	}
	if err == nil && len(choice.Related) > 0 {
		r.out.Notes = append(r.out.Notes, discussions.RelatedNote(choice.Related))
	}
	return choice, err
}

// reaffirm ends the session with a note that decision #N stands: no deliberation, one
// comment on the reaffirmed discussion.
func (r *sessionRun) reaffirm(ctx context.Context, c discussions.PriorChoice) {
	s := r.run.Session()
	d := discussions.ReaffirmedDecision(s, r.out.State.Question, c, r.run.Now())
	raw, err := json.Marshal(d)
	if err == nil {
		err = r.run.PutArtifact(ctx, "decision.json", raw)
	}
	if err = r.run.Finish(ctx, err); err != nil {
		r.out.fail(ClassInternal, err)
		return
	}
	r.out.Decision, r.out.Reaffirmed, r.out.State.Status, r.out.State.Gate = d, c.Number, StatusCompleted, nil
	_, err = r.pub.Reaffirm(ctx, discussions.ReaffirmRequest{Repo: discussionsRepo(r.repo), Number: c.Number,
		SessionID: s.ID, Question: r.out.State.Question})
	if err != nil {
		r.out.fail(ClassGitHub, fmt.Errorf("record the reaffirmation on #%d: %w", c.Number, err))
		return
	}
	for _, m := range c.Matches {
		if m.Number == c.Number {
			r.out.State.Discussion = m.URL
		}
	}
}

// publish sends the decision to Discussions, superseding the decision the prior check's
// "proceed" named. A publish that fails leaves the decision in the run's summary.
func (r *sessionRun) publish(ctx context.Context, d *engine.Decision, c discussions.PriorChoice) {
	supersedes := 0
	if c.Action == discussions.PriorSupersede {
		supersedes = c.Number
	}
	res, err := r.pub.Publish(ctx, discussions.Request{Repo: discussionsRepo(r.repo), Decision: d,
		Supersedes: supersedes, FullRecord: r.d.Settings.RunURL})
	if err != nil {
		r.out.fail(ClassGitHub, fmt.Errorf("the decision was reached but not published: %w", err))
		return
	}
	r.out.Published, r.out.State.Discussion = res, res.URL
	if res.Skipped != "" {
		r.out.Notes = append(r.out.Notes, res.Skipped)
	}
	r.out.Notes = append(r.out.Notes, res.Warnings...)
}
