package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/engine"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

// maxIssueContextBytes bounds the issue text kept as context (and in the state marker).
const maxIssueContextBytes = 12 << 10

// start begins a new session: the protocol and its flag values are checked first (no
// spend), then the progress comment is written with the state marker, then the session runs.
func (t *commandThread) start(ctx context.Context, cfg *loadedConfig, cmd command) error {
	if err := protocols.Available(cmd.Protocol); err != nil {
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("@%s %s.", t.ev.Comment.User.Login, safetext.Inline(err.Error())))
		return nil
	}
	if done, err := t.again(ctx, cfg); done || err != nil {
		if !done {
			t.fail(ctx, classGitHub, err)
		}
		return err
	}
	seed, source := engine.NewSeed(), "crypto/rand"
	if cmd.Seed != nil {
		seed, source = *cmd.Seed, "--seed"
	}
	st := thread.State{Session: engine.NewSessionID(), Protocol: cmd.Protocol, Question: cmd.Question,
		Flags: cmd.Flags, Context: t.context(cmd), Seed: seed, SeedSource: source,
		Answers: protocols.FlagAnswers(cmd.Protocol, cmd.Flags),
		Status:  thread.StatusRunning, Requester: t.ev.Comment.User.Login, CommentID: t.ev.Comment.ID}
	st.Supersede = cmd.Supersede
	if refused, err := t.refuse(ctx, cfg, st); refused || err != nil {
		return err
	}
	// One command, one session: a second delivery of this comment (another delivery id, a
	// replayed body) finds the session the first claimed, and the retry of a job that died
	// before writing anything continues it under the same id and seed.
	c, first, err := claimCommand(ctx, t.store, commandClaim(t.repo, st.CommentID), st)
	if err != nil {
		return err
	}
	if !first {
		t.log.Info("this command's session was claimed before; continuing it", "session", c.Session)
		st.Session, st.Seed = c.Session, c.Seed
	}
	body := thread.Render(st)
	pc, err := t.d.GitHub.EnsureProgress(ctx, t.repo, t.ev.Issue.Number, t.ev.Comment.ID, body)
	if err != nil {
		t.fail(ctx, classGitHub, err)
		return err
	}
	return t.run(ctx, cfg, st, pc.GetID())
}

// refuse answers a command that must not start, before anything is claimed or posted: one
// the protocols refuse or the deployment's ceilings do not allow (a bad flag value,
// --passes over the bound), or one from an installation that has reached its daily ceiling.
func (t *commandThread) refuse(ctx context.Context, cfg *loadedConfig, st thread.State) (bool, error) {
	why := ""
	if err := t.d.runner(cfg, t.store, nil).Check(t.d.withFiles(ctx, t.repo, sessionRequest(st))); err != nil {
		why = err.Error()
	} else if spent, err := t.d.spentForToday(ctx, t.store); err != nil {
		return true, err
	} else if spent != "" {
		why = "Not started: " + spent + ". The count starts again at 00:00 UTC."
	}
	if why == "" {
		return false, nil
	}
	t.log.Info("refused before any call", "why", why)
	t.react(ctx, reactionConfused)
	t.reply(ctx, fmt.Sprintf("@%s %s", st.Requester, safetext.Inline(why)))
	return true, nil
}

// again handles a command this bot has seen before (a retried job, a redelivery, a re-run
// workflow): a session that is still running or failed continues under its own id, seed and
// progress comment, so stored steps are reused and nothing is posted twice; one that
// completed, was cancelled or waits for an answer is left alone. done is false for a command
// seen for the first time.
func (t *commandThread) again(ctx context.Context, cfg *loadedConfig) (done bool, err error) {
	comments, err := t.d.GitHub.OurComments(ctx, t.repo, t.ev.Issue.Number)
	if err != nil {
		return false, err
	}
	tr, ok := thread.ForCommand(comments, t.d.GitHub.Login, t.ev.Comment.ID)
	if !ok {
		return false, nil
	}
	switch tr.State.Status {
	case thread.StatusRunning, thread.StatusFailed:
		st := tr.State
		st.Status = thread.StatusRunning
		t.log.Info("continuing the session this command started", "session", st.Session)
		return true, t.run(ctx, cfg, st, tr.CommentID)
	}
	t.log.Info("command already handled", "session", tr.State.Session, "status", tr.State.Status)
	t.concluded(ctx, tr.State)
	return true, nil
}

