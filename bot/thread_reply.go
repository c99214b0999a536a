package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/safetext"
)

// sessionError is a session that ended in failure; the handler returns it so the Action's
// step fails (the reply has already told the thread why).
type sessionError struct {
	Session, Class string
	Err            error
}

func (e *sessionError) Error() string {
	return fmt.Sprintf("session %s failed (%s): %v", e.Session, e.Class, e.Err)
}
func (e *sessionError) Unwrap() error { return e.Err }

// conclude writes how the run ended: the progress comment's last edit, a reaction on the
// comment that triggered the run, one reply, and the step's outputs. Each is written even
// when one before it failed; what could not be written is kept in t.lost for the handler
// to return.
func (t *commandThread) conclude(ctx context.Context, p *thread.Progress, out *runReport) error {
	res := thread.Result{DiscussionURL: out.State.Discussion, Reaffirmed: out.Reaffirmed, Class: out.Class, Notes: out.Notes}
	res.Detail = threadDetail(out.Class, out.Err, t.d.Settings.RunURL)
	if out.Class != "" {
		t.log.Warn("session: run ended", "status", out.State.Status, "class", out.Class)
	} else {
		t.log.Info("session: run ended", "status", out.State.Status)
	}
	if err := p.Finish(ctx, out.State, res); err != nil {
		t.lose("the progress comment's final state", err)
	}
	who := "@" + t.ev.Comment.User.Login
	switch out.State.Status {
	case thread.StatusAwaiting:
		t.reply(ctx, awaitingText(who, out.State))
	case thread.StatusCompleted:
		t.react(ctx, reactionRocket)
		t.reply(ctx, who+" "+completedText(out))
	default:
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("%s The session failed (%s): %s", who, out.Class,
			safetext.FirstLine(res.Detail, 500)))
	}
	t.d.report(out)
	if out.State.Status == thread.StatusFailed {
		return &sessionError{Session: out.State.Session, Class: out.Class, Err: out.Err}
	}
	return nil
}

func awaitingText(who string, st thread.State) string {
	return who + " The session is waiting for an answer before it goes on.\n\n" + thread.GateText(st.Gate)
}

// concluded completes what a run that ended before left unwritten, for a command found
// already handled (a re-run, a retried job): the outcome reaction and the reply, each only
// if missing. Nothing is spent and nothing written is changed.
func (t *commandThread) concluded(ctx context.Context, st thread.State) {
	who := "@" + t.ev.Comment.User.Login
	text := ""
	switch st.Status {
	case thread.StatusCompleted:
		t.react(ctx, reactionRocket)
		text = who + " " + completedText(&runReport{State: st})
	case thread.StatusAwaiting:
		text = awaitingText(who, st)
	default:
		return
	}
	if err := t.d.GitHub.EnsureReply(ctx, t.repo, t.ev.Issue.Number, t.ev.Comment.ID, text); err != nil {
		t.lose("the reply", err)
	}
}

// completedText says where the decision is: the discussion, the reaffirmed decision, or
// (publishing off or skipped) the outcome itself.
func completedText(out *runReport) string {
	switch {
	case out.Reaffirmed > 0:
		return fmt.Sprintf("Decision #%d is reaffirmed; no new deliberation was held. %s", out.Reaffirmed, out.State.Discussion)
	case out.State.Discussion != "":
		return "The decision is published: " + out.State.Discussion + footerText(out.Decision)
	}
	var b strings.Builder
	b.WriteString("The session reached a decision; it was not published to Discussions.\n\n")
	if d := out.Decision; d != nil {
		fmt.Fprintf(&b, "**%s**\n\n%s\n", safetext.Inline(safetext.FirstLine(d.Title, 256)), safetext.Quote(d.Outcome))
	}
	b.WriteString(footerText(out.Decision))
	return b.String()
}

// footerText is the decision's one-line account (time, calls, seats, margin, open
// trip-wires) where its protocol gives one, so that the thread shows it with the outcome.
func footerText(d *decision.Decision) string {
	if d == nil || d.Metrics["footer"] == "" {
		return ""
	}
	return "\n\n" + safetext.Inline(safetext.FirstLine(d.Metrics["footer"], 256))
}

// fail reports a failure that happened before any session existed.
func (t *commandThread) fail(ctx context.Context, class string, err error) {
	t.react(ctx, reactionConfused)
	t.reply(ctx, fmt.Sprintf("@%s war-room could not start (%s):\n\n%s", t.ev.Comment.User.Login, class,
		safetext.Code(err.Error())))
}

// react adds a reaction to the comment that triggered this run; an outcome reaction
// (rocket, confused) replaces our other one. A failure is kept in t.lost, except for eyes:
// the receipt is no outcome anyone waits for.
func (t *commandThread) react(ctx context.Context, content string) {
	var err error
	if slices.Contains(finalReactions, content) {
		err = t.d.GitHub.Conclude(ctx, t.repo, t.ev.Comment.ID, content)
	} else {
		err = t.d.GitHub.React(ctx, t.repo, t.ev.Comment.ID, content)
	}
	switch {
	case err == nil:
	case content == reactionEyes:
		t.log.Warn("reaction", "content", content, "err", err)
	default:
		t.lose("the "+content+" reaction", err)
	}
}

// reply makes the one reply to the triggering comment say body (posted, or edited when an
// earlier run of the same command posted it); a failure is kept in t.lost.
func (t *commandThread) reply(ctx context.Context, body string) {
	if err := t.d.GitHub.PutReply(ctx, t.repo, t.ev.Issue.Number, t.ev.Comment.ID, body); err != nil {
		t.lose("the reply", err)
	}
}

// lose records a write the user should have seen that failed after every retry.
func (t *commandThread) lose(what string, err error) {
	t.log.Warn("lost: "+what, "err", err)
	t.lost = append(t.lost, &lostError{What: what, Err: err})
}

// lostError is a write a user should have seen (a reply, an outcome reaction, the progress
// comment's final state) that failed after every retry. The handler returns it, so that the
// Action's step fails and the App's job runs again: the next run finds what was written and
// writes what is missing.
type lostError struct {
	What string
	Err  error
}

func (e *lostError) Error() string { return fmt.Sprintf("%s was not written: %v", e.What, e.Err) }
func (e *lostError) Unwrap() error { return e.Err }
