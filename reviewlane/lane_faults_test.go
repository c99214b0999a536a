package reviewlane

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// laneWrite is the nth call to a write route in a clean publish.
type laneWrite struct {
	route string
	nth   int
}

// twoHeads publishes a lane on a pull request at its first head (60 findings: three on
// lines of the diff, the rest on another file, so the annotations take two requests), then
// after a push at its second, where one finding on a line is no longer reported.
func twoHeads(t *testing.T, g *ghFixture, c *Client) {
	t.Helper()
	v1 := widgetDiff("package widget", "func A() {}", "func B() {}", "func C() {}")
	v2 := widgetDiff("package widget", "func A() {}", "func B() { b() }", "func C() {}")
	result := func(head, diff string, lines ...int) *Result {
		r := goldenResult()
		r.Repository, r.PRNumber, r.HeadSHA, r.Lane = ghRepo, g.number, head, "gpt"
		r.Status, r.Disposition = StatusJudged, Refuted
		for _, n := range lines {
			r.Findings = append(r.Findings, Finding{File: "widget.go", Line: n, Severity: "major", Text: "line " + strconv.Itoa(n) + " is wrong"})
		}
		for i := range 57 {
			r.Findings = append(r.Findings, Finding{File: "other.go", Line: i + 1, Severity: "minor", Text: "finding " + strings.Repeat("z", i+1)})
		}
		h := indexHead(diff)
		for i := range r.Findings {
			h.place(&r.Findings[i])
		}
		r.Summary = judgedSummary(r)
		return r
	}
	require.NoError(t, publishOne(context.Background(), c, g.heads(), botLogin, result(headSHA, v1, 2, 3, 4), "failure"))
	g.fake.MovePullHead(ghRepo, g.number, movedSHA, v2)
	require.NoError(t, publishOne(context.Background(), c, g.heads(), botLogin, result(movedSHA, v2, 2, 4), "failure"))
}

// laneEnd is what a lane leaves on GitHub, ids and times left out.
func laneEnd(g *ghFixture) string {
	var b strings.Builder
	for _, r := range g.fake.CheckRuns(ghRepo) {
		fmt.Fprintf(&b, "check %s %s %s %q annotations=%d\n", r.Name, r.HeadSHA, r.Conclusion, r.Title, len(r.Annotations))
		seen := map[string]bool{}
		for _, a := range r.Annotations {
			k := fmt.Sprint(a)
			if seen[k] {
				fmt.Fprintf(&b, "  duplicate annotation %s\n", k)
			}
			seen[k] = true
		}
	}
	for _, rv := range g.fake.Reviews(ghRepo, g.number) {
		fmt.Fprintf(&b, "review %s %s %s\n%s\n", rv.Author, rv.State, rv.CommitID, rv.Body)
	}
	for _, c := range g.fake.ReviewComments(ghRepo, g.number) {
		fmt.Fprintf(&b, "review comment %s:%d %s\n", c.Path, c.Line, c.Body)
	}
	for _, c := range g.fake.IssueComments(ghRepo, g.number) {
		fmt.Fprintf(&b, "comment %s\n%s\n", c.Author, c.Body)
	}
	return b.String()
}

// A secondary rate limit (403 with Retry-After) at each write a lane makes over two heads
// — check runs, their annotation batches, reviews, the sticky comment and its edit — is
// waited out on the injected clock and retried, and so is a 502 after GitHub applied the
// write (found again, not repeated): each run ends as a clean one does, with one review per
// head and no annotation twice.
func TestLaneWriteFaultMatrix(t *testing.T) {
	clean := newGHFixture(t, githubfake.PullSpec{Diff: widgetDiff("package widget", "func A() {}", "func B() {}", "func C() {}")})
	twoHeads(t, clean, clean.client)
	want := laneEnd(clean)
	require.Len(t, clean.fake.Reviews(ghRepo, clean.number), 2)
	require.Contains(t, want, "Outdated: no longer reported")
	var writes []laneWrite
	count := map[string]int{}
	for _, c := range clean.fake.Calls() {
		if c.Mutation {
			count[c.Route]++
			writes = append(writes, laneWrite{c.Route, count[c.Route]})
		}
	}
	for _, route := range []string{"POST /repos/{owner}/{repo}/check-runs", "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}",
		"POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
		"PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}"} {
		require.NotZero(t, count[route], "a clean run writes %s", route)
	}
	for _, w := range writes {
		for _, fk := range []struct {
			name  string
			fault githubfake.Fault
			slept time.Duration
		}{
			{"403-retry-after", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, RetryAfter: 3 * time.Second}, 3 * time.Second},
			{"502-after-apply", githubfake.Fault{Kind: githubfake.ServerError, Applied: true}, 0},
		} {
			t.Run(fmt.Sprintf("%s#%d/%s", shortRoute(w.route), w.nth, fk.name), func(t *testing.T) {
				g := newGHFixture(t, githubfake.PullSpec{Diff: widgetDiff("package widget", "func A() {}", "func B() {}", "func C() {}")})
				clk := githubfake.NewClock(time.Now())
				c := clientOn(t, g.fake, wr.Options{Key: t.Name() + g.fake.URL(), Now: clk.Now, Sleep: clk.Sleep, AfterFunc: clk.AfterFunc})
				fault := fk.fault
				fault.Match, fault.Nth = w.route, w.nth
				g.fake.Inject(fault)
				twoHeads(t, g, c)
				assert.Equal(t, want, laneEnd(g))
				if fk.slept > 0 {
					assert.Contains(t, clk.Slept(), fk.slept, "Retry-After was waited out")
				}
			})
		}
	}
}

func shortRoute(route string) string {
	method, path, _ := strings.Cut(route, " ")
	var segs []string
	for _, s := range strings.Split(path, "/") {
		if s != "" && s != "repos" && !strings.HasPrefix(s, "{") {
			segs = append(segs, s)
		}
	}
	return method + "_" + strings.Join(segs, "_")
}
