package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/internal/wiring"
)

// Ceilings are what a deployment bounds whatever a repository's configuration says (the
// App's serve flags); the zero value bounds nothing (the Action, where the repository's
// owner pays for what the configuration spends).
type Ceilings struct {
	// Session caps every session and every review lane, and bounds what protocols declare;
	// see limits.Limits. Its context-bytes bound caps review.max_diff_bytes too: a lane's
	// diff is its context.
	Session limits.Limits
	// Daily caps what one installation spends in a UTC day, over all its sessions and lanes,
	// across every worker sharing the store (a zero cap is none).
	Daily limits.Budget
	// WriteSpacing caps github.write_spacing (zero: none). A repository's value over it is
	// clamped to it and the run says so, so that no repository can hold the installation's
	// writes back for longer.
	WriteSpacing time.Duration
	// SessionTime caps the wall time of one session's job (zero: none): a hung endpoint costs
	// its own session, which ends as a timeout, never the App's workers.
	SessionTime time.Duration
}

// clampWrites bounds the repository's github.write_spacing by the server's ceiling, and says
// so in the configuration's note when it had to.
func (c Ceilings) clampWrites(cfg *loadedConfig) {
	if c.WriteSpacing <= 0 || cfg.GitHub.WriteSpacing <= c.WriteSpacing {
		return
	}
	note := fmt.Sprintf("github.write_spacing %s is over this server's ceiling (war-room serve --max-write-spacing=%s); %s is used.",
		cfg.GitHub.WriteSpacing, c.WriteSpacing, c.WriteSpacing)
	cfg.GitHub.WriteSpacing, cfg.GitHub.Discussions.MutationSpacing = c.WriteSpacing, c.WriteSpacing
	cfg.Note = strings.TrimSpace(cfg.Note + " " + note)
}

// account is the installation's daily account over store, nil when there is none (no daily
// cap, or no installation: the Action).
func (d *Deps) account(store engine.Store) *engine.DailyAccount {
	c := d.Ceilings.Daily
	if d.Installation == 0 || c.MaxTokens <= 0 && c.MaxUSD <= 0 {
		return nil
	}
	return &engine.DailyAccount{Store: store, Key: fmt.Sprintf("installation/%d", d.Installation),
		What: fmt.Sprintf("installation %d today (UTC)", d.Installation), Limit: c, Now: d.Now,
		Warn: func(msg string) { d.log().Warn(msg) }}
}

// runAccount is the account a run is charged to, as the engine takes it (a nil interface
// when there is none).
func (d *Deps) runAccount(store engine.Store) limits.Account {
	if a := d.account(store); a != nil {
		return a
	}
	return nil
}

// spentForToday says why the installation may start nothing more today, or "".
func (d *Deps) spentForToday(ctx context.Context, store engine.Store) (string, error) {
	a := d.account(store)
	if a == nil {
		return "", nil
	}
	used, err := a.Spent(ctx)
	if err != nil {
		return "", fmt.Errorf("read the installation's spend: %w", err)
	}
	return a.Limit.Refuse(a.What, used, limits.Spend{}), nil
}

// laneBudget is the budget of one review lane: the configuration's, within the ceilings.
func (d *Deps) laneBudget(cfg *loadedConfig) limits.Budget {
	return wiring.Budget(cfg.Config).Within(d.Ceilings.Session.Budget)
}

// laneDiffBytes is the most of a diff a lane reviews: review.max_diff_bytes, within the
// context-bytes ceiling.
func (d *Deps) laneDiffBytes(configured int64) int64 {
	if c := d.Ceilings.Session.Bounds[limits.CeilingContextBytes].Max; c > 0 && (configured <= 0 || c < configured) {
		return c
	}
	return configured
}
