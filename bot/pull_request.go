package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"github.com/war-room/war-room/internal/safetext"

	"github.com/war-room/war-room/reviewlane"
)

// PullRequest handles pull_request events: the configured review lanes on the event's head.
type PullRequest struct{ Deps *Deps }

// Handles names the events this handler takes.
func (h *PullRequest) Handles() []string { return []string{"pull_request"} }

// reviewActions are the activities that put a new head (or a head newly ready) in front of
// reviewers; closing, labelling and the rest do not.
var reviewActions = []string{"opened", "synchronize", "reopened", "ready_for_review"}

type pullRequestEvent struct {
	Action      string `json:"action"`
	Number      int    `json:"number"`
	PullRequest struct {
		Number int       `json:"number"`
		Draft  bool      `json:"draft"`
		User   eventUser `json:"user"`
		Head   struct {
			SHA  string `json:"sha"`
			Repo *struct {
				FullName string `json:"full_name"`
			} `json:"repo"`
		} `json:"head"`
	} `json:"pull_request"`
	Repository eventRepo `json:"repository"`
	Sender     eventUser `json:"sender"`
}

// Handle reviews one pull request event.
func (h *PullRequest) Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error {
	var ev pullRequestEvent
	if err := decode(eventType, payload, &ev); err != nil {
		return err
	}
	d := *h.Deps // so that every line logged for this event carries its attributes
	log := d.log().With("delivery", deliveryID, "repo", ev.Repository.FullName,
		"thread", fmt.Sprintf("%s#%d", ev.Repository.FullName, ev.Number), "head", ev.PullRequest.Head.SHA)
	d.Log = log
	switch {
	case !slices.Contains(reviewActions, ev.Action):
		log.Info("ignored: not a review activity", "action", ev.Action)
		return nil
	case !d.Settings.Review:
		log.Info("ignored: review lanes are off for this step")
		return nil
	}
	p := &pullRun{d: &d, ev: &ev, repo: ev.Repository.repo(), log: log, delivery: deliveryID}
	return p.review(ctx)
}

// pullRun is one pull request event being reviewed.
type pullRun struct {
	d    *Deps
	ev   *pullRequestEvent
	repo Repo
	log  *slog.Logger
	gh   *reviewlane.Client
	// startedBy is who asked for these lanes with /war-room review ("" for a pull request
	// event); their permission was checked, so a fork's author's is not.
	startedBy string
	// delivery is the pull request event's delivery id ("" for /war-room review).
	delivery string
}

func (p *pullRun) review(ctx context.Context) error {
	cfg, err := p.d.loadConfig(ctx, p.repo, p.ev.Repository.defaultBranch())
	if err != nil {
		p.d.summary("## war-room review could not start\n\n" + safetext.Code(err.Error()) + "\n")
		return err
	}
	return p.reviewWith(ctx, cfg)
}

// reviewWith runs the configured lanes under cfg.
func (p *pullRun) reviewWith(ctx context.Context, cfg *loadedConfig) error {
	gh, err := reviewlane.NewClient(p.d.GitHub.HTTP, p.d.GitHub.APIURL)
	if err != nil {
		return err
	}
	p.gh = gh
	if cfg.Note != "" {
		p.d.warning(cfg.Note)
	}
	if len(cfg.Review.Lanes) == 0 {
		p.d.summary("## war-room review\n\nNo review lanes are configured (`review.lanes`); nothing to do.\n")
		return nil
	}
	if p.ev.PullRequest.Draft && !cfg.Review.Drafts {
		p.d.summary("## war-room review\n\nThe pull request is a draft and `review.drafts` is off; nothing to do.\n")
		return nil
	}
	pr := fmt.Sprintf("%s#%d", p.repo, p.ev.Number)
	if waiting, err := p.forkWaits(ctx, cfg); waiting || err != nil {
		return err
	}
	runnable, keyless := p.d.splitLanes(cfg)
	if why := p.ev.withoutSecrets(); len(keyless) > 0 && why != "" {
		title, summary := noCredentials(why, pr)
		if err := p.neutral(ctx, keyless, title, summary); err != nil {
			return err
		}
		cfg = withLanes(cfg, runnable)
		if len(runnable) == 0 {
			return nil
		}
	}
	if p.startedBy == "" {
		run, done, err := p.claimLanes(ctx, cfg)
		if err != nil || !run {
			return err
		}
		defer done()
	}
	results, err := p.dispatch(ctx, cfg)
	switch {
	case errors.Is(err, reviewlane.ErrDraft):
		p.d.summary("## war-room review\n\nThe pull request became a draft; nothing to do.\n")
		return nil
	case errors.Is(err, reviewlane.ErrDiffTooLarge):
		title, summary := diffTooLarge(pr)
		return p.neutral(ctx, cfg.Review.Lanes, title, summary)
	}
	if len(results) > 0 {
		if rerr := p.report(results, reviewlane.Conclusions{Refuted: string(cfg.Review.RefutedConclusion), Partial: string(cfg.Review.Partial)}); rerr != nil && err == nil {
			err = rerr
		}
	}
	if err != nil {
		p.d.summary("## war-room review failed\n\n" + safetext.Code(err.Error()) + "\n")
	}
	return err
}
