package main

import (
	"context"
	"fmt"
	"net/http"

	"github.com/war-room/war-room/reviewlane"
)

// reviewExitCodes ends war-room review --help: scripts branch on these.
const reviewExitCodes = `
Exit codes:
  0  every lane CONFIRMED
  1  at least one lane REFUTED
  2  usage or configuration error
  5  no lane refuted, but at least one produced no judgment (transport, stale or blocked)
  6  the lanes ran and their results were printed, but publishing to GitHub failed
  7  the lanes could not be built or run (git, GitHub, the state store): nothing was judged
`

// printReview prints every lane's result side by side (JSON documents with --json) and
// returns the exit status: 0 when every lane confirmed, 1 when any refuted, exitNoJudgment
// when none refuted but some could not judge.
func printReview(e *env, results []*reviewlane.Result, asJSON bool) error {
	if asJSON {
		if err := printJSON(e, results); err != nil {
			return err
		}
	} else {
		for _, r := range results {
			_, title := reviewlane.Conclusions{Refuted: "failure"}.Of(r)
			fmt.Fprintf(e.stdout, "== %s: %s\n\n%s\n", reviewlane.CheckName(r.Lane), title, reviewlane.Report(r))
		}
	}
	refuted, unjudged := 0, 0
	for _, r := range results {
		switch {
		case r.Status != reviewlane.StatusJudged:
			unjudged++
		case r.Disposition == reviewlane.Refuted:
			refuted++
		}
	}
	switch {
	case refuted > 0:
		return exitErr(exitFailure, fmt.Errorf("%d of %d lane(s) refuted the change", refuted, len(results)))
	case unjudged > 0:
		return exitErr(exitNoJudgment, fmt.Errorf("%d of %d lane(s) produced no judgment (see each lane's status)", unjudged, len(results)))
	}
	return nil
}

// printPartial prints the lanes that finished when another could not be run, so that no
// result is lost, and returns the failure.
func printPartial(e *env, results []*reviewlane.Result, asJSON bool, err error) error {
	var done []*reviewlane.Result
	for _, r := range results {
		if r != nil {
			done = append(done, r)
		}
	}
	if len(done) > 0 {
		printReview(e, done, asJSON)
	}
	return exitErr(exitNotRun, err)
}

// publishLogin is the login our sticky comments are found again by. A user token can name
// itself but cannot write check runs; an App token can write them but cannot name itself; so
// outside Actions --as is usually needed.
func (f *reviewFlags) publishLogin(ctx context.Context, e *env, gh *reviewlane.Client) (string, error) {
	switch {
	case f.as != "":
		return f.as, nil
	case e.getenv("GITHUB_ACTIONS") == "true":
		return "github-actions[bot]", nil
	}
	self, err := gh.Self(ctx)
	if err != nil {
		return "", fmt.Errorf("--publish: cannot tell which login the token acts as: %w (pass --as LOGIN)", err)
	}
	return self, nil
}

// tokenTransport sends GitHub's token on every request; with no token, requests go out
// unauthenticated (enough to read a public repository).
func tokenTransport(token string) http.RoundTripper {
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		if token != "" {
			r = r.Clone(r.Context())
			r.Header.Set("Authorization", "Bearer "+token)
		}
		return http.DefaultTransport.RoundTrip(r)
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
