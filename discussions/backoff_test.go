package discussions

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// waits runs one publish with fault injected and returns what the publisher slept, leaving
// out the one-second spacing waits.
func waits(t *testing.T, fault githubfake.Fault) []time.Duration {
	w := newWorld(t, worldOpts{withLabels: true})
	w.f.Inject(fault)
	if _, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")}); err != nil {
		t.Fatal(err)
	}
	w.assertCleanCalls()
	return slices.DeleteFunc(w.clk.Slept(), func(d time.Duration) bool { return d <= time.Second })
}

func TestRetryWaitsAsGitHubSays(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault githubfake.Fault
		want  time.Duration
	}{
		{"Retry-After", githubfake.Fault{Match: "createDiscussion", Kind: githubfake.SecondaryRateLimit, RetryAfter: 7 * time.Second}, 7 * time.Second},
		{"x-ratelimit-reset", githubfake.Fault{Match: "addDiscussionComment", Kind: githubfake.SecondaryRateLimit, Status: 429}, 61 * time.Second},
		{"primary limit", githubfake.Fault{Match: "repository", Kind: githubfake.PrimaryRateLimit}, time.Hour + time.Second},
		{"502", githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ServerError, Status: 502, Applied: true}, github.TransientBase},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := waits(t, tc.fault); !slices.Equal(got, []time.Duration{tc.want}) {
				t.Errorf("waited %v, want [%v]", got, tc.want)
			}
		})
	}
}

// Consecutive secondary limits without a named time back off exponentially from a minute.
func TestRetryBacksOffExponentially(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	w.f.Inject(githubfake.Fault{Match: "createDiscussion", Times: 3, Kind: githubfake.GraphQLError, Type: "RATE_LIMITED", Message: "secondary"})
	if _, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")}); err != nil {
		t.Fatal(err)
	}
	got := slices.DeleteFunc(w.clk.Slept(), func(d time.Duration) bool { return d <= time.Second })
	if want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute}; !slices.Equal(got, want) {
		t.Errorf("waited %v, want %v", got, want)
	}
}

// A permanent failure is not retried; the error names the call and GitHub's message.
func TestPermanentFailureIsNotRetried(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	w.f.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.GraphQLError, Type: "FORBIDDEN", Message: "Resource not accessible by integration"})
	_, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Kind != permanent || ae.Op != "createDiscussion" || len(w.f.CallsTo("createDiscussion")) != 1 {
		t.Fatalf("err %v", err)
	}
}

// A refused token is permanent, and the error carries GitHub's own words rather than the raw
// response body.
func TestBadCredentialsSayWhy(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	p := New(Options{GraphQLURL: w.f.GraphQLURL(), HTTPClient: w.f.Client("not-a-token"), State: w.state, Login: botLogin})
	p.Now, p.Sleep = w.clk.Now, w.clk.Sleep
	_, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Kind != permanent || ae.Status != 401 || len(w.f.Calls()) != 1 {
		t.Fatalf("err %v after %d calls", err, len(w.f.Calls()))
	}
	if got := ae.Error(); got != "repository: permanent failure (HTTP 401): Bad credentials" {
		t.Errorf("error %q", got)
	}
}

// Attempts are bounded.
func TestRetryGivesUp(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	w.f.Inject(githubfake.Fault{Match: "repository", Times: 3, Kind: githubfake.ServerError, Status: 504})
	p := w.publisher()
	p.MaxAttempts = 3
	_, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Kind != transient || ae.Status != 504 {
		t.Fatalf("err %v", err)
	}
}

// Writes are spaced by MutationSpacing (one second unless configured), and not at all with 0.
func TestMutationSpacing(t *testing.T) {
	for _, spacing := range []time.Duration{defaultMutationSpacing, 0} {
		w := newWorld(t, worldOpts{withLabels: true})
		w.f.SetMutationSpacing(spacing, true)
		p := w.publisher()
		p.MutationSpacing = spacing
		if _, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")}); err != nil {
			t.Fatal(err)
		}
		writes := 0
		for _, c := range w.f.Calls() {
			if c.Mutation {
				writes++
			}
		}
		want := slices.Repeat([]time.Duration{spacing}, writes-1)
		if spacing == 0 {
			want = nil
		}
		if slept := w.clk.Slept(); !slices.Equal(slept, want) {
			t.Errorf("spacing %v: slept %v, want %v", spacing, slept, want)
		}
		w.assertCleanCalls()
	}
}
