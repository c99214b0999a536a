package bot

import (
	"context"
	"log/slog"

	"github.com/war-room/war-room/config"
)

// isCommand is the first, payload-only check every comment handler makes: a created comment
// whose first line is a command, by an author who is not ourselves. Edits and deletions never
// are commands.
func (d *Deps) isCommand(log *slog.Logger, action, body string, author actor) bool {
	if action != "created" {
		log.Info("ignored: only new comments are commands", "action", action)
		return false
	}
	if _, _, ok := commandLine(body); !ok {
		return false
	}
	if why := ignored(author, d.GitHub.Login, false); why != "" {
		log.Info("ignored: " + why)
		return false
	}
	return true
}

// admission is what the repository's configuration and the author's permission say of a
// command comment.
type admission struct {
	cfg *loadedConfig
	// cfgErr is a configuration that does not load: the checks ran on the defaults, and the
	// caller reports it once the author has passed them.
	cfgErr error
	min    config.Permission
	perm   permission
	// ignored says the author is a bot the configuration ignores (logged); allowed that the
	// author has at least min.
	ignored, allowed bool
}

// admit loads the repository's configuration and checks the author against it: an ignored
// bot, then the minimum permission. Nothing is written here.
func (d *Deps) admit(ctx context.Context, log *slog.Logger, repo Repo, branch string, author actor) (admission, error) {
	var a admission
	a.cfg, a.cfgErr = d.loadConfig(ctx, repo, branch)
	ignoreBots, min := config.DefaultIgnoreBots, config.DefaultMinPermission
	if a.cfgErr == nil {
		ignoreBots, min = a.cfg.GitHub.Trigger.IgnoreBots, a.cfg.GitHub.Trigger.MinPermission
	}
	a.min = min
	if why := ignored(author, d.GitHub.Login, ignoreBots); why != "" {
		log.Info("ignored: " + why)
		a.ignored = true
		return a, nil
	}
	var err error
	a.perm, a.allowed, err = d.GitHub.Authorize(ctx, repo, author.Login, min)
	if err == nil && !a.allowed {
		log.Info("refused", "login", author.Login, "permission", a.perm.String())
	}
	return a, err
}
