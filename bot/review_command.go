package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/internal/safetext"
)

// review runs the review lanes of the pull request this comment is on, on its current head,
// at the commenter's request: the way a maintainer starts the lanes a fork's pull request
// holds back (see pullRun.forkWaits). Where a ForkPermission is set, the commenter needs it.
func (t *commandThread) review(ctx context.Context, cfg *loadedConfig) error {
	who := "@" + t.ev.Comment.User.Login
	need := t.d.ForkPermission
	switch {
	case !t.onPull():
		t.react(ctx, reactionConfused)
		t.reply(ctx, who+" `"+prefix+" review` runs the review lanes of a pull request; this is an issue.")
		return nil
	case !t.d.Settings.Review:
		t.react(ctx, reactionConfused)
		t.reply(ctx, who+" Review lanes are off here, so there is nothing to start.")
		return nil
	case need != "" && !t.perm.Allows(need):
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("%s Starting review lanes needs `%s` permission on this repository; you have `%s`.", who, need, t.perm))
		return nil
	}
	ev, err := t.d.GitHub.pullEvent(ctx, t.repo, t.ev.Issue.Number)
	if err != nil {
		t.react(ctx, reactionConfused)
		return err
	}
	ev.Repository, ev.Sender = t.ev.Repository, t.ev.Comment.User
	t.log.Info("review lanes started by a comment", "login", t.ev.Comment.User.Login, "head", ev.PullRequest.Head.SHA)
	p := &pullRun{d: t.d, ev: ev, repo: t.repo, log: t.log.With("head", ev.PullRequest.Head.SHA), startedBy: t.ev.Comment.User.Login}
	if err := p.reviewWith(ctx, cfg); err != nil {
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("%s The review lanes could not run: %s", who, safetext.Inline(safetext.FirstLine(err.Error(), 500))))
		return err
	}
	t.react(ctx, reactionRocket)
	return nil
}

// onPull reports whether the comment is on a pull request (the event's issue carries a
// pull_request object then).
func (t *commandThread) onPull() bool {
	raw := strings.TrimSpace(string(t.ev.Issue.PullRequest))
	return raw != "" && raw != "null"
}

// pullEvent reads pull request n as a pull_request event would carry it, for lanes started
// by a comment.
func (g *gitHub) pullEvent(ctx context.Context, repo Repo, n int) (*pullRequestEvent, error) {
	pr, _, err := g.REST.PullRequests.Get(ctx, repo.Owner, repo.Name, n)
	if err != nil {
		return nil, fmt.Errorf("read pull request %s#%d: %w", repo, n, err)
	}
	ev := &pullRequestEvent{Number: n}
	ev.PullRequest.Number, ev.PullRequest.Draft = n, pr.GetDraft()
	ev.PullRequest.User = eventUser{Login: pr.GetUser().GetLogin(), Type: pr.GetUser().GetType()}
	ev.PullRequest.Head.SHA = pr.GetHead().GetSHA()
	if r := pr.GetHead().GetRepo(); r != nil {
		ev.PullRequest.Head.Repo = &struct {
			FullName string `json:"full_name"`
		}{FullName: r.GetFullName()}
	}
	return ev, nil
}
