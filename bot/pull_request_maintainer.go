package bot

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/config"
)

// forkWaitsTitle is the neutral check's title on a fork's pull request whose lanes wait for
// a maintainer.
const forkWaitsTitle = "waiting for a maintainer to start the review"

// forkWaits holds back the lanes of a fork's pull request whose author lacks the deployment's
// ForkPermission: each lane gets a neutral check saying how to start it, and nothing is
// called. The lanes spend the operator's provider key, which a stranger's fork must not be
// able to do by opening a pull request. Lanes a permitted person started are not held.
func (p *pullRun) forkWaits(ctx context.Context, cfg *loadedConfig) (bool, error) {
	need := p.d.ForkPermission
	if need == "" || p.startedBy != "" || !p.ev.fromFork() {
		return false, nil
	}
	author := p.ev.PullRequest.User.Login
	perm, ok, err := p.d.GitHub.Authorize(ctx, p.repo, author, need)
	if err != nil {
		return true, err
	}
	if ok {
		return false, nil
	}
	p.log.Info("fork pull request: lanes wait for a maintainer", "author", author, "permission", perm.String())
	return true, p.neutral(ctx, cfg.Review.Lanes, forkWaitsTitle, forkWaitsSummary(author, perm, need))
}

// forkWaitsSummary says why a fork's lanes did not run and how to start them.
func forkWaitsSummary(author string, perm permission, need config.Permission) string {
	return fmt.Sprintf("This pull request comes from a fork, and its author (`%s`) has `%s` permission on this "+
		"repository. This App runs review lanes on a fork's pull request by itself only when the author has `%s` "+
		"permission or more, because every lane spends the provider key of whoever runs the App. Nothing was judged.\n\n"+
		"To start the lanes on the current head, someone with `%s` permission or more comments `/war-room review` "+
		"on this pull request. A later push waits again.", author, perm, need, need)
}
