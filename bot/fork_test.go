package bot

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/golden"
)

const (
	forkBase = "1111111111111111111111111111111111111111"
	forkHead = "2222222222222222222222222222222222222222"
	forkDiff = "diff --git a/README.md b/README.md\nindex 1111111..2222222 100644\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-Hello World\n+Hello widgets\n"
)

// forkWorld is the App with one review lane on a scripted reviewer, and a pull request from
// mallory's fork; mallory can only read the repository, alice can write.
func forkWorld(t *testing.T) (*appWorld, int) {
	t.Helper()
	w := newAppWorld(t)
	script, err := filepath.Abs(filepath.Join("testdata", "review-script.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	w.f.PutFile(testRepo, "main", ".github/war-room.yml", fmt.Sprintf("version: 1\nproviders:\n"+
		"  alpha: {type: script, family: anthropic, responses: %s}\nreview:\n  lanes:\n    - {name: correctness, profile: alpha}\n", script))
	w.f.SetPermission(testRepo, "mallory", "read")
	w.forkPermission = "write"
	n := w.f.AddPull(testRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "mallory", BaseRef: "main", BaseSHA: forkBase,
		HeadRef: "greeting", HeadSHA: forkHead, Diff: forkDiff, HeadRepoFork: true})
	return w, n
}

// pullOpened is the pull_request delivery GitHub sends the App when pull request n is opened
// from mallory's fork.
func (w *appWorld) pullOpened(n int) []byte {
	w.t.Helper()
	var ev map[string]any
	json.Unmarshal(readWebhook(w.t, "pull_request.opened.json"), &ev)
	ev["number"], ev["installation"] = n, map[string]any{"id": 77}
	repo := ev["repository"].(map[string]any)
	repo["name"], repo["full_name"], repo["default_branch"] = testRepoName, testRepo, "main"
	repo["owner"].(map[string]any)["login"] = testOwner
	pr := ev["pull_request"].(map[string]any)
	pr["number"], pr["draft"] = n, false
	pr["user"].(map[string]any)["login"] = "mallory"
	head := pr["head"].(map[string]any)
	head["sha"] = forkHead
	head["repo"].(map[string]any)["full_name"] = "mallory/" + testRepoName
	ev["sender"].(map[string]any)["login"] = "mallory"
	out, _ := json.Marshal(ev)
	return out
}

// pullComment is alice's comment body on pull request n, as the issue_comment delivery of a
// comment on a pull request carries it (the issue has a pull_request object).
func (w *appWorld) pullComment(n int, body string) []byte {
	w.t.Helper()
	var ev map[string]any
	json.Unmarshal(w.comment(n, body), &ev)
	ev["issue"].(map[string]any)["pull_request"] = map[string]any{
		"url": fmt.Sprintf("%s/repos/%s/pulls/%d", w.f.URL(), testRepo, n)}
	out, _ := json.Marshal(ev)
	return out
}

func (w *appWorld) checks() []githubfake.CheckRun {
	var out []githubfake.CheckRun
	for _, c := range w.f.CheckRuns(testRepo) {
		if c.HeadSHA == forkHead {
			out = append(out, c)
		}
	}
	return out
}

// A pull request from the fork of someone with read permission runs no lane on the App: no
// provider call, one neutral check per lane saying how to start it. When someone with write
// permission comments /war-room review, the lanes run on the head and the check shows their
// conclusion.
func TestAppForkPullRequestWaitsForAMaintainer(t *testing.T) {
	w, n := forkWorld(t)
	w.start(nil)
	if got := w.deliver("pull_request", "d-fork", w.pullOpened(n), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	checks := w.checks()
	if len(checks) != 1 || checks[0].Conclusion != "neutral" || checks[0].Title != forkWaitsTitle ||
		checks[0].Name != "war-room review / correctness" || checks[0].App != appBot {
		t.Fatalf("checks on the fork's head: %+v", checks)
	}
	golden.Check(t, filepath.Join("testdata", "golden", "checks", "fork-waits.md"), checks[0].Summary)
	if calls := w.providerCalls(); calls != 0 {
		t.Errorf("the fork's pull request made %d provider calls", calls)
	}

	if got := w.deliver("issue_comment", "d-review", w.pullComment(n, "/war-room review"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	checks = w.checks()
	if len(checks) != 1 || checks[0].Conclusion != "success" || checks[0].ID == 0 {
		t.Fatalf("checks after /war-room review: %+v", checks)
	}
	if calls := w.providerCalls(); calls != 1 {
		t.Errorf("%d provider calls after /war-room review, want the lane's one", calls)
	}
	if got := reactionContents(w.f, n, "alice"); !strings.Contains(strings.Join(got, ","), "rocket by "+appBot) {
		t.Errorf("reactions on the command: %v", got)
	}
}

// /war-room review from someone below the fork permission starts nothing and says why, as
// does the command on an issue.
func TestAppReviewCommandNeedsThePermissionAndAPullRequest(t *testing.T) {
	w, n := forkWorld(t)
	w.forkPermission = "maintain" // alice can write, not maintain
	w.start(nil)
	if got := w.deliver("issue_comment", "d-review", w.pullComment(n, "/war-room review"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	replies := appComments(w.f, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "Starting review lanes needs `maintain` permission on this repository; you have `write`.") {
		t.Fatalf("replies: %+v", replies)
	}
	if len(w.checks()) != 0 || w.providerCalls() != 0 {
		t.Errorf("checks %+v, calls %d", w.checks(), w.providerCalls())
	}

	issue := w.f.AddIssue(testRepo, 0, "Not a pull request", "b", "alice")
	if got := w.deliver("issue_comment", "d-issue", w.comment(issue, "/war-room review"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	if r := appComments(w.f, issue); len(r) != 1 || !strings.Contains(r[0].Body, "runs the review lanes of a pull request; this is an issue") {
		t.Errorf("replies on the issue: %+v", r)
	}
}

// A fork whose author has the permission (a maintainer working from a fork) is reviewed at
// once.
func TestAppForkOfAPermittedAuthorIsReviewed(t *testing.T) {
	w, n := forkWorld(t)
	w.f.SetPermission(testRepo, "mallory", "write")
	w.start(nil)
	if got := w.deliver("pull_request", "d-fork", w.pullOpened(n), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	if checks := w.checks(); len(checks) != 1 || checks[0].Conclusion != "success" || w.providerCalls() != 1 {
		t.Fatalf("checks %+v, %d calls", checks, w.providerCalls())
	}
}

// A pull_request event delivered again under new delivery ids (a redelivery, a replay) runs
// the lanes of that head and configuration once: three replays, one provider call, one check.
func TestReplayedPullRequestRunsTheLanesOnce(t *testing.T) {
	w, n := forkWorld(t)
	w.forkPermission = "read" // mallory's pull request runs its lanes
	w.start(nil)
	for _, id := range []string{"d-pr", "d-pr-replay-1", "d-pr-replay-2", "d-pr-replay-3"} {
		if got := w.deliver("pull_request", id, w.pullOpened(n), vectorSecret); got != http.StatusAccepted {
			t.Fatalf("delivery %s: %d", id, got)
		}
		w.settle()
	}
	if calls := w.providerCalls(); calls != 1 {
		t.Errorf("%d provider calls for one head delivered four times, want the lane's one", calls)
	}
	if checks := w.checks(); len(checks) != 1 || checks[0].Conclusion != "success" {
		t.Errorf("checks: %+v", checks)
	}
}
