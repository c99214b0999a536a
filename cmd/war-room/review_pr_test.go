package main

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
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
