package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/reviewlane"
)

func decodeResults(t *testing.T, out string) []reviewlane.Result {
	t.Helper()
	var rs []reviewlane.Result
	if err := json.Unmarshal([]byte(out), &rs); err != nil {
		t.Fatalf("stdout is not a JSON array of results: %v\n%s", err, out)
	}
	return rs
}

func TestReviewLocalPrintsResultDocumentsSideBySide(t *testing.T) {
	r := newReviewEnv(t, map[string]string{
		"openai": "FINDING: minor main.go:3 main is empty\nfine\nJUDGMENT: CONFIRMED nonce=" + trueNonce,
		"google": "ok\nJUDGMENT: CONFIRMED nonce=" + trueNonce,
	}, "openai", "google")
	res := r.review("--base", "main", "--head", "feature", "--json")
	if res.code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", res.code, res.stderr)
	}
	rs := decodeResults(t, res.stdout)
	if len(rs) != 2 || rs[0].Lane != "openai" || rs[1].Lane != "google" {
		t.Fatalf("want the two lanes in configured order, got %+v", rs)
	}
	for _, x := range rs {
		if x.Status != reviewlane.StatusJudged || x.Disposition != reviewlane.Confirmed || x.HeadSHA != r.head {
			t.Errorf("lane %s: %s %s on %s", x.Lane, x.Status, x.Disposition, x.HeadSHA)
		}
		if x.Subject != "git:"+r.base+"..."+r.head {
			t.Errorf("subject %q", x.Subject)
		}
		if _, err := reviewlane.ReadResult(filepath.Join(x.Evidence.Dir, "lanes", x.Lane, "result.json")); err != nil {
			t.Errorf("result document beside the evidence: %v", err)
		}
	}
	if rs[0].Findings[0].File != "main.go" || rs[0].Findings[0].Line != 3 {
		t.Errorf("findings: %+v", rs[0].Findings)
	}
	if !strings.Contains(res.stderr, "evidence: ") {
		t.Errorf("stderr does not name the evidence directory:\n%s", res.stderr)
	}
}

func TestReviewLocalExitCodesKeepTransportApartFromRefutation(t *testing.T) {
	cases := []struct {
		answer string
		code   int
		text   string
	}{
		{"FINDING: blocker main.go:3 nothing tested\nJUDGMENT: REFUTED nonce=" + trueNonce, exitFailure, "REFUTED by openai"},
		{"looks fine to me", exitNoJudgment, "transport: malformed-marker (no judgment)"},
	}
	for _, tc := range cases {
		r := newReviewEnv(t, map[string]string{"openai": tc.answer}, "openai")
		res := r.review("--base", "main", "--head", "feature")
		if res.code != tc.code {
			t.Errorf("exit %d, want %d; stderr:\n%s", res.code, tc.code, res.stderr)
		}
		if !strings.Contains(res.stdout, tc.text) {
			t.Errorf("stdout lacks %q:\n%s", tc.text, res.stdout)
		}
	}
}

