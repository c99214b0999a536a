package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/internal/githubfake"
)

// parseCeilings parses serve's flags from args with vars as the environment.
func parseCeilings(t *testing.T, args []string, vars map[string]string) (*serveFlags, error) {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	sf := &serveFlags{}
	sf.register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	if err := sf.ceilings.fromEnv(fs, &env{getenv: func(k string) string { return vars[k] }}); err != nil {
		return sf, err
	}
	return sf, sf.ceilings.check()
}

// The ceilings default to the documented values, take WAR_ROOM_<FLAG> from the environment
// unless the flag is given, and refuse what cannot be a ceiling, naming the flag or variable.
func TestServeCeilingFlags(t *testing.T) {
	sf, err := parseCeilings(t, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := sf.ceilings.ceilings()
	if c.Session.Budget.MaxTokens != defaultMaxSessionTokens || c.Daily.MaxUSD != defaultMaxDailyUSD ||
		c.Session.Bounds[limits.CeilingPasses] != (limits.Limit{Max: 3, By: "war-room serve --max-passes"}) ||
		sf.ceilings.forkPermission != "write" {
		t.Errorf("defaults: %+v %+v", c, sf.ceilings)
	}
	sf, err = parseCeilings(t, []string{"--max-passes", "2"}, map[string]string{"WAR_ROOM_MAX_PASSES": "9",
		"WAR_ROOM_MAX_DAILY_USD": "0", "WAR_ROOM_FORK_PERMISSION": "maintain"})
	if err != nil || sf.ceilings.passes != 2 || sf.ceilings.dailyUSD != 0 || sf.ceilings.forkPermission != "maintain" {
		t.Errorf("flag over variable, variables over defaults: %+v %v", sf.ceilings, err)
	}
	var xe *exitError
	for args, want := range map[string]string{"--max-seats=-1": "--max-seats is -1", "--fork-permission=owner": `--fork-permission "owner"`} {
		if _, err := parseCeilings(t, []string{args}, nil); !errors.As(err, &xe) || xe.code != exitUsage || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", args, err)
		}
	}
	if _, err := parseCeilings(t, nil, map[string]string{"WAR_ROOM_MAX_SESSION_USD": "lots"}); err == nil ||
		!strings.Contains(err.Error(), "$WAR_ROOM_MAX_SESSION_USD") {
		t.Errorf("a bad variable: %v", err)
	}
}

// The App as an operator runs it, with its default ceilings: /war-room reason --passes=40 is
// refused before any call, the reply naming the bound and its flag.
func TestServeRefusesACommandOverItsCeiling(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room reason --passes=40 Should we move the job queue into PostgreSQL?"
	if got := s.deliver("issue_comment", "d-passes", appEvent(t, w, n, w.comment("alice", n, body), body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the job", func() bool { return queuedJobs(t, files)["d-passes"] == "completed" })
	replies := appComments(w, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "--passes=40 is over this server's ceiling: war-room serve --max-passes=3.") {
		t.Fatalf("replies: %+v\n%s", replies, s.log())
	}
	if calls := ledgerRows(t, files.db); len(calls) != 0 {
		t.Errorf("%d provider calls", len(calls))
	}
}

// A fork's pull request by a read-only author runs no lane on the App (default
// --fork-permission write): zero calls, a neutral check saying how to start the lanes. After
// a maintainer comments /war-room review, the lanes run.
func TestServeForkPullRequestWaitsForAMaintainer(t *testing.T) {
	w := newActionWorld(t, reviewConfig(t, "    - {name: correctness, profile: alpha}"))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	w.user("mallory", "read")
	n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "mallory", BaseRef: aBranch, BaseSHA: shaBase,
		HeadRef: "changes", HeadSHA: shaAfter, Diff: readmeDiff, HeadRepoFork: true})
	raw, err := os.ReadFile(w.pullEvent("pull_request.opened", "opened", n, shaAfter, map[string]any{
		"pull_request.head.repo.full_name": "mallory/widgets", "pull_request.user.login": "mallory", "sender.login": "mallory"}))
	if err != nil {
		t.Fatal(err)
	}
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	if got := s.deliver("pull_request", "d-fork", withInstallation(t, raw), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the fork's job", func() bool { return queuedJobs(t, files)["d-fork"] == "completed" })
	checks := checksOn(w, shaAfter)
	if len(checks) != 1 || checks[0].Conclusion != "neutral" || checks[0].Title != "waiting for a maintainer to start the review" ||
		!strings.Contains(checks[0].Summary, "comments `/war-room review` on this pull request") {
		t.Fatalf("checks: %+v\n%s", checks, s.log())
	}
	if calls := ledgerRows(t, files.db); len(calls) != 0 {
		t.Errorf("the fork made %d provider calls", len(calls))
	}

	body := "/war-room review"
	comment, err := os.ReadFile(w.commentEvent("created", n, w.comment("alice", n, body), "alice", body))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	json.Unmarshal(comment, &ev)
	ev["issue"].(map[string]any)["pull_request"] = map[string]any{"url": fmt.Sprintf("%s/repos/%s/pulls/%d", w.f.URL(), aRepo, n)}
	comment, _ = json.Marshal(ev)
	if got := s.deliver("issue_comment", "d-review", withInstallation(t, comment), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the review job", func() bool { return queuedJobs(t, files)["d-review"] == "completed" })
	checks = checksOn(w, shaAfter)
	if len(checks) != 1 || checks[0].Conclusion != "success" {
		t.Fatalf("checks after /war-room review: %+v\n%s", checks, s.log())
	}
	if calls := ledgerRows(t, files.db); len(calls) != 1 {
		t.Errorf("%d provider calls after /war-room review, want the lane's one", len(calls))
	}
}

// withInstallation adds the App's installation to a payload, as GitHub does for an App.
func withInstallation(t *testing.T, raw []byte) []byte {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	ev["installation"] = map[string]any{"id": appInstallation}
	out, _ := json.Marshal(ev)
	return out
}

// A repository that points a keyless profile at an address of the operator's network gets a
// refusal and the App sends nothing there: not a completion, not a /models probe. The capture
// server, standing in for an internal service, counts every request it receives: zero.
func TestServeSendsNothingToAnUnapprovedEndpoint(t *testing.T) {
	var requests atomic.Int64
	internal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.Error(w, "AccessKeyId: ASIAIOSFODNN7EXAMPLE", http.StatusForbidden)
	}))
	defer internal.Close()
	w := newActionWorld(t, fmt.Sprintf(`version: 1
providers:
  alpha: {type: openai, family: openai, model: m, base_url: %[1]s/v1}
  beta: {type: openai, family: anthropic, model: m, base_url: %[1]s/v1}
protocols:
  default: reason
  reason:
    pool: [alpha, beta]
`, internal.URL))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	files := newAppFiles(t)
	s := startServe(t, w, files)
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	if got := s.deliver("issue_comment", "d-ssrf", appEvent(t, w, n, w.comment("alice", n, body), body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the job", func() bool { return queuedJobs(t, files)["d-ssrf"] == "cancelled" }) // a refusal is not retried
	replies := appComments(w, n)
	if len(replies) != 1 || !strings.Contains(replies[0].Body, "--allow-base-url") || strings.Contains(replies[0].Body, "ASIA") {
		t.Fatalf("replies: %+v\n%s", replies, s.log())
	}
	if got := requests.Load(); got != 0 {
		t.Errorf("the internal address received %d request(s)", got)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 0 {
		t.Errorf("%d provider calls", len(calls))
	}
}
