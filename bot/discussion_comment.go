package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/internal/safetext"
)

// DiscussionComment handles discussion_comment events: on a decision's discussion,
// "/war-room outcome held|reversed|partly <what happened>" records the decision's outcome and
// "/war-room reopen <what changed>" deliberates its question again (reopen.go). Deliberations
// otherwise start on issues; any other command here gets a reply saying so.
type DiscussionComment struct{ Deps *Deps }

// Handles names the events this handler takes.
func (h *DiscussionComment) Handles() []string { return []string{"discussion_comment"} }

// Handle acts on one discussion_comment delivery, in the order an issue comment is handled:
// only a created comment whose first line is a command does anything, nothing is written
// before the author is known not to be ourselves or an ignored bot, and nothing before the
// author's permission is checked.
func (h *DiscussionComment) Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error {
	var ev discussionCommentEvent
	if err := decode(eventType, payload, &ev); err != nil {
		return err
	}
	log := h.Deps.log().With("delivery", deliveryID, "repo", ev.Repository.FullName,
		"discussion", fmt.Sprintf("%s#%d", ev.Repository.FullName, ev.Discussion.Number), "comment", ev.Comment.ID)
	author := ev.Comment.User.actor()
	if !h.Deps.isCommand(log, ev.Action, ev.Comment.Body, author) {
		return nil
	}
	d := *h.Deps
	d.Log = log
	repo := ev.Repository.repo()
	a, err := d.admit(ctx, log, repo, ev.Repository.defaultBranch(), author)
	switch {
	case err != nil:
		return err
	case a.ignored || !a.allowed:
		// An outsider's command on a public discussion gets no reply: replies there would let
		// anyone spend the installation's writes. The log says why.
		return nil
	case a.cfgErr != nil:
		return a.cfgErr // the configuration is broken: the App logs it, the Action's step fails with it
	}
	cfg, perm := a.cfg, a.perm
	// Two commands on one discussion never interleave: an outcome chains after the one before
	// it, so the second waits (the App retries it later) and then chains after the first.
	store, err := d.OpenStore(ctx)
	if err != nil {
		return fmt.Errorf("open the session store: %w", err)
	}
	defer store.Close()
	release, ok, err := d.holds(ctx, store, fmt.Sprintf("discussion:%s#%d", repo, ev.Discussion.Number))
	if err != nil {
		return err
	}
	if !ok {
		log.Info("another job is working on this discussion; retrying later")
		return errThreadBusy
	}
	defer release()
	p := d.discussionsPublisher(cfg.Config)
	replyTo := ev.Comment.NodeID
	if ev.Comment.ParentID != nil {
		replyTo = "" // a reply to a reply is not allowed: answer at the top level
	}
	reply := func(text string) error { return p.Reply(ctx, ev.Discussion.NodeID, replyTo, text) }
	cmd, _, err := parse(ev.Comment.Body, d.grammar(cfg))
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		return reply(fmt.Sprintf("@%s %s", author.Login, safetext.Inline(ue.Reason)))
	case cmd.Kind == kindReopen:
		return h.reopen(ctx, &d, cfg, &ev, cmd, perm, store, reply)
	case cmd.Kind != kindOutcome:
		return reply(fmt.Sprintf("@%s On a decision's discussion war-room takes `%s outcome held|reversed|partly <what happened>` "+
			"and `%s reopen <what changed>`; start a deliberation, or answer one, on an issue.", author.Login, prefix, prefix))
	case cmd.Number != 0 && cmd.Number != ev.Discussion.Number:
		return reply(fmt.Sprintf("@%s This is #%d; record the outcome of #%d on its own discussion, or leave the number out.",
			author.Login, ev.Discussion.Number, cmd.Number))
	}
	cmd.Number = ev.Discussion.Number
	text, err := d.recordOutcome(ctx, d.memoryBoard(cfg.Config, repo), cmd, author.Login, ev.Comment.HTMLURL)
	switch {
	case errors.As(err, &ue):
		return reply(fmt.Sprintf("@%s %s", author.Login, safetext.Inline(ue.Reason)))
	case err != nil:
		return err
	}
	log.Info("outcome recorded", "verdict", cmd.Verdict)
	return reply(fmt.Sprintf("@%s %s", author.Login, text))
}