func TestReviewLaneFlagAndContractFile(t *testing.T) {
	r := newReviewEnv(t, map[string]string{
		"openai": "ok\nJUDGMENT: CONFIRMED nonce=" + trueNonce,
		"google": "ok\nJUDGMENT: CONFIRMED nonce=" + trueNonce,
	}, "openai")
	contract := filepath.Join(r.dir, "contract.md")
	if err := os.WriteFile(contract, []byte("# Local contract\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	res := r.review("--base", "main", "--head", "feature", "--lane", "google", "--contract", contract, "--json")
	if res.code != 0 {
		t.Fatalf("exit %d:\n%s", res.code, res.stderr)
	}
	rs := decodeResults(t, res.stdout)
	if len(rs) != 1 || rs[0].Lane != "google" || rs[0].Reviewer.Family != "google" {
		t.Fatalf("--lane google should replace the configured lanes: %+v", rs)
	}
	req, _, err := reviewlane.ReadRequest(filepath.Join(rs[0].Evidence.Dir, "lanes", "google", "request.json"))
	if err != nil {
		t.Fatal(err)
	}
	if req.Contract.Source != "file:"+contract {
		t.Errorf("contract source %q", req.Contract.Source)
	}
}

func TestReviewUsageErrors(t *testing.T) {
	r := newReviewEnv(t, map[string]string{"openai": "x"}, "openai")
	for _, args := range [][]string{
		{},
		{"--base", "main"},
		{"--pr", "acme/widgets"},
		{"--pr", "acme/widgets#1", "--base", "main", "--head", "feature"},
		{"--base", "main", "--head", "feature", "--publish"},
		{"--base", "main", "--head", "feature", "stray"},
		{"--base", "main", "--head", "feature", "--lane", "nope"},
	} {
		if res := r.review(args...); res.code != exitUsage {
			t.Errorf("%v: exit %d, want %d; stderr:\n%s", args, res.code, exitUsage, res.stderr)
		}
	}
}

// TestReviewFailureToRunIsNotARefutation: exit 1 means a lane refuted the change, so a
// failure to build or run the lanes (an unknown ref, GitHub failing) must exit otherwise.
func TestReviewFailureToRunIsNotARefutation(t *testing.T) {
	r := newReviewEnv(t, map[string]string{"openai": "ok\nJUDGMENT: REFUTED nonce=" + trueNonce}, "openai")
	if res := r.review("--base", "main", "--head", "no-such-branch"); res.code != exitNotRun || res.stdout != "" ||
		!strings.Contains(res.stderr, "no-such-branch") {
		t.Errorf("unknown ref: exit %d, want %d; stdout %q, stderr:\n%s", res.code, exitNotRun, res.stdout, res.stderr)
	}

	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddUser("war-room[bot]", "Bot")
	f.AddToken("ghs_cli", "war-room[bot]")
	f.AddPull("acme/widgets", githubfake.PullSpec{Author: "octocat", BaseRef: "main", BaseSHA: strings.Repeat("a", 40),
		HeadRef: "feature", HeadSHA: strings.Repeat("c", 40), Diff: "diff --git a/w.go b/w.go\n"})
	// GitHub keeps failing: every attempt the write layer makes, on a clock that does not
	// make the test wait for its back-off.
	f.Inject(githubfake.Fault{Match: "GET /repos/{owner}/{repo}/pulls/{pull_number}", Kind: githubfake.ServerError, Status: 502, Times: wr.DefaultMaxAttempts})
	clk := githubfake.NewClock(time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	r.writes = wr.Options{Now: clk.Now, Sleep: clk.Sleep, AfterFunc: clk.AfterFunc}
	r.vars["GITHUB_API_URL"], r.vars["GITHUB_TOKEN"] = f.URL(), "ghs_cli"
	if res := r.review("--pr", "acme/widgets#1"); res.code != exitNotRun {
		t.Errorf("GitHub failing: exit %d, want %d; stderr:\n%s", res.code, exitNotRun, res.stderr)
	} else if !strings.Contains(res.stderr, "502") {
		t.Errorf("the failure is not the one injected:\n%s", res.stderr)
	}

	used := filepath.Join(r.dir, "used")
	if err := os.MkdirAll(used, 0o755); err != nil || os.WriteFile(filepath.Join(used, "diff.patch"), []byte("x"), 0o600) != nil {
		t.Fatal(err)
	}
	if res := r.review("--base", "main", "--head", "feature", "--evidence", used); res.code != exitUsage ||
		!strings.Contains(res.stderr, "not empty") {
		t.Errorf("a used evidence directory: exit %d, want %d; stderr:\n%s", res.code, exitUsage, res.stderr)
	}

	bad := filepath.Join(r.dir, "bad.yml")
	if err := os.WriteFile(bad, []byte("version: 1\nbogus: 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if res := r.review("--config", bad, "--base", "main", "--head", "feature"); res.code != exitUsage {
		t.Errorf("configuration error: exit %d, want %d; stderr:\n%s", res.code, exitUsage, res.stderr)
	}
}
