package bot

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// Reactions the bot leaves on a command comment: eyes on receipt, then rocket when the
// session ended well (a decision, a reaffirmation, a cancellation) or confused when it
// failed. Reactions are idempotent on GitHub (a repeat answers 200), so a retried run adds
// nothing.
const (
	reactionEyes     = "eyes"
	reactionRocket   = "rocket"
	reactionConfused = "confused"
)

// finalReactions are the outcomes: a command shows one of them.
var finalReactions = []string{reactionRocket, reactionConfused}

// React adds a reaction to an issue or pull-request comment. Adding one that exists is
// harmless, so the request is repeated after an unknown outcome.
func (g *gitHub) React(ctx context.Context, repo Repo, commentID int64, content string) error {
	_, _, err := g.REST.Reactions.CreateIssueCommentReaction(wr.Idempotent(ctx), repo.Owner, repo.Name, commentID, content)
	if err != nil {
		return fmt.Errorf("react %s to comment %d in %s: %w", content, commentID, repo, err)
	}
	return nil
}

// Conclude leaves content (rocket or confused) as the command's outcome, and takes back our
// other outcome reaction, left by an earlier run that ended otherwise: the comment shows
// how the command ended last.
func (g *gitHub) Conclude(ctx context.Context, repo Repo, commentID int64, content string) error {
	if err := g.React(ctx, repo, commentID, content); err != nil {
		return err
	}
	opts := &github.ListOptions{PerPage: 100}
	for {
		page, resp, err := g.REST.Reactions.ListIssueCommentReactions(ctx, repo.Owner, repo.Name, commentID, opts)
		if err != nil {
			return fmt.Errorf("list reactions on comment %d in %s: %w", commentID, repo, err)
		}
		for _, r := range page {
			stale := r.GetContent() != content && slices.Contains(finalReactions, r.GetContent())
			if stale && wr.UserAuthor(r.GetUser()).Is(g.Login) {
				_, err := g.REST.Reactions.DeleteIssueCommentReaction(ctx, repo.Owner, repo.Name, commentID, r.GetID())
				if err != nil && !isNotFound(err) {
					return fmt.Errorf("take back %s on comment %d in %s: %w", r.GetContent(), commentID, repo, err)
				}
			}
		}
		if resp.NextPage == 0 {
			return nil
		}
		opts.Page = resp.NextPage
	}
}
