package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/safetext"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/reviewlane"
)

// dispatch builds the lanes on the event's head, runs them side by side and publishes each
// lane's check run and sticky comment.
func (p *pullRun) dispatch(ctx context.Context, cfg *loadedConfig) ([]*reviewlane.Result, error) {
	profiles := engine.Profiles{}
	for _, l := range cfg.Review.Lanes {
		prof, err := wiring.Profile(ctx, cfg.Config, l.Profile, p.d.Getenv, p.d.ProviderHTTP)
		if err != nil {
			return nil, &configError{Where: p.d.configPath(), Err: err}
		}
		profiles[l.Profile] = prof
	}
	dir, err := os.MkdirTemp(p.d.TempDir, "war-room-lanes-")
	if err != nil {
		return nil, fmt.Errorf("evidence directory: %w", err)
	}
	opts, err := reviewlane.OptionsFromConfig(cfg.Config, profiles, dir, nil)
	if err != nil {
		return nil, &configError{Where: p.d.configPath(), Err: err}
	}
	opts.MaxDiffBytes = p.d.laneDiffBytes(opts.MaxDiffBytes)
	repo, n := p.repo.String(), p.ev.Number
	built, err := reviewlane.BuildFromPR(ctx, p.gh, repo, n,
		reviewlane.PullOptions{HeadSHA: p.ev.PullRequest.Head.SHA, Drafts: cfg.Review.Drafts}, opts)
	if err != nil {
		return nil, err
	}
	store, err := p.d.OpenStore(ctx)
	if err != nil {
		return nil, fmt.Errorf("open the session store: %w", err)
	}
	defer store.Close()
	heads := reviewlane.PullHead{GitHub: p.gh, Repo: repo, Number: n}
	disp := &reviewlane.Dispatcher{Limits: reviewlane.LimitsFromConfig(cfg.Config), Heads: heads, Account: p.d.GitHub.Login,
		Run: engine.RunConfig{Store: store, Profiles: profiles, Now: p.d.Now, Sinks: p.d.sinks(logSink{p.d}),
			Budget: p.d.laneBudget(cfg), Account: p.d.runAccount(store)}}
	results, err := disp.DispatchAll(ctx, built.Requests)
	if err != nil {
		return results, err
	}
	return results, reviewlane.PublishWith(ctx, p.gh, heads, p.d.GitHub.Login, results, reviewlane.PublishOptionsFromConfig(cfg.Review))
}

// report sets the lane-results output (the result documents, side by side) and writes the
// lane table to the job summary. No combined verdict is formed.
func (p *pullRun) report(all []*reviewlane.Result, c reviewlane.Conclusions) error {
	var results []*reviewlane.Result
	for _, r := range all {
		if r != nil {
			results = append(results, r)
		}
	}
	raw, err := json.Marshal(results)
	if err != nil {
		return fmt.Errorf("encode lane results: %w", err)
	}
	p.d.output(OutputLaneResults, string(raw))
	var b strings.Builder
	fmt.Fprintf(&b, "## war-room review · %s#%d @ `%s`\n\n| lane | reviewer | conclusion | result |\n|---|---|---|---|\n",
		p.repo, p.ev.Number, shortSHA(p.ev.PullRequest.Head.SHA))
	for _, r := range results {
		conclusion, title := c.Of(r)
		fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s |\n", safetext.Inline(r.Lane), safetext.Inline(r.Reviewer.Profile),
			safetext.Inline(r.Reviewer.Family), conclusion, safetext.Inline(title))
	}
	p.d.summary(b.String())
	return nil
}

func shortSHA(s string) string { return s[:min(len(s), 12)] }
