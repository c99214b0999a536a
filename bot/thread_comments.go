package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/bot/thread"
	wr "github.com/war-room/war-room/internal/github"
)

// replyMarker is the hidden first line of the one reply to command comment id: a re-run
// finds its reply by it rather than posting a second.
func replyMarker(id int64) string { return wr.MarkerLine(fmt.Sprintf("reply comment=%d", id)) }

// isReplyTo says whether c (ours) is the reply to command comment id.
func isReplyTo(c *github.IssueComment, id int64) bool {
	return strings.HasPrefix(c.GetBody(), replyMarker(id)+"\n")
}

// EnsureProgress returns the progress comment that command comment commandID started on
// issue n, writing it with body when there is none.
func (g *gitHub) EnsureProgress(ctx context.Context, repo Repo, n int, commandID int64, body string) (*github.IssueComment, error) {
	c, _, err := g.EnsureComment(ctx, repo, n, "progress comment", body, func(c *github.IssueComment) bool {
		s, ok := thread.ParseState(c.GetBody())
		return ok && s.CommentID == commandID
	})
	return c, err
}

// PutReply makes the one reply to command comment commandID on issue n say text: posted
// when missing, edited when an earlier run posted it with other words. A re-run of a
// command never stacks a second reply.
func (g *gitHub) PutReply(ctx context.Context, repo Repo, n int, commandID int64, text string) error {
	body := replyMarker(commandID) + "\n" + text
	c, created, err := g.EnsureComment(ctx, repo, n, "reply", body, func(c *github.IssueComment) bool { return isReplyTo(c, commandID) })
	if err != nil || created || c.GetBody() == body {
		return err
	}
	return g.EditComment(ctx, repo, c.GetID(), body)
}

// EnsureReply posts the reply to command comment commandID with text only when there is
// none yet: a run that finds the command handled completes what is missing and changes
// nothing that was written.
func (g *gitHub) EnsureReply(ctx context.Context, repo Repo, n int, commandID int64, text string) error {
	_, _, err := g.EnsureComment(ctx, repo, n, "reply", replyMarker(commandID)+"\n"+text,
		func(c *github.IssueComment) bool { return isReplyTo(c, commandID) })
	return err
}

// repoComments edits the comments of one repository: a thread's progress comment.
type repoComments struct {
	g    *gitHub
	repo Repo
}

func (r repoComments) EditComment(ctx context.Context, id int64, body string) error {
	return r.g.EditComment(ctx, r.repo, id, body)
}
