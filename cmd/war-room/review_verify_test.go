package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
)

// reviewedPR runs one lane on a pull request of the fake and publishes it: the CLI
// environment, the fake, and the lane's session id.
func reviewedPR(t *testing.T, answer string) (*reviewEnv, *githubfake.Fake, string) {
	t.Helper()
	r := newReviewEnv(t, map[string]string{"openai": answer}, "openai")
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddUser("war-room[bot]", "Bot")
	f.AddToken("ghs_cli", "war-room[bot]")
	f.AddToken("reader", "outsider")
	f.AddPull("acme/widgets", githubfake.PullSpec{Author: "octocat", BaseRef: "main", BaseSHA: strings.Repeat("a", 40),
		HeadRef: "feature", HeadSHA: strings.Repeat("c", 40),
		Diff: "diff --git a/widget.go b/widget.go\n--- a/widget.go\n+++ b/widget.go\n@@ -1 +1,2 @@\n-package w\n+package widget\n+var x = 1\n"})
	r.vars["GITHUB_API_URL"], r.vars["GITHUB_TOKEN"] = f.URL(), "ghs_cli"
	res := r.review("--pr", "acme/widgets#1", "--publish", "--as", "war-room[bot]", "--json")
	mustExit(t, res, 1)
	rs := decodeResults(t, res.stdout)
	if len(rs) != 1 || rs[0].SessionID == "" {
		t.Fatalf("results: %+v", rs)
	}
	return r, f, rs[0].SessionID
}

const refutingAnswer = "FINDING: major widget.go:2 `var x = 1` is never read\nJUDGMENT: REFUTED nonce=" + trueNonce

// TestVerifyReviewLane: a lane's result is sealed with its request. verify on its session says
// OK and names the root; after the stored judgment is edited (REFUTED made CONFIRMED), or the
// request, verify fails and names the document.
func TestVerifyReviewLane(t *testing.T) {
	for _, doc := range []string{engine.ResultArtifact, "request.json"} {
		t.Run(doc, func(t *testing.T) {
			r, f, id := reviewedPR(t, refutingAnswer)
			verify := func() cliResult { return r.command("verify", id) }
			res := verify()
			mustExit(t, res, 0)
			root := f.CheckRuns("acme/widgets")[0].Summary
			if !strings.HasPrefix(res.stdout, "OK "+id) || !strings.Contains(res.stdout, "lane result and request; root ") {
				t.Fatalf("untouched:\n%s", res.stdout)
			}
			sealed := strings.TrimSpace(res.stdout[strings.LastIndex(res.stdout, "root ")+len("root "):])
			if !strings.Contains(root, "`"+sealed+"`") {
				t.Fatalf("the check run's summary does not name root %s:\n%s", sealed, root)
			}

			db := rawDB(t, r.db)
			body := artifact(t, db, id, doc)
			from, to := `"disposition": "REFUTED"`, `"disposition": "CONFIRMED"`
			if doc == "request.json" {
				from, to = `"lane": "openai"`, `"lane": "openai2"`
			}
			edited := bytes.Replace(body, []byte(from), []byte(to), 1)
			if bytes.Equal(edited, body) {
				t.Fatalf("%s has no %s:\n%s", doc, from, body)
			}
			setArtifact(t, db, id, doc, edited)
			res = verify()
			if res.code != exitFailure || !strings.Contains(res.stdout, "FAILED "+id) || !strings.Contains(res.stdout, "record "+doc+" (sha256)") {
				t.Fatalf("after editing %s: exit %d\n%s%s", doc, res.code, res.stdout, res.stderr)
			}
			setArtifact(t, db, id, doc, body)
			mustExit(t, verify(), 0)

			// The record deleted: a result with no seal is named, not passed as "not sealed yet".
			if _, err := db.Exec(`DELETE FROM artifacts WHERE session_id = ? AND name = ?`, id, engine.RecordArtifact); err != nil {
				t.Fatal(err)
			}
			res = verify()
			if res.code != exitFailure || !strings.Contains(res.stdout, "a result with no sealed record") {
				t.Fatalf("after deleting the record: exit %d\n%s%s", res.code, res.stdout, res.stderr)
			}
		})
	}
}

// TestVerifyReviewLaneFromItsCheckRun: with a reader's token and no state file, verify
// --check-run recomputes the lane's record from the check run and checks what it shows; a
// conclusion, title or summary changed by whoever holds the App's key, or a finding edited
// inside the record, is named.
func TestVerifyReviewLaneFromItsCheckRun(t *testing.T) {
	_, f, _ := reviewedPR(t, refutingAnswer)
	cr := f.CheckRuns("acme/widgets")[0]
	verify := func() cliResult {
		var out, errb strings.Builder
		vars := map[string]string{"GITHUB_TOKEN": "reader", "GITHUB_API_URL": f.URL()}
		e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return vars[k] }}
		code := run(t.Context(), e, []string{"verify", "--repo", "acme/widgets", "--check-run", fmt.Sprint(cr.ID)})
		return cliResult{out.String(), errb.String(), code}
	}
	res := verify()
	mustExit(t, res, 0)
	if !strings.HasPrefix(res.stdout, "OK ") || !strings.Contains(res.stdout, "lane result and request") {
		t.Fatalf("untouched:\n%s", res.stdout)
	}

	patch := func(t *testing.T, output map[string]any, conclusion string) {
		t.Helper()
		body := map[string]any{"output": output}
		if conclusion != "" {
			body["conclusion"], body["status"] = conclusion, "completed"
		}
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rq, err := http.NewRequestWithContext(t.Context(), http.MethodPatch,
			fmt.Sprintf("%s/repos/acme/widgets/check-runs/%d", f.URL(), cr.ID), bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		rq.Header.Set("Authorization", "Bearer ghs_cli")
		resp, err := http.DefaultClient.Do(rq)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("PATCH check run: %s", resp.Status)
		}
	}
	output := func(title, summary, text string) map[string]any {
		return map[string]any{"title": title, "summary": summary, "text": text}
	}
	cases := []struct {
		name       string
		output     map[string]any
		conclusion string
		want       string
	}{
		{"conclusion", output(cr.Title, cr.Summary, cr.Text), "success", "(conclusion): stored success"},
		{"title", output(strings.Replace(cr.Title, "REFUTED", "CONFIRMED", 1), cr.Summary, cr.Text), "", "(title)"},
		{"summary", output(cr.Title, strings.Replace(cr.Summary, "never read", "fine", 1), cr.Text), "", "(summary)"},
		{"finding in the record", output(cr.Title, cr.Summary, strings.Replace(cr.Text, "never read", "never ever read", 1)), "",
			"record result.json (sha256)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if maps.Equal(c.output, output(cr.Title, cr.Summary, cr.Text)) && c.conclusion == "" {
				t.Fatal("the case changes nothing")
			}
			patch(t, c.output, c.conclusion)
			res := verify()
			if res.code != exitFailure || !strings.Contains(res.stdout, c.want) {
				t.Fatalf("exit %d, want a problem %q:\n%s%s", res.code, c.want, res.stdout, res.stderr)
			}
			patch(t, output(cr.Title, cr.Summary, cr.Text), cr.Conclusion)
			mustExit(t, verify(), 0)
		})
	}
}
