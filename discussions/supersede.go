package discussions

import (
	"context"
	"errors"
	"fmt"
)

// checkSupersedes makes sure that the discussion a decision supersedes is a decision
// war-room recorded before anything names it or writes to it. Anything else (a look-alike
// someone opened in the category, a discussion that is gone) is superseded by nothing: the
// decision is published without the link, with a warning, and nothing is written to it.
func (p *Publisher) checkSupersedes(ctx context.Context, j *job) error {
	if j.Supersedes == 0 || j.supersededID != "" {
		return nil
	}
	id, ours, err := p.decisionID(ctx, j, j.Supersedes)
	if err != nil {
		return err
	}
	// A decision never supersedes itself: a session's own discussion, found by a re-run's
	// search before it finished publishing, is not an earlier decision.
	own, isOwn := j.listing.ours[Marker{Session: j.Decision.SessionID, Part: partBody}]
	if ours && !(isOwn && own.Number == j.Supersedes) {
		j.supersededID = id
		return nil
	}
	j.warn(p, fmt.Sprintf("#%d is %s; the new decision supersedes nothing and nothing was written to #%d",
		j.Supersedes, errNotOurDecision, j.Supersedes))
	j.Supersedes = 0
	j.r = Render(j.Decision, RenderOptions{FullRecord: j.FullRecord, Record: j.Record})
	j.res.Truncated = j.r.Truncated
	return nil
}

// decisionID finds discussion number in the listing, or else asks for it (it may have moved
// to another category), and says whether it is a decision war-room recorded.
func (p *Publisher) decisionID(ctx context.Context, j *job, number int) (string, bool, error) {
	if d, ok := j.listing.byNumber(number); ok {
		return fmt.Sprint(d.ID), isOurDecision(d.Author, d.Body, j.info.login), nil
	}
	_, th, err := p.ourComments(ctx, j.Repo, number, j.Decision.SessionID, j.info.login)
	if errors.Is(err, errDiscussionMissing) {
		return "", false, nil
	}
	return th.ID, th.Decision, err
}
