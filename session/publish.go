package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/verify"
)

// publish sends a completed session's decision where it was asked to go, or records the
// reaffirmation it ended in. Every write is found again by its marker before it is made, so
// running this again after any interruption completes exactly what is missing.
func (r *Runner) publish(ctx context.Context, req Request, out *Outcome) {
	s := out.Session
	prior, err := discussions.PriorFromGate(ctx, r.Store, s.ID)
	if err != nil {
		out.Err = &PublishError{Err: err}
		return
	}
	if prior.Action == discussions.PriorReaffirm {
		url, err := r.Publisher.Reaffirm(ctx, discussions.ReaffirmRequest{Repo: *req.Repo, Number: prior.Number,
			SessionID: s.ID, Question: question(s)})
		if err != nil {
			out.Err = &PublishError{Err: fmt.Errorf("record the reaffirmation on #%d: %w", prior.Number, err)}
			return
		}
		out.Reaffirmed, out.ReaffirmedURL = prior.Number, url
		return
	}
	pr := discussions.Request{Repo: *req.Repo, Decision: out.Decision, FullRecord: req.FullRecord}
	// The verifiable record goes with it, so that anyone can check the decision from GitHub
	// alone; a decision an older war-room wrote has none to publish.
	if rec, err := verify.Export(ctx, r.Store, s.ID); err == nil {
		pr.Record = rec
	} else if !errors.Is(err, engine.ErrNotFound) {
		out.Err = &PublishError{Err: err}
		return
	}
	if prior.Action == discussions.PriorSupersede {
		pr.Supersedes = prior.Number
	}
	res, err := r.Publisher.Publish(ctx, pr)
	if err != nil {
		out.Err = &PublishError{Err: err}
		return
	}
	out.Published = res
	if res.Skipped != "" {
		out.Notes = append(out.Notes, res.Skipped)
	}
	out.Notes = append(out.Notes, res.Warnings...)
}
