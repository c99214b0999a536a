package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// The SHAs of the adapted pull_request.synchronize payload: before and after the push.
const (
	shaBase   = "0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5"
	shaBefore = "f95f852bd8fca8fcc58a9a2d6c842781e32a215e"
	shaAfter  = "ec26c3e57ca3a959ca5aad62de7213c562f8c821"
)

const readmeDiff = `diff --git a/README.md b/README.md
index 1111111..2222222 100644
--- a/README.md
+++ b/README.md
@@ -1 +1 @@
-Hello World
+Hello widgets
`

func reviewConfig(t *testing.T, lanes string) string {
	return fmt.Sprintf(`version: 1
providers:
  alpha: {type: script, family: anthropic, responses: %[1]s}
  beta: {type: script, family: openai, responses: %[1]s}
%[2]s
review:
  lanes:
%[3]s
`, testdataPath(t, "review-script.yaml"), "", lanes)
}

// pullEvent is a pull_request delivery for pull request n at head sha.
func (w *actionWorld) pullEvent(name, action string, n int, sha string, set map[string]any) string {
	fields := map[string]any{"action": action, "number": n, "pull_request.number": n, "pull_request.head.sha": sha}
	for k, v := range set {
		fields[k] = v
	}
	return w.payload(name, fields)
}

func checksOn(w *actionWorld, sha string) []githubfake.CheckRun {
	var out []githubfake.CheckRun
	for _, c := range w.f.CheckRuns(aRepo) {
		if c.HeadSHA == sha {
			out = append(out, c)
		}
	}
	return out
}

// TestActionPullRequestSynchronize: a push to a pull request gets one check run per lane on
// the event's head SHA (none on the old head), a sticky comment per lane, the lane results
// as an output and a lane table in the job summary.
func TestActionPullRequestSynchronize(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha, focus: correctness}\n    - {name: security, profile: beta, focus: security}"))
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaBefore, Diff: readmeDiff})
	w.f.MovePullHead(aRepo, n, shaAfter, readmeDiff)

	r := w.run("pull_request", w.pullEvent("pull_request.synchronize", "synchronize", n, shaAfter,
		map[string]any{"before": shaBefore, "after": shaAfter}), nil, nil)
	wantNoError(t, r)

	checks := checksOn(w, shaAfter)
	names := map[string]string{}
	for _, c := range checks {
		names[c.Name] = c.Conclusion
	}
	if len(checks) != 2 || names["war-room review / correctness"] != "success" || names["war-room review / security"] != "success" {
		t.Fatalf("check runs on %s: %+v\nstderr:\n%s", shaAfter, checks, r.stderr)
	}
	for _, c := range checks {
		want := "- Focus: " + strings.TrimPrefix(c.Name, "war-room review / ")
		if !strings.Contains(c.Summary, want) {
			t.Errorf("check run %s does not name its focus (%q):\n%s", c.Name, want, c.Summary)
		}
	}
	if old := checksOn(w, shaBefore); len(old) != 0 {
		t.Errorf("check runs on the old head: %+v", old)
	}
	sticky := 0
	for _, c := range botComments(w, n) {
		if strings.HasPrefix(c.Body, "<!-- war-room:lane=") {
			sticky++
		}
	}
	if sticky != 2 {
		t.Errorf("%d sticky lane comments, want 2", sticky)
	}
	var results []struct {
		Lane, Status, Disposition string
		HeadSHA                   string `json:"head_sha"`
	}
	if err := json.Unmarshal([]byte(r.outputs["lane-results"]), &results); err != nil || len(results) != 2 {
		t.Fatalf("lane-results output: %v %q", err, r.outputs["lane-results"])
	}
	for _, res := range results {
		if res.HeadSHA != shaAfter || res.Disposition != "CONFIRMED" {
			t.Errorf("lane result %+v", res)
		}
	}
	for _, want := range []string{"| correctness | alpha (anthropic) | success |", "| security | beta (openai) | success |", shaAfter[:12]} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.summary)
		}
	}
	if l := ledgerRows(t, r.db); len(l) != 2 {
		t.Errorf("%d reviewer calls, want one per lane", len(l))
	}
}

