package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/discussions"
)

// SessionError is a session that ended in failure; the handler returns it so the Action's
// step fails (the reply has already told the thread why).
type SessionError struct {
	Session, Class string
	Err            error
}

func (e *SessionError) Error() string {
	return fmt.Sprintf("session %s failed (%s): %v", e.Session, e.Class, e.Err)
}
func (e *SessionError) Unwrap() error { return e.Err }

// conclude writes how the run ended: the progress comment's last edit, a reaction on the
// comment that triggered the run, one reply, and the step's outputs.
func (t *thread) conclude(ctx context.Context, p *Progress, out *Outcome) error {
	res := resultView{DiscussionURL: out.State.Discussion, Reaffirmed: out.Reaffirmed, Class: out.Class, Notes: out.Notes}
	res.Detail = threadDetail(out.Class, out.Err, t.d.Settings.RunURL)
	if out.Class != "" {
		t.log.Warn("session: run ended", "status", out.State.Status, "class", out.Class)
	} else {
		t.log.Info("session: run ended", "status", out.State.Status)
	}
	if err := p.finish(ctx, out.State, res); err != nil {
		t.log.Warn("final progress edit", "err", err)
	}
	who := "@" + t.ev.Comment.User.Login
	switch out.State.Status {
	case StatusAwaiting:
		t.reply(ctx, who+" The session is waiting for an answer before it goes on.\n\n"+gateText(out.State.Gate))
	case StatusCompleted:
		t.react(ctx, ReactionRocket)
		t.reply(ctx, who+" "+completedText(out))
	default:
		t.react(ctx, ReactionConfused)
		t.reply(ctx, fmt.Sprintf("%s The session failed (%s): %s", who, out.Class,
			discussions.Safe(firstLine(res.Detail, 500))))
	}
	t.d.report(out)
	if out.State.Status == StatusFailed {
		return &SessionError{Session: out.State.Session, Class: out.Class, Err: out.Err}
	}
	return nil
}

// completedText says where the decision is: the discussion, the reaffirmed decision, or
// (publishing off or skipped) the outcome itself.
func completedText(out *Outcome) string {
	switch {
	case out.Reaffirmed > 0:
		return fmt.Sprintf("Decision #%d is reaffirmed; no new deliberation was held. %s", out.Reaffirmed, out.State.Discussion)
	case out.State.Discussion != "":
		return "The decision is published: " + out.State.Discussion
	}
	var b strings.Builder
	b.WriteString("The session reached a decision; it was not published to Discussions.\n\n")
	if d := out.Decision; d != nil {
		fmt.Fprintf(&b, "**%s**\n\n%s\n", discussions.Safe(firstLine(d.Title, 256)), discussions.Safe(d.Outcome))
	}
	return b.String()
}

// fail reports a failure that happened before any session existed.
func (t *thread) fail(ctx context.Context, class string, err error) {
	t.react(ctx, ReactionConfused)
	t.reply(ctx, fmt.Sprintf("@%s war-room could not start (%s):\n\n```\n%s\n```", t.ev.Comment.User.Login, class,
		strings.ReplaceAll(err.Error(), "```", "`\u200b``")))
}

// react adds a reaction to the comment that triggered this run; a failure is logged only.
func (t *thread) react(ctx context.Context, content string) {
	if err := t.d.GitHub.React(ctx, t.repo, t.ev.Comment.ID, content); err != nil {
		t.log.Warn("reaction", "content", content, "err", err)
	}
}

// reply posts one comment on the thread; a failure is logged only.
func (t *thread) reply(ctx context.Context, body string) {
	if _, err := t.d.GitHub.Reply(ctx, t.repo, t.ev.Issue.Number, body); err != nil {
		t.log.Warn("reply", "err", err)
	}
}
