package reviewlane

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// Whatever GitHub answers to the check run's or the sticky comment's create, a lane ends
// with one check run and one comment, saying what the lane found: a create of unknown
// outcome is looked for again (the check run by external id on the head SHA, the comment
// by marker on our own account) before it is repeated.
func TestPublishWritesEachOnceWhateverGitHubAnswers(t *testing.T) {
	for _, route := range []string{"POST /repos/{o}/{r}/check-runs", "POST /repos/{o}/{r}/issues/{n}/comments"} {
		for _, fk := range []struct {
			name  string
			fault githubfake.Fault
		}{
			{"502-after-apply", githubfake.Fault{Kind: githubfake.ServerError, Applied: true}},
			{"403-secondary-retry-after", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, RetryAfter: 2 * time.Second}},
			{"429", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 429}},
			{"200-error-body", githubfake.Fault{Kind: githubfake.ErrorBody, Applied: true}},
			{"hang", githubfake.Fault{Kind: githubfake.Hang, Applied: true}},
		} {
			t.Run(strings.Fields(route)[1][len("/repos/{o}/{r}/"):]+"/"+fk.name, func(t *testing.T) {
				g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
				clk := githubfake.NewClock(time.Now())
				g.client = clientOn(t, g.fake, wr.Options{Key: t.Name() + g.fake.URL(), Now: clk.Now, Sleep: clk.Sleep, AfterFunc: clk.AfterFunc})
				fault := fk.fault
				fault.Match = route
				if fault.Kind == githubfake.Hang {
					fault.OnHold = func() { clk.Advance(wr.DefaultTimeout) }
				}
				g.fake.Inject(fault)
				r := goldenResult()
				r.Repository, r.PRNumber, r.HeadSHA, r.Lane = ghRepo, g.number, headSHA, "gpt"
				r.Status, r.Disposition, r.NonceEchoed = StatusJudged, Refuted, strings.Repeat("c", 32)
				require.NoError(t, publishOne(context.Background(), g.client, g.heads(), botLogin, r, "failure"))

				runs := g.fake.CheckRuns(ghRepo)
				require.Len(t, runs, 1, "one check run")
				assert.Equal(t, "failure", runs[0].Conclusion)
				comments := g.fake.IssueComments(ghRepo, g.number)
				require.Len(t, comments, 1, "one sticky comment")
				assert.Equal(t, commentBody(r, Conclusions{Refuted: "failure"}), comments[0].Body)
			})
		}
	}
}

// clientOn is the bot's client over the fake with the write layer's options o.
func clientOn(t *testing.T, f *githubfake.Fake, o wr.Options) *Client {
	t.Helper()
	c, err := NewClient(wr.Wrap(f.Client("ghs_test"), o), f.URL())
	require.NoError(t, err)
	return c
}
