package main

import (
	"errors"
	"net/http"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// newAppWorld is the Action tests' repository with the App installed on it.
func newAppWorld(t *testing.T) *actionWorld {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	return w
}

func appComments(w *actionWorld, n int) []githubfake.IssueComment {
	var out []githubfake.IssueComment
	for _, c := range w.f.IssueComments(aRepo, n) {
		if c.Author == appLogin {
			out = append(out, c)
		}
	}
	return out
}

// The whole App as an operator runs it: `war-room serve` in its own process takes a signed
// command delivery, answers 202, and its queue runs the reasoning chain as the App's
// installation through to a published Discussion. The same delivery id is a duplicate
// then, and still after the process is stopped with SIGTERM and started again on the same
// files.
func TestServeRunsACommandOnceAcrossRestarts(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	event := appEvent(t, w, n, id, body)

	if got := s.deliver("issue_comment", "d-reason", event, appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202\n%s", got, s.log())
	}
	eventually(t, s, "the reply", func() bool { return len(appComments(w, n)) >= 2 })
	eventually(t, s, "the job completes", func() bool { return queuedJobs(t, files)["d-reason"] == "completed" })
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the command: %v, want [eyes rocket]", got)
	}
	var published *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title != "Decision log" {
			published = &d
		}
	}
	if published == nil || published.Author != appLogin || !strings.Contains(published.Title, "job queue into PostgreSQL") {
		t.Fatalf("decision discussion: %+v\n%s", published, s.log())
	}
	if reply := appComments(w, n)[1].Body; !strings.Contains(reply, "@alice") || !strings.Contains(reply, "/discussions/") {
		t.Errorf("reply:\n%s", reply)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 5 {
		t.Errorf("%d provider calls in the state file, want the five roles once each", len(calls))
	}

	if got := s.deliver("issue_comment", "d-reason", event, appSecret); got != http.StatusOK {
		t.Errorf("redelivery: %d, want 200 (duplicate)", got)
	}
	if code := s.stop(); code != 0 {
		t.Fatalf("SIGTERM: exit %d\n%s", code, s.log())
	}
	s = startServe(t, w, files, "--allow-local-providers")
	if got := s.deliver("issue_comment", "d-reason", event, appSecret); got != http.StatusOK {
		t.Errorf("redelivery after a restart: %d, want 200 (duplicate)", got)
	}
	if got := s.deliver("issue_comment", "d-forged", event, "wrong-secret"); got != http.StatusUnauthorized {
		t.Errorf("forged delivery: %d, want 401", got)
	}
	if jobs := queuedJobs(t, files); len(jobs) != 1 {
		t.Errorf("jobs %v, want only d-reason", jobs)
	}
	if got := len(appComments(w, n)); got != 2 {
		t.Errorf("the App wrote %d comments, want the progress comment and one reply", got)
	}
}

// Without --allow-local-providers a repository may not name script (or cli) profiles: the
// refusal is the reply, and nothing is run.
func TestServeRefusesLocalProvidersFromRepositories(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServe(t, w, files)
	n := w.f.AddIssue(aRepo, 0, "Q", "b", "alice")
	body := "/war-room Should we?"
	id := w.comment("alice", n, body)
	if got := s.deliver("issue_comment", "d-local", appEvent(t, w, n, id, body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the job ends", func() bool { return queuedJobs(t, files)["d-local"] == "cancelled" })
	replies := appComments(w, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "script profiles are not allowed on this war-room App server") {
		t.Fatalf("replies: %+v", replies)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 0 {
		t.Errorf("%d provider calls", len(calls))
	}
}

func TestServeHealthz(t *testing.T) {
	w := newAppWorld(t)
	s := startServe(t, w, newAppFiles(t))
	resp, err := http.Get(s.url + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", err, resp)
	}
	resp.Body.Close()
	if resp, err := http.Get(s.url + "/webhook"); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /webhook: %v %v", err, resp)
	}
}

// war-room serve will not start without a webhook secret or with a key that is not one, and
// never prints the secrets it was given.
func TestServeRefusesToStart(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	cases := []struct {
		name, want string
		env        []string
	}{
		{"no webhook secret", "webhook secret is required", nil},
		{"a key that is not one", "private key", []string{"WAR_ROOM_WEBHOOK_SECRET=hooksecretvalue"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(actionBinary, "serve", "--addr", "127.0.0.1:0", "--db", files.db, "--app-id", "7", "--app-slug", "war-room")
			cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + files.dir, "GITHUB_API_URL=" + w.f.URL(),
				"WAR_ROOM_APP_PRIVATE_KEY=-----BEGIN RSA PRIVATE KEY-----\\nsecretkeymaterial\\n-----END RSA PRIVATE KEY-----"}, c.env...)
			out, err := cmd.CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitUsage || !strings.Contains(string(out), c.want) {
				t.Fatalf("exit %v, want %d and %q; output:\n%s", err, exitUsage, c.want, out)
			}
			if strings.Contains(string(out), "secretkeymaterial") || strings.Contains(string(out), "hooksecretvalue") {
				t.Errorf("a secret was printed:\n%s", out)
			}
		})
	}
}

// One command, one session: the same comment delivered under two delivery ids at once (as
// a replayed body or GitHub's own redelivery arrives) runs one session, which publishes one
// discussion and replies once; the second job waits for the first and then finds the command
// handled, spending nothing.
func TestServeRunsOneSessionForOneCommentDeliveredTwice(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	event := appEvent(t, w, n, id, body)

	codes := make(chan int, 2)
	for _, d := range []string{"d-first", "d-second"} {
		go func() { codes <- s.deliver("issue_comment", d, event, appSecret) }()
	}
	for range 2 {
		if got := <-codes; got != http.StatusAccepted {
			t.Fatalf("delivery: %d, want 202 for both ids\n%s", got, s.log())
		}
	}
	eventually(t, s, "both jobs complete", func() bool {
		jobs := queuedJobs(t, files)
		return jobs["d-first"] == "completed" && jobs["d-second"] == "completed"
	})
	var decisions []string
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title != "Decision log" {
			decisions = append(decisions, d.Title)
		}
	}
	if len(decisions) != 1 {
		t.Errorf("%d decision discussions %q, want one", len(decisions), decisions)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 5 {
		t.Errorf("%d provider calls, want one session's five", len(calls))
	}
	if got := len(appComments(w, n)); got != 2 {
		t.Errorf("the App wrote %d comments, want the progress comment and one reply", got)
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the command: %v, want [eyes rocket]", got)
	}
}