// TestActionForkPullRequestWithoutSecrets: a fork's pull request runs with no provider
// secrets; every lane gets a neutral check saying so, never a failure, and no call is made.
func TestActionForkPullRequestWithoutSecrets(t *testing.T) {
	srv, calls := countingProvider(t)
	cfg := fmt.Sprintf(`version: 1
providers:
  gpt: {type: openai, model: m1, family: openai, base_url: %s/v1, api_key_env: OPENAI_API_KEY}
review:
  lanes:
    - {name: correctness, profile: gpt}
`, srv.URL)
	w := newActionWorld(t, cfg)
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "mallory", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaAfter, Diff: readmeDiff, HeadRepoFork: true})
	ev := w.pullEvent("pull_request.opened", "opened", n, shaAfter, map[string]any{
		"pull_request.head.repo.full_name": "mallory/widgets", "pull_request.head.repo.fork": true})

	r := w.run("pull_request", ev, nil, nil)
	wantNoError(t, r)
	checks := checksOn(w, shaAfter)
	if len(checks) != 1 || checks[0].Conclusion != "neutral" || checks[0].Title != "no provider credentials available to fork PRs" ||
		checks[0].Name != "war-room review / correctness" {
		t.Fatalf("checks on the fork's head: %+v\nstderr:\n%s", checks, r.stderr)
	}
	if calls.Load() != 0 || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("a fork without secrets made %d provider requests", calls.Load())
	}
	if !strings.Contains(r.summary, "no provider credentials available to fork PRs") {
		t.Errorf("summary:\n%s", r.summary)
	}

	// The same pull request from a branch of the repository itself has no excuse: a missing
	// key there is a configuration error, reported and failing the step.
	n2 := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Same, from a branch", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "local", HeadSHA: shaBefore, Diff: readmeDiff})
	r = w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n2, shaBefore, nil), nil, nil)
	if r.code != 1 || !strings.Contains(r.summary, "OPENAI_API_KEY") || len(checksOn(w, shaBefore)) != 0 {
		t.Errorf("a branch PR without the key: exit %d, summary:\n%s", r.code, r.summary)
	}
}

// TestActionPullRequestSkips: drafts (unless configured), other activities and review off.
func TestActionPullRequestSkips(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha}"))
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "WIP", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaAfter, Diff: readmeDiff, Draft: true})
	r := w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, map[string]any{"pull_request.draft": true}), nil, nil)
	wantNoError(t, r)
	if !strings.Contains(r.summary, "draft") {
		t.Errorf("draft summary:\n%s", r.summary)
	}
	wantNoError(t, w.run("pull_request", w.pullEvent("pull_request.opened", "closed", n, shaAfter, nil), nil, nil))
	wantNoError(t, w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, nil),
		map[string]string{"review": "false"}, nil))
	if c := w.f.CheckRuns(aRepo); len(c) != 0 {
		t.Errorf("skipped events wrote checks: %+v", c)
	}
}

// TestActionForkReadOnlyToken: a fork's read-only token may not write check runs at all;
// the lane's neutral notice then goes to a warning and the summary, and the step stays green.
// The fake models no per-token permissions, so the refusal is injected as a 403.
func TestActionForkReadOnlyToken(t *testing.T) {
	w := newActionWorld(t, `version: 1
providers:
  gpt: {type: openai, model: m1, family: openai, api_key_env: OPENAI_API_KEY}
review:
  lanes:
    - {name: correctness, profile: gpt}
`)
	w.f.Inject(githubfake.Fault{Match: "POST /repos/{owner}/{repo}/check-runs", Kind: githubfake.ServerError, Status: 403})
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "mallory", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaAfter, Diff: readmeDiff, HeadRepoFork: true})
	r := w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, map[string]any{
		"pull_request.head.repo.full_name": "mallory/widgets"}), nil, nil)
	wantNoError(t, r)
	if len(w.f.CheckRuns(aRepo)) != 0 || !strings.Contains(r.stdout, "::warning::lane correctness: no provider credentials available to fork PRs") ||
		!strings.Contains(r.summary, "no provider credentials available to fork PRs") {
		t.Errorf("stdout:\n%s\nsummary:\n%s", r.stdout, r.summary)
	}
}

