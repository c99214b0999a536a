package main

import (
	"os"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/reviewlane"
)

func TestReviewPRPublishesChecksAndStickyComment(t *testing.T) {
	r := newReviewEnv(t, map[string]string{"openai": "FINDING: minor widget.go:1 fine\nok\nJUDGMENT: CONFIRMED nonce=" + trueNonce}, "openai")
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddUser("war-room[bot]", "Bot")
	f.AddToken("ghs_cli", "war-room[bot]")
	head := strings.Repeat("c", 40)
	n := f.AddPull("acme/widgets", githubfake.PullSpec{Author: "octocat", BaseRef: "main", BaseSHA: strings.Repeat("a", 40),
		HeadRef: "feature", HeadSHA: head,
		Diff: "diff --git a/widget.go b/widget.go\n--- a/widget.go\n+++ b/widget.go\n@@ -1 +1 @@\n-package w\n+package widget\n"})
	r.vars["GITHUB_API_URL"], r.vars["GITHUB_TOKEN"] = f.URL(), "ghs_cli"

	res := r.review("--pr", "acme/widgets#1", "--publish", "--as", "war-room[bot]", "--json")
	if res.code != 0 {
		t.Fatalf("exit %d:\n%s", res.code, res.stderr)
	}
	rs := decodeResults(t, res.stdout)
	if len(rs) != 1 || rs[0].Disposition != reviewlane.Confirmed || rs[0].Subject != "acme/widgets#1" {
		t.Fatalf("results: %+v", rs)
	}
	runs := f.CheckRuns("acme/widgets")
	if len(runs) != 1 || runs[0].HeadSHA != head || runs[0].Conclusion != "success" || runs[0].Name != "war-room review / openai" {
		t.Fatalf("check runs: %+v", runs)
	}
	comments := f.IssueComments("acme/widgets", n)
	if len(comments) != 1 || !strings.HasPrefix(comments[0].Body, reviewlane.Marker("openai")+"\n") {
		t.Fatalf("comments: %+v", comments)
	}
}

func TestReviewPRPublishWithoutKnownLoginSpendsNothing(t *testing.T) {
	r := newReviewEnv(t, map[string]string{"openai": "ok\nJUDGMENT: CONFIRMED nonce=" + trueNonce}, "openai")
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddUser("war-room[bot]", "Bot")
	f.AddToken("ghs_cli", "war-room[bot]") // an App token: may write checks, cannot name itself
	f.AddPull("acme/widgets", githubfake.PullSpec{Author: "octocat", BaseRef: "main", BaseSHA: strings.Repeat("a", 40),
		HeadRef: "feature", HeadSHA: strings.Repeat("c", 40),
		Diff: "diff --git a/w.go b/w.go\n--- a/w.go\n+++ b/w.go\n@@ -1 +1 @@\n-package w\n+package widget\n"})
	r.vars["GITHUB_API_URL"], r.vars["GITHUB_TOKEN"] = f.URL(), "ghs_cli"

	res := r.review("--pr", "acme/widgets#1", "--publish")
	if res.code != exitUsage || !strings.Contains(res.stderr, "pass --as LOGIN") {
		t.Fatalf("exit %d, stderr:\n%s", res.code, res.stderr)
	}
	if res.stdout != "" {
		t.Fatalf("no lane may run, got stdout %q", res.stdout)
	}
	if runs := f.CheckRuns("acme/widgets"); len(runs) != 0 {
		t.Fatalf("nothing may be published: %+v", runs)
	}
	if _, err := os.Stat(r.db); err == nil {
		st, err := sqlite.Open(t.Context(), r.db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if sessions, _ := st.ListSessions(t.Context(), "", 0); len(sessions) != 0 {
			t.Fatalf("no lane session may start before the login is known: %d", len(sessions))
		}
	}
}
