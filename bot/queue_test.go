package bot

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/riverqueue/river/rivertype"
	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/internal/githubfake"
)

// appComments returns the App bot's comments on issue n.
func appComments(f *githubfake.Fake, n int) []githubfake.IssueComment {
	var out []githubfake.IssueComment
	for _, c := range f.IssueComments(testRepo, n) {
		if c.Author == appBot {
			out = append(out, c)
		}
	}
	return out
}

func reactionContents(f *githubfake.Fake, n int, author string) []string {
	var out []string
	for _, c := range f.IssueComments(testRepo, n) {
		if c.Author == author {
			for _, r := range f.Reactions(c.NodeID) {
				out = append(out, r.Content+" by "+r.User)
			}
		}
	}
	return out
}

// A signed command delivery is answered before any GitHub call, then the job runs the
// issue_comment handler as the App's installation; the same delivery id never runs twice,
// not even after the process restarts on the same files.
func TestAppDeliveryRunsOnceAcrossRestart(t *testing.T) {
	w := newAppWorld(t)
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	body := w.comment(n, "/war-room help")
	callsBefore := len(w.f.Calls())

	if got := w.deliver("issue_comment", "d-help", body, vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202", got)
	}
	jobs := w.settle()
	if len(jobs) != 1 || jobs[0].State != rivertype.JobStateCompleted {
		t.Fatalf("jobs %+v, want one completed", jobs)
	}
	if len(w.f.Calls()) == callsBefore {
		t.Fatal("the job made no GitHub call")
	}
	replies := appComments(w.f, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "**Start a session**") {
		t.Fatalf("replies by the App: %+v", replies)
	}
	if got := reactionContents(w.f, n, "alice"); !slices.Equal(got, []string{"eyes by " + appBot}) {
		t.Errorf("reactions on the command: %v", got)
	}

	if got := w.deliver("issue_comment", "d-help", body, vectorSecret); got != http.StatusOK {
		t.Errorf("redelivery: %d, want 200 (duplicate)", got)
	}
	w.stop()
	w.start(nil) // a new process: new client, new server, the same queue file
	if got := w.deliver("issue_comment", "d-help", body, vectorSecret); got != http.StatusOK {
		t.Errorf("redelivery after a restart: %d, want 200 (duplicate)", got)
	}
	if jobs := w.settle(); len(jobs) != 1 {
		t.Errorf("%d jobs after two redeliveries, want 1", len(jobs))
	}
	if got := len(appComments(w.f, n)); got != 1 {
		t.Errorf("%d replies, want 1", got)
	}
}

func TestAppBadSignatureQueuesNothing(t *testing.T) {
	w := newAppWorld(t)
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Q", "b", "alice")
	body := w.comment(n, "/war-room help")
	calls := len(w.f.Calls())
	if got := w.deliver("issue_comment", "d-forged", body, "not-the-secret"); got != http.StatusUnauthorized {
		t.Fatalf("forged delivery: %d, want 401", got)
	}
	if jobs := w.settle(); len(jobs) != 0 {
		t.Errorf("jobs %+v", jobs)
	}
	if len(w.f.Calls()) != calls {
		t.Error("a forged delivery reached GitHub")
	}
	// The real one, sent after, still runs: the forged attempt did not burn its id.
	if got := w.deliver("issue_comment", "d-forged", body, vectorSecret); got != http.StatusAccepted {
		t.Errorf("genuine delivery: %d", got)
	}
}

// stubHandler fails the way a test tells it to, counting its runs.
type stubHandler struct {
	err  error
	runs *int
}

func (stubHandler) Handles() []string { return []string{"issue_comment"} }
func (s stubHandler) Handle(context.Context, string, string, []byte) error {
	*s.runs++
	return s.err
}

// A failure that may pass is retried up to MaxAttempts; one the user has been told about
// (a failed session, a bad configuration) runs once.
func TestAppRetriesAreBounded(t *testing.T) {
	cases := []struct {
		name  string
		err   error
		runs  int
		state rivertype.JobState
	}{
		{"transient", errors.New("GitHub: 502 Bad Gateway"), queue.MaxAttempts, rivertype.JobStateDiscarded},
		{"session failed", &sessionError{Session: "s", Class: "transport", Err: errors.New("overloaded")}, 1, rivertype.JobStateCancelled},
		{"bad configuration", &configError{Where: "acme/widgets .github/war-room.yml at main", Err: errors.New("line 3: unknown key")}, 1, rivertype.JobStateCancelled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newAppWorld(t)
			observed := &jobLog{}
			w.jobs = observed
			runs := 0
			w.start(func(*Deps) []eventHandler { return []eventHandler{stubHandler{err: c.err, runs: &runs}} })
			n := w.f.AddIssue(testRepo, 0, "Q", "b", "alice")
			if got := w.deliver("issue_comment", "d-"+c.name, w.comment(n, "/war-room help"), vectorSecret); got != http.StatusAccepted {
				t.Fatalf("delivery: %d", got)
			}
			jobs := w.settle()
			if len(jobs) != 1 || jobs[0].State != c.state || runs != c.runs {
				t.Fatalf("state %s after %d runs, want %s after %d", jobs[0].State, runs, c.state, c.runs)
			}
			// The observer is told each run's end state as River records it.
			want := slices.Repeat([]string{string(rivertype.JobStateRetryable)}, c.runs-1)
			want = append(want, string(c.state))
			if started, ended := observed.seen(); started != c.runs || !slices.Equal(ended, want) {
				t.Errorf("observer: %d started, ended %v; want %d and %v", started, ended, c.runs, want)
			}
		})
	}
}

// A configuration the deployment refuses (CheckConfig) is reported on the thread once, after
// the author's permission is known, and the job is not retried.
func TestAppRefusedConfigurationIsReportedOnce(t *testing.T) {
	w := newAppWorld(t)
	w.check = func(cfg *config.Config) error {
		if _, ok := cfg.Providers["alpha"]; ok {
			return errors.New("profile alpha: script profiles are not allowed here")
		}
		return nil
	}
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Q", "b", "alice")
	if got := w.deliver("issue_comment", "d-refused", w.comment(n, "/war-room Should we?"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	jobs := w.settle()
	if len(jobs) != 1 || jobs[0].State != rivertype.JobStateCancelled || jobs[0].Attempt != 1 {
		t.Fatalf("jobs %+v, want one cancelled after one attempt", jobs)
	}
	replies := appComments(w.f, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "script profiles are not allowed here") ||
		!strings.Contains(replies[0].Body, "acme/widgets .github/war-room.yml at main") {
		t.Fatalf("replies %+v", replies)
	}
}