// TestActionDependabotPullRequestWithoutSecrets: GitHub runs the workflows Dependabot
// triggers like a fork's, with only the Dependabot secrets. A lane whose key is not among
// them gets a neutral check saying so, not a red step; the same pull request pushed to by a
// person (who gets the Actions secrets) would be a configuration error instead.
func TestActionDependabotPullRequestWithoutSecrets(t *testing.T) {
	srv, calls := countingProvider(t)
	w := newActionWorld(t, fmt.Sprintf(`version: 1
providers:
  gpt: {type: openai, model: m1, family: openai, base_url: %s/v1, api_key_env: OPENAI_API_KEY}
review:
  lanes:
    - {name: correctness, profile: gpt}
`, srv.URL))
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Bump lodash", Author: "dependabot[bot]", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "dependabot/npm/lodash", HeadSHA: shaAfter, Diff: readmeDiff})
	ev := w.pullEvent("pull_request.opened", "opened", n, shaAfter, map[string]any{"sender.login": "dependabot[bot]", "sender.type": "Bot"})

	r := w.run("pull_request", ev, nil, nil)
	wantNoError(t, r)
	checks := checksOn(w, shaAfter)
	if len(checks) != 1 || checks[0].Conclusion != "neutral" || checks[0].Title != "no provider credentials available to Dependabot PRs" ||
		!strings.Contains(checks[0].Summary, "Dependabot secrets") {
		t.Fatalf("checks on Dependabot's head: %+v\nstderr:\n%s", checks, r.stderr)
	}
	if calls.Load() != 0 || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("a run without the key made %d provider requests", calls.Load())
	}

	ev = w.pullEvent("pull_request.synchronize", "synchronize", n, shaAfter, map[string]any{"sender.login": "alice", "sender.type": "User"})
	if r := w.run("pull_request", ev, nil, nil); r.code != 1 || !strings.Contains(r.summary, "OPENAI_API_KEY") {
		t.Errorf("a person's push without the key: exit %d, summary:\n%s", r.code, r.summary)
	}
}

// TestActionPullRequestDiffTooLarge: GitHub refuses the diff of a huge pull request (406).
// Nothing can be reviewed, and that is not a judgment: every lane gets a neutral check saying
// why, no provider is called, and the step stays green.
func TestActionPullRequestDiffTooLarge(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha}\n    - {name: security, profile: beta}"))
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Vendor everything", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "vendor", HeadSHA: shaAfter, Diff: readmeDiff})
	// The first read of the pull request is its metadata, the second its diff.
	w.f.Inject(githubfake.Fault{Match: "GET /repos/{owner}/{repo}/pulls/{pull_number}", Nth: 2, Kind: githubfake.ServerError, Status: 406})

	r := w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, nil), nil, nil)
	wantNoError(t, r)
	checks := checksOn(w, shaAfter)
	if len(checks) != 2 {
		t.Fatalf("checks: %+v\n%s", checks, r.stderr)
	}
	for _, c := range checks {
		if c.Conclusion != "neutral" || c.Title != "diff too large for GitHub to produce" || !strings.Contains(c.Summary, "406") {
			t.Errorf("check %s: %s %q", c.Name, c.Conclusion, c.Title)
		}
	}
	if l := ledgerRows(t, r.db); len(l) != 0 {
		t.Errorf("%d provider calls for a diff nobody could read", len(l))
	}
	if !strings.Contains(r.summary, "diff too large") {
		t.Errorf("summary:\n%s", r.summary)
	}
}

// TestActionPullRequestByWarRoomsOwnAccount: a pull request opened by the account war-room
// acts as is in the reviewer's own context: every lane is blocked and no model is called.
func TestActionPullRequestByWarRoomsOwnAccount(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha}"))
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Automated change", Author: aBotLogin, BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "automation", HeadSHA: shaAfter, Diff: readmeDiff})
	r := w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, nil), nil, nil)
	var results []struct {
		Status        string
		BlockedReason string `json:"blocked_reason"`
	}
	if err := json.Unmarshal([]byte(r.outputs["lane-results"]), &results); err != nil || len(results) != 1 {
		t.Fatalf("lane-results output: %v %q\n%s", err, r.outputs["lane-results"], r.stderr)
	}
	if results[0].Status != "blocked" || results[0].BlockedReason != "same-context" || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("lane %+v after %d calls: war-room's own pull request must not be reviewed", results[0], len(ledgerRows(t, r.db)))
	}
}
