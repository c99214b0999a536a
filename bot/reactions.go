package bot

import (
	"context"
	"fmt"
)

// Reactions the bot leaves on a command comment: eyes on receipt, then rocket when the
// session ended well (a decision, a reaffirmation, a posted gate question) or confused when
// it failed. Reactions are idempotent on GitHub (a repeat answers 200), so a retried run
// adds nothing.
const (
	ReactionEyes     = "eyes"
	ReactionRocket   = "rocket"
	ReactionConfused = "confused"
)

// React adds a reaction to an issue or pull-request comment.
func (g *GitHub) React(ctx context.Context, repo Repo, commentID int64, content string) error {
	_, _, err := g.REST.Reactions.CreateIssueCommentReaction(ctx, repo.Owner, repo.Name, commentID, content)
	if err != nil {
		return fmt.Errorf("react %s to comment %d in %s: %w", content, commentID, repo, err)
	}
	return nil
}