// context is the command's further lines and the issue itself, kept verbatim (the issue cut
// to MaxIssueContextBytes, saying so) so that a later run feeds the same inputs.
func (t *commandThread) context(cmd command) []thread.Input {
	var out []thread.Input
	if cmd.Context != "" {
		out = append(out, thread.Input{Name: protocols.CommentContext, Text: cmd.Context})
	}
	issue := fmt.Sprintf("#%d %s\n\n%s", t.ev.Issue.Number, t.ev.Issue.Title, t.ev.Issue.Body)
	if len(issue) > maxIssueContextBytes {
		cut := strings.ToValidUTF8(issue[:maxIssueContextBytes], "")
		issue = cut + "\n\n[the issue text is cut here: it is longer than war-room keeps]"
	}
	return append(out, thread.Input{Name: "context:issue", Text: issue})
}

// run runs the session with the progress comment following it, then concludes. From here on
// every line logged names the session.
func (t *commandThread) run(ctx context.Context, cfg *loadedConfig, st thread.State, progressID int64) error {
	d := *t.d
	t.log = t.log.With("session", st.Session)
	d.Log, t.d = t.log, &d
	noteSession(ctx, st.Session)
	t.log.Info("session: running", "protocol", st.Protocol)
	p := thread.NewProgress(repoComments{t.d.GitHub, t.repo}, progressID, st, t.d.now, cfg.GitHub.Progress.Throttle,
		func(err error) { t.log.Warn("progress comment", "err", err) })
	out := t.d.runSession(ctx, cfg, t.repo, st, []events.Sink{p}, true, commandClaim(t.repo, st.CommentID))
	if unpublished(out) && retriedOnFailure(ctx) {
		// The decision is sealed in the store; GitHub would not take it even after the write
		// layer's retries. The thread is not told of a failure the next attempt is likely to
		// mend: that attempt finds this command's progress comment still running, continues
		// the session (nothing is asked of a model again) and publishes what is missing.
		t.log.Warn("session: decided but not published; the job is run again", "err", out.Err)
		return &lostError{What: "the decision's publication", Err: out.Err}
	}
	return t.conclude(ctx, p, out)
}

// unpublished reports whether out is a session that reached its decision but whose
// publication failed in a way a later attempt may mend: anything but GitHub's refusal.
func unpublished(out *runReport) bool {
	var pe *session.PublishError
	if out.State.Status != thread.StatusFailed || !errors.As(out.Err, &pe) {
		return false
	}
	ae, ok := wr.AsAPIError(pe.Err)
	return !ok || ae.Kind != wr.Permanent
}

// answer continues the session waiting on this thread with the reply's answer.
func (t *commandThread) answer(ctx context.Context, cfg *loadedConfig, cmd command) error {
	tr, ok := t.waiting(ctx)
	if !ok {
		return nil
	}
	g := tr.State.Gate
	ans := cmd.Answer()
	if !slices.Contains(g.Choices, ans) {
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("@%s `%s %s` does not answer the open question. Reply with one of:\n\n- `%s`",
			t.ev.Comment.User.Login, prefix, ans, strings.Join(thread.ReplyCommands(g), "`\n- `")))
		return nil
	}
	st := tr.State
	st.Answers = maps.Clone(st.Answers)
	if st.Answers == nil {
		st.Answers = map[string]string{}
	}
	st.Answers[g.Key], st.Gate, st.Status = ans, nil, thread.StatusRunning
	if err := t.d.GitHub.EditComment(ctx, t.repo, tr.CommentID, thread.Render(st)); err != nil {
		t.fail(ctx, classGitHub, err)
		return err
	}
	return t.run(ctx, cfg, st, tr.CommentID)
}

// cancel ends the waiting session: nothing more runs for it.
func (t *commandThread) cancel(ctx context.Context) error {
	tr, ok := t.waiting(ctx)
	if !ok {
		return nil
	}
	st := tr.State
	st.Status, st.Gate = thread.StatusCancelled, nil
	if err := t.d.GitHub.EditComment(ctx, t.repo, tr.CommentID, thread.Render(st)); err != nil {
		t.fail(ctx, classGitHub, err)
		return err
	}
	t.react(ctx, reactionRocket)
	t.reply(ctx, fmt.Sprintf("@%s Cancelled session `%s`.", t.ev.Comment.User.Login, st.Session))
	return nil
}

// waiting finds the session on this thread that waits for an answer, replying when there
// is none.
func (t *commandThread) waiting(ctx context.Context) (thread.Tracked, bool) {
	comments, err := t.d.GitHub.OurComments(ctx, t.repo, t.ev.Issue.Number)
	if err != nil {
		t.log.Warn("list comments", "err", err)
	}
	tr, ok := thread.Latest(comments, t.d.GitHub.Login)
	if err == nil && ok && tr.State.Status == thread.StatusAwaiting && tr.State.Gate != nil {
		return tr, true
	}
	t.react(ctx, reactionConfused)
	t.reply(ctx, fmt.Sprintf("@%s No war-room session here is waiting for an answer.", t.ev.Comment.User.Login))
	return thread.Tracked{}, false
}
