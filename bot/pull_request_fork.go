package bot

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/config"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/reviewlane"
)

// forkNoCredentials is the neutral check's title on a fork's pull request: GitHub gives such
// runs no secrets, so a lane there could only fail for want of a key — which is not a
// judgment of the change, and must never show red.
const forkNoCredentials = "no provider credentials available to fork PRs"

// fromFork reports whether the head lives in another repository (a deleted fork has none):
// such runs get a read-only token and no secrets.
func (e *pullRequestEvent) fromFork() bool {
	h := e.PullRequest.Head.Repo
	return h == nil || h.FullName != e.Repository.FullName
}

// dependabotLogin is the account whose pull request events run, like a fork's, with a
// read-only token and only the repository's Dependabot secrets.
const dependabotLogin = "dependabot[bot]"

// withoutSecrets names why GitHub gave this run no Actions secrets ("" when it did): a fork's
// pull request, or an event Dependabot caused.
func (e *pullRequestEvent) withoutSecrets() string {
	switch {
	case e.fromFork():
		return "fork"
	case strings.EqualFold(e.Sender.Login, dependabotLogin):
		return "Dependabot"
	}
	return ""
}

// noCredentials is the neutral check's title and summary for a run GitHub gave no secrets:
// why is "fork" or "Dependabot" (pullRequestEvent.withoutSecrets).
func noCredentials(why, pr string) (title, summary string) {
	rerun := "Nothing was judged; a maintainer can run `war-room review --pr " + pr + "` with credentials."
	if why == "Dependabot" {
		return "no provider credentials available to Dependabot PRs",
			"GitHub gives workflows that Dependabot triggers only the repository's Dependabot secrets, and the " +
				"provider key is not among them (add it under Settings → Secrets and variables → Dependabot to " +
				"review these pull requests). " + rerun
	}
	return forkNoCredentials, "This pull request comes from a fork. GitHub gives workflows triggered by such " +
		"pull requests no secrets, so war-room has no provider key to review with. " + rerun
}

// diffTooLarge is the neutral check of every lane when GitHub will not produce the diff.
func diffTooLarge(pr string) (title, summary string) {
	return "diff too large for GitHub to produce", "GitHub refused to produce this pull request's diff " +
		"(HTTP 406: too many files or lines for its diff endpoint), and war-room does not review part of a " +
		"change without saying which part. Nothing was judged; split the pull request, or review it from a " +
		"checkout with `war-room review --base BASE --head HEAD`, which is limited by `review.max_diff_bytes` " +
		"and lists what it skips. (" + pr + ")"
}

// splitLanes parts the configured lanes into those whose profile has its key in the
// environment and those whose key is missing.
func (d *Deps) splitLanes(cfg *loadedConfig) (runnable, keyless []config.Lane) {
	for _, l := range cfg.Review.Lanes {
		pc, ok := cfg.Providers[l.Profile]
		if ok && pc.APIKeyEnv != "" && strings.TrimSpace(d.Getenv(pc.APIKeyEnv)) == "" {
			keyless = append(keyless, l)
		} else {
			runnable = append(runnable, l)
		}
	}
	return runnable, keyless
}

// withLanes is cfg with only lanes configured.
func withLanes(cfg *loadedConfig, lanes []config.Lane) *loadedConfig {
	c := *cfg.Config
	c.Review.Lanes = lanes
	return &loadedConfig{Config: &c, Note: cfg.Note}
}

// neutral writes a neutral check, titled why, for each lane that cannot run: nothing was
// judged, so nothing may show red. A fork's or Dependabot's read-only token may not write
// checks at all (403): then the job summary says it instead.
func (p *pullRun) neutral(ctx context.Context, lanes []config.Lane, title, summary string) error {
	sha := p.ev.PullRequest.Head.SHA
	var names []string
	for _, l := range lanes {
		run := reviewlane.CheckRun{Name: reviewlane.CheckName(l.Name), HeadSHA: sha, ExternalID: l.Name,
			Conclusion: "neutral", Title: title, Summary: summary}
		err := p.writeCheck(ctx, run)
		if isForbidden(err) {
			p.d.warning(fmt.Sprintf("lane %s: %s (this token may not write check runs, so no check was added)", l.Name, title))
			err = nil
		}
		if err != nil {
			return err
		}
		names = append(names, l.Name)
	}
	p.d.output(OutputLaneResults, "[]")
	p.d.summary(fmt.Sprintf("## war-room review\n\nLanes %s: %s. %s\n", strings.Join(names, ", "), safetext.Inline(title), safetext.Inline(summary)))
	return nil
}

func (p *pullRun) writeCheck(ctx context.Context, run reviewlane.CheckRun) error {
	return p.gh.PutCheckRun(ctx, p.repo.String(), run)
}

func isForbidden(err error) bool { return wr.HasStatus(err, http.StatusForbidden) }
