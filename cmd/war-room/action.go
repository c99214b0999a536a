package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"

	"github.com/sethvargo/go-githubactions"
	"github.com/war-room/war-room/bot"
	"github.com/war-room/war-room/engine/redact"
)

func init() {
	register(command{name: "action", run: runAction})
}

// eventHandler is one bot handler; the Action picks the one that handles the runner's event.
type eventHandler interface {
	Handles() []string
	Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error
}

// runAction is the Action's entrypoint. Everything comes through go-githubactions: the event
// name and file, the token and API URLs, the inputs; results go back as step outputs, a job
// summary and annotations. Provider keys are masked before anything else is printed.
func runAction(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "action", "(no arguments: it reads the runner's environment and the step's inputs; see docs/action.md)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErr("action takes no arguments; it reads the runner's environment and its inputs")
	}
	a := githubactions.New(githubactions.WithGetenv(e.getenv), githubactions.WithWriter(e.stdout))
	var m masker
	maskKnownSecrets(a, &m, e.getenv)
	gc, err := a.Context()
	if err != nil {
		return exitErr(exitUsage, fmt.Errorf("read the runner's environment: %w", err))
	}
	if gc.EventName == "" || gc.EventPath == "" {
		return usageErr("GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set: war-room action runs inside a GitHub Actions job")
	}
	payload, err := os.ReadFile(gc.EventPath)
	if err != nil {
		return exitErr(exitUsage, fmt.Errorf("read the event file: %w", err))
	}
	log := slog.New(redact.Handler(slog.NewTextHandler(e.stderr, nil)))
	deps, cleanup, err := actionDeps(ctx, a, &m, gc, e, log)
	if err != nil {
		return err
	}
	defer cleanup()
	h := pickHandler(deps, gc.EventName)
	if h == nil {
		a.Noticef("war-room does nothing on %s events", gc.EventName)
		return nil
	}
	delivery := fmt.Sprintf("run-%d-%d", gc.RunID, gc.RunAttempt)
	return actionOutcome(a, h.Handle(ctx, gc.EventName, delivery, payload))
}

// actionHandlers are the handlers the Action runs: the App's, and workflow_dispatch.
func actionHandlers(d *bot.Deps) []eventHandler {
	return []eventHandler{&bot.IssueComment{Deps: d}, &bot.DiscussionComment{Deps: d}, &bot.PullRequest{Deps: d},
		&bot.WorkflowDispatch{Deps: d}}
}

func pickHandler(d *bot.Deps, event string) eventHandler {
	for _, h := range actionHandlers(d) {
		if slices.Contains(h.Handles(), event) {
			return h
		}
	}
	return nil
}

// actionOutcome turns a handler's error into an annotation and an exit code: a usage problem
// is exit 2, anything else 1. A session paused at a gate is a success (nil).
func actionOutcome(a *githubactions.Action, err error) error {
	if err == nil {
		return nil
	}
	a.Errorf("%v", err)
	var ue *bot.UsageError
	if errors.As(err, &ue) {
		return exitErr(exitUsage, err)
	}
	return exitErr(exitFailure, err)
}
