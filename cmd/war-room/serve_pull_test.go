package main

import (
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// A pull_request delivery runs the configured review lanes as the App: one check run per
// lane on the event's head, written by the App's installation.
func TestServeReviewsAPullRequest(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha}"))
	w.f.AddInstallation(appInstallation, appLogin)
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaBefore, Diff: readmeDiff})
	w.f.MovePullHead(aRepo, n, shaAfter, readmeDiff)
	raw, err := os.ReadFile(w.pullEvent("pull_request.synchronize", "synchronize", n, shaAfter,
		map[string]any{"before": shaBefore, "after": shaAfter}))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	json.Unmarshal(raw, &ev)
	ev["installation"] = map[string]any{"id": appInstallation}
	event, _ := json.Marshal(ev)

	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	if got := s.deliver("pull_request", "d-pr", event, appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the review job", func() bool { return queuedJobs(t, files)["d-pr"] == "completed" })
	checks := checksOn(w, shaAfter)
	if len(checks) != 1 || checks[0].Name != "war-room review / correctness" || checks[0].Conclusion != "success" {
		t.Fatalf("check runs: %+v\n%s", checks, s.log())
	}
	if checks[0].App != appLogin {
		t.Errorf("check run written by app %q, want the App's installation", checks[0].App)
	}
	if labelled := s.deliver("pull_request", "d-label", []byte(`{"action":"labeled","installation":{"id":77}}`), appSecret); labelled != http.StatusAccepted {
		t.Errorf("labeled: %d", labelled)
	}
	if _, queued := queuedJobs(t, files)["d-label"]; queued {
		t.Error("a labeled event took a job; only review activities should")
	}
}
