package bot

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/thread"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// unpublishedRun runs one command on the App whose decision's discussion GitHub refuses to
// create (502) the first fails times, and returns the issue and the command's job once it
// has ended. The write layer's waits are skipped, so no real time passes.
func unpublishedRun(t *testing.T, fails int) (*appWorld, int, *rivertype.JobRow) {
	t.Helper()
	w := newAppWorld(t)
	w.f.AddDiscussionCategory(testRepo, "Decisions", "decisions", true)
	script, err := filepath.Abs(filepath.Join("testdata", "reason-script.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	w.f.PutFile(testRepo, "main", ".github/war-room.yml", fmt.Sprintf(`version: 1
providers:
  alpha: {type: script, family: anthropic, responses: %[1]s}
  beta: {type: script, family: openai, responses: %[1]s}
protocols:
  default: reason
  reason:
    pool: [alpha, beta]
github:
  discussions:
    prior_check: "off"
`, script))
	w.clients.UseWrites(wr.Options{Sleep: func(context.Context, time.Duration) error { return nil }})
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	w.f.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ServerError, Times: fails})
	if got := w.deliver("issue_comment", "d-unpublished", w.comment(n, "/war-room Should billing move to a queue?"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	jobs := w.settle()
	if len(jobs) != 1 {
		t.Fatalf("%d jobs, want 1", len(jobs))
	}
	if calls := w.providerCalls(); calls != 5 {
		t.Errorf("%d provider calls, want the chain's 5, once", calls)
	}
	return w, n, jobs[0]
}

// said is what the App replied on issue n (its progress comment aside).
func (w *appWorld) said(n int) []string {
	var out []string
	for _, c := range appComments(w.f, n) {
		if _, ok := thread.ParseState(c.Body); !ok {
			out = append(out, c.Body)
		}
	}
	return out
}

// A decision GitHub will not take — every create of its discussion in one attempt answered
// 502, until the publisher gives up — is not reported as a failed session while River has
// attempts left: the job runs again, continues the session from the store (no model is
// asked anything again) and publishes. The thread sees one reply, naming the published
// decision, and a rocket; never "failed".
func TestAppUnpublishedDecisionIsRetriedNotReported(t *testing.T) {
	// The publisher tries a create of unknown outcome as often as the write layer tries any
	// request: one attempt's worth of failures.
	w, n, job := unpublishedRun(t, wr.DefaultMaxAttempts)
	if job.State != rivertype.JobStateCompleted || job.Attempt != 2 {
		t.Fatalf("job %s on attempt %d (errors %v), want completed on its second", job.State, job.Attempt, job.Errors)
	}
	var published int
	for _, d := range w.f.Discussions(testRepo) {
		if !strings.Contains(d.Title, "Decision log") {
			published++
		}
	}
	if published != 1 {
		t.Errorf("%d decisions published, want 1", published)
	}
	if said := w.said(n); len(said) != 1 || strings.Contains(said[0], "failed") || !strings.Contains(said[0], "/discussions/") {
		t.Errorf("replies %q, want one that names the published decision", said)
	}
	got := reactionContents(w.f, n, "alice")
	if !slices.Contains(got, "rocket by "+appBot) || slices.Contains(got, "confused by "+appBot) {
		t.Errorf("reactions %v, want a rocket and no confusion", got)
	}
}

// On the job's last attempt the failure is the thread's to know: one reply says the decision
// was reached but not published, and the job ends.
func TestAppUnpublishedDecisionIsReportedOnTheLastAttempt(t *testing.T) {
	w, n, job := unpublishedRun(t, queue.MaxAttempts*wr.DefaultMaxAttempts)
	if job.State != rivertype.JobStateCancelled || job.Attempt != queue.MaxAttempts {
		t.Fatalf("job %s on attempt %d, want cancelled on its last (%d)", job.State, job.Attempt, queue.MaxAttempts)
	}
	said := w.said(n)
	if len(said) != 1 || !strings.Contains(said[0], "The session failed (github)") || !strings.Contains(said[0], "not published") {
		t.Errorf("replies %q, want one saying the decision was not published", said)
	}
}
