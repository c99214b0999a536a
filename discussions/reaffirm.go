package discussions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/engine"
)

// ReaffirmedDecision is the record of a session that ended at the prior-decision check with
// "reaffirm #N": no deliberation, a note saying which decision stands. The caller stores it
// as the session's decision.json and finishes the run. question is the session's question
// (protocols name that input differently).
func ReaffirmedDecision(s *engine.Session, question string, c PriorChoice, now time.Time) *decision.Decision {
	title := fmt.Sprintf("decision #%d", c.Number)
	for _, m := range c.Matches {
		if m.Number == c.Number {
			title = fmt.Sprintf("#%d %s", m.Number, m.Title)
		}
	}
	return &decision.Decision{
		Protocol: s.Protocol, Title: s.Title, Question: question, SessionID: s.ID, Seed: s.Seed,
		Outcome:   "Reaffirmed " + title + ".",
		Notes:     []string{fmt.Sprintf("Reaffirmed decision #%d; no new deliberation was held.", c.Number)},
		CreatedAt: now,
	}
}

// ReaffirmRequest records on discussion Number that session SessionID reaffirmed it.
type ReaffirmRequest struct {
	Repo      Repo
	Number    int
	SessionID string
	Question  string
}

type reaffirmState struct {
	CommentID string `json:"comment_id,omitempty"`
}

// Reaffirm comments on the reaffirmed discussion, once: a retry finds the earlier comment by
// its marker. It returns the comment's node ID, or "" when Discussions are unavailable. A
// discussion that is not a decision war-room recorded is never written to: the error wraps
// ErrNotOurDecision.
func (p *Publisher) Reaffirm(ctx context.Context, req ReaffirmRequest) (string, error) {
	defer p.begin()()
	key := stateKey(req.Repo, req.SessionID) + "/" + partReaffirmed
	var st reaffirmState
	if _, err := loadJSON(ctx, p.state, key, &st); err != nil || st.CommentID != "" {
		return st.CommentID, err
	}
	body := Marker{Session: req.SessionID, Part: partReaffirmed}.String() + "\n" +
		execute("reaffirmed.md.tmpl", map[string]any{"Date": dateOf(p.now()),
			"Question": safetext.Inline(req.Question), "SessionID": req.SessionID}) + "\n"
	err := p.retry(ctx, "reaffirm #"+fmt.Sprint(req.Number), func(ctx context.Context) error {
		info, err := p.lookup(ctx, req.Repo)
		if err != nil {
			return err
		}
		if why := unavailable(info, p.Category, req.Repo); why != "" {
			p.warn(why)
			return nil
		}
		got, th, err := p.ourComments(ctx, req.Repo, req.Number, req.SessionID, info.login)
		if errors.Is(err, errDiscussionMissing) {
			return fmt.Errorf("reaffirm: discussion #%d not found in %s", req.Number, req.Repo)
		} else if err != nil {
			return err
		}
		if !th.Decision {
			return fmt.Errorf("reaffirm: #%d in %s is %w; nothing was written to it", req.Number, req.Repo, errNotOurDecision)
		}
		if c, ok := got[partReaffirmed]; ok {
			st.CommentID = fmt.Sprint(c.ID)
		} else {
			if st.CommentID, err = p.addComment(ctx, th.ID, body); err != nil {
				return fmt.Errorf("reaffirm #%d: %w", req.Number, err)
			}
		}
		return saveJSON(ctx, p.state, key, &st)
	})
	return st.CommentID, err
}
