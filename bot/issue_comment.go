package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

// IssueComment handles issue_comment events: /war-room commands and gate replies on issues
// and pull requests.
type IssueComment struct{ Deps *Deps }

// Handles names the events this handler takes.
func (h *IssueComment) Handles() []string { return []string{"issue_comment"} }

// Handle acts on one issue_comment delivery. Only a created comment whose first line is a
// command does anything; edits and deletions never do. The order matters: nothing is
// written before the author is known not to be ourselves or an ignored bot, and nothing is
// spent before the author's permission is checked.
func (h *IssueComment) Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error {
	var ev issueCommentEvent
	if err := decode(eventType, payload, &ev); err != nil {
		return err
	}
	log := h.Deps.log().With("delivery", deliveryID, "repo", ev.Repository.FullName,
		"thread", fmt.Sprintf("%s#%d", ev.Repository.FullName, ev.Issue.Number), "comment", ev.Comment.ID)
	author := ev.Comment.User.actor()
	if !h.Deps.isCommand(log, ev.Action, ev.Comment.Body, author) {
		return nil
	}
	d := *h.Deps // so that every line logged for this comment carries its attributes
	d.Log = log
	t := &commandThread{d: &d, ev: &ev, repo: ev.Repository.repo(), log: log}
	store, err := d.OpenStore(ctx)
	if err != nil {
		return fmt.Errorf("open the session store: %w", err)
	}
	defer store.Close()
	t.store = store
	// Two jobs on one thread never interleave: the second waits for the first (the App
	// retries it later), then finds what the first left on the thread.
	release, ok, err := d.holds(ctx, store, threadLease(t.repo, ev.Issue.Number))
	if err != nil {
		return err
	}
	if !ok {
		log.Info("another job is working on this thread; retrying later")
		return errThreadBusy
	}
	defer release()
	err = t.intake(ctx, author)
	return errors.Join(append([]error{err}, t.lost...)...)
}

// commandThread is one command comment being handled on its issue or pull request.
type commandThread struct {
	d    *Deps
	ev   *issueCommentEvent
	repo Repo
	log  *slog.Logger
	// store holds the command's claim and the thread's lease.
	store engine.Store
	// perm is the comment author's permission on the repository.
	perm permission
	// lost are the writes a user should have seen that failed after every retry.
	lost []error
}

func (t *commandThread) intake(ctx context.Context, author actor) error {
	a, err := t.d.admit(ctx, t.log, t.repo, t.ev.Repository.defaultBranch(), author)
	if err != nil {
		t.fail(ctx, classGitHub, err)
		return err
	}
	if a.ignored {
		return nil
	}
	cfg, cfgErr, min, perm := a.cfg, a.cfgErr, a.min, a.perm
	t.perm = perm
	// Nothing is written before the permission check passes: an outsider's command costs
	// the installation's write queue one reply a day at most, and never a reaction.
	if !a.allowed {
		if t.firstRefusalToday(ctx, author.Login) {
			t.reply(ctx, fmt.Sprintf("@%s war-room needs `%s` permission on this repository to start or answer a session; you have `%s`. "+
				"(Further commands of yours today get no reply.)", author.Login, orDefaultPermission(min), perm))
		}
		return nil
	}
	t.react(ctx, reactionEyes)
	if cfgErr != nil {
		t.fail(ctx, classConfiguration, cfgErr)
		return cfgErr
	}
	g := t.d.grammar(cfg)
	cmd, _, err := parse(t.ev.Comment.Body, g)
	var ue *UsageError
	if errors.As(err, &ue) {
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("@%s %s\n\n%s", author.Login, safetext.Inline(ue.Reason), g.Usage()))
		return nil
	}
	return t.dispatch(ctx, cfg, cmd, g)
}

// firstRefusalToday says whether login has had no refusal in this installation this UTC day,
// and counts this one: a lease named for the installation, the user and the day, held until
// the day ends by this comment. A second command that day finds it held and is only logged;
// a retry of the same comment holds it already and replies again (its reply is found by its
// marker, not written twice). A store that cannot say errs towards replying.
func (t *commandThread) firstRefusalToday(ctx context.Context, login string) bool {
	now := t.d.Now().UTC()
	day := now.Truncate(24 * time.Hour)
	name := fmt.Sprintf("refusal:%d:%s:%s", t.d.Installation, strings.ToLower(login), day.Format("2006-01-02"))
	ok, err := t.store.AcquireLease(ctx, name, fmt.Sprintf("comment-%d", t.ev.Comment.ID), now, day.Add(24*time.Hour).Sub(now))
	if err != nil {
		t.log.Warn("refusal count unavailable; replying", "err", err)
		return true
	}
	if !ok {
		t.log.Info("refused again today: no reply", "login", login)
	}
	return ok
}

func (t *commandThread) dispatch(ctx context.Context, cfg *loadedConfig, cmd command, g Grammar) error {
	switch cmd.Kind {
	case kindHelp:
		t.reply(ctx, g.Usage())
		return nil
	case kindDoctor:
		return t.doctor(ctx, cfg)
	case kindReview:
		return t.review(ctx, cfg)
	case kindRun:
		return t.start(ctx, cfg, cmd)
	case kindCancel:
		return t.cancel(ctx)
	case kindOutcome, kindMemory:
		return t.memory(ctx, cfg, cmd)
	case kindReopen:
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("@%s `%s reopen` is said on the discussion of the decision to reopen.", t.ev.Comment.User.Login, prefix))
		return nil
	}
	return t.answer(ctx, cfg, cmd)
}

func orDefaultPermission(p config.Permission) config.Permission {
	if p == "" {
		return config.DefaultMinPermission
	}
	return p
}

func (d *Deps) configPath() string {
	if d.Settings.ConfigPath != "" {
		return d.Settings.ConfigPath
	}
	return config.DefaultPath
}
