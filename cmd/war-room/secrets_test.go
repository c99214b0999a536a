package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// plantedSecrets are one made-up secret of every kind war-room redacts.
var plantedSecrets = []string{
	"ghp_0123456789abcdefghijABCDEFGHIJ012345", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
	"sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345", "sk-proj-abcdefghijklmnopqrstuvwxyz0123",
	"AIzaSyA0123456789abcdefghijklmnopqrstuv", "xoxb-1234567890-0987654321-abcdefghijklmnop",
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
	"AKIAIOSFODNN7EXAMPLE", "MIIEowIBAAKCAQEA7bqSECRETKEYBODY",
}

// A question and every model answer that carry a secret of each kind — tokens after a line
// break, inside angle brackets, a PEM block — leave none in any output: the decision printed
// as JSON, the Discussion's body, its phase comments and the verifiable record's comments.
// The record seals the redacted text, so the published decision still verifies.
func TestNoSecretReachesAnyOutput(t *testing.T) {
	leak := "\nghp_0123456789abcdefghijABCDEFGHIJ012345 <github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF>\n" +
		"\tsk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 sk-proj-abcdefghijklmnopqrstuvwxyz0123\n" +
		"AIzaSyA0123456789abcdefghijklmnopqrstuv xoxb-1234567890-0987654321-abcdefghijklmnop\n" +
		"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U AKIAIOSFODNN7EXAMPLE\n" +
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bqSECRETKEYBODY\n-----END RSA PRIVATE KEY-----\n"
	raw, err := os.ReadFile(filepath.Join("testdata", "reason", "conforming.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	indented := strings.ReplaceAll(strings.TrimSuffix(leak, "\n"), "\n", "\n      ")
	script := strings.NewReplacer(
		"      Keep PostgreSQL.\n", "      Keep PostgreSQL. Our key: "+indented+"\n",
		"      weakened: nobody ran a load test.\n", "      weakened: nobody ran a load test. "+indented+"\n",
		"      Answer: Keep PostgreSQL for now.\n", "      Answer: Keep PostgreSQL for now. "+indented+"\n",
	).Replace(string(raw))
	if strings.Count(script, "AKIAIOSFODNN7EXAMPLE") != 3 {
		t.Fatal("the secrets were not planted in three answers")
	}
	path := filepath.Join(t.TempDir(), "leaky.yaml")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
	f.AddToken("bot", "github-actions[bot]")
	f.SetPermission("acme/widgets", "github-actions[bot]", "write")
	vars := map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
	w := newIndepEnv(t, []profileSpec{scriptProfile("claude", "anthropic", path), scriptProfile("gpt", "openai", path)},
		"  reason: {pool: [claude, gpt]}\n")
	res := w.run(vars, "reason", "Should we keep PostgreSQL? Our token is"+strings.ReplaceAll(leak, "\n", " "), "--seed", "4", "--json")
	mustExit(t, res, 0)
	var decoded map[string]any
	if err := json.Unmarshal([]byte(res.stdout), &decoded); err != nil {
		t.Fatalf("--json is not JSON: %v\n%s", err, res.stdout)
	}
	mustExit(t, w.run(vars, "publish", w.onlySession(), "--repo", "acme/widgets", "--as", "github-actions[bot]"), 0)
	outputs := map[string]string{"--json": res.stdout, "--json decoded": flatten(decoded)}
	d := f.Discussions("acme/widgets")[0]
	outputs["body"] = d.Body
	records := 0
	for _, c := range f.Comments(d.ID) {
		outputs[c.ID] = c.Body
		if strings.Contains(c.Body, "part=record-") {
			records++
		}
	}
	if records == 0 {
		t.Fatal("no record comment was published")
	}
	for name, text := range outputs {
		for _, secret := range plantedSecrets {
			if strings.Contains(text, secret) || strings.Contains(strings.ReplaceAll(text, `\u005f`, "_"), secret) {
				t.Errorf("%s holds %s", name, secret[:12])
			}
		}
	}
	if !strings.Contains(outputs["body"], "[redacted secret]") {
		t.Error("the body does not show where a secret was redacted")
	}
	mustExit(t, w.run(map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()},
		"verify", "--repo", "acme/widgets", "--discussion", "1", "--as", "github-actions[bot]"), 0)
}

// flatten is every string of a decoded JSON value, one per line: what a JSON reader sees.
func flatten(v any) string {
	switch v := v.(type) {
	case string:
		return v + "\n"
	case map[string]any:
		var b strings.Builder
		for _, x := range v {
			b.WriteString(flatten(x))
		}
		return b.String()
	case []any:
		var b strings.Builder
		for _, x := range v {
			b.WriteString(flatten(x))
		}
		return b.String()
	}
	return ""
}

// plantedLeak is every planted secret as a model might quote them: after line breaks and
// tabs, in angle brackets, and a PEM block.
const plantedLeak = "\nghp_0123456789abcdefghijABCDEFGHIJ012345 <github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF>\n" +
	"\tsk-ant-api03-abcdefghijklmnopqrstuvwxyz012345 sk-proj-abcdefghijklmnopqrstuvwxyz0123\n" +
	"AIzaSyA0123456789abcdefghijklmnopqrstuv xoxb-1234567890-0987654321-abcdefghijklmnop\n" +
	"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U AKIAIOSFODNN7EXAMPLE\n" +
	"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bqSECRETKEYBODY\n-----END RSA PRIVATE KEY-----\n"

// leakyScript writes a copy of the script at src with plantedLeak after every line that is
// one of after (a whole line, indentation included), indented like it, and returns its path.
func leakyScript(t *testing.T, src string, after ...string) string {
	t.Helper()
	raw, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	planted := 0
	for line := range strings.Lines(string(raw)) {
		b.WriteString(line)
		for _, a := range after {
			if strings.TrimSuffix(line, "\n") == a {
				indent := a[:len(a)-len(strings.TrimLeft(a, " "))]
				for l := range strings.Lines(strings.TrimPrefix(plantedLeak, "\n")) {
					b.WriteString(indent + l)
				}
				planted++
			}
		}
	}
	if planted != len(after) {
		t.Fatalf("planted the secrets after %d of %d lines of %s", planted, len(after), src)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// noSecretIn fails t for every planted secret that any of outputs holds, as written or as a
// JSON reader decodes it.
func noSecretIn(t *testing.T, outputs map[string]string) {
	t.Helper()
	for name, text := range outputs {
		decoded := strings.NewReplacer(`\u005f`, "_", `\u003c`, "<", `\u003e`, ">", `\n`, "\n", `\t`, "\t").Replace(text)
		for _, secret := range plantedSecrets {
			if strings.Contains(text, secret) || strings.Contains(decoded, secret) {
				t.Errorf("%s holds %s…", name, secret[:12])
			}
		}
	}
}

// The Action's own outputs carry no secret either: with every model answer of a decision
// quoting secrets of each kind, not the step outputs (the decision's JSON among them), the
// job summary, the log, the thread's comments or the published Discussion; and with a
// reviewer quoting them in its finding, not the check run (title, summary, text,
// annotations), the sticky comment, the review or the lane-results output.
func TestNoSecretReachesTheActionsOutputs(t *testing.T) {
	t.Run("decision", func(t *testing.T) {
		script := leakyScript(t, testdataPath(t, "reason-script.yaml"),
			"      Move the job queue into PostgreSQL.",
			"      weakened: the figure is a monthly average, not a peak.",
			"      Answer: Move the queue into PostgreSQL, behind a small interface.")
		w := newActionWorld(t, strings.ReplaceAll(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), script))
		w.user("alice", "write")
		n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
		r, _ := w.say("alice", n, "/war-room Should we move the job queue into PostgreSQL?")
		wantNoError(t, r)
		outputs := map[string]string{"summary": r.summary, "stdout": r.stdout, "log": r.stderr}
		for name, v := range r.outputs {
			outputs["output "+name] = v
		}
		if !strings.Contains(r.outputs["decision"], "[redacted secret]") {
			t.Fatalf("the decision output does not show the redaction, so the secrets never reached it:\n%s", r.outputs["decision"])
		}
		for _, c := range w.f.IssueComments(aRepo, n) {
			outputs[fmt.Sprintf("issue comment %d", c.ID)] = c.Body
		}
		ds := w.f.Discussions(aRepo)
		if len(ds) == 0 {
			t.Fatal("no discussion was published")
		}
		outputs["discussion"] = ds[0].Body
		for _, c := range w.f.Comments(ds[0].ID) {
			outputs["discussion comment "+c.ID] = c.Body
		}
		noSecretIn(t, outputs)
	})
	t.Run("review", func(t *testing.T) {
		// A finding is one line: every secret but the PEM block on it, the block after it.
		oneLine := strings.Join(strings.Fields(strings.Split(plantedLeak, "-----BEGIN")[0]), " \t")
		script := leakyScript(t, testdataPath(t, "review-script.yaml"),
			"    FINDING: minor README.md:1 the greeting could name the project.")
		raw, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		inline := strings.Replace(string(raw), "could name the project.", `could name the project: "`+oneLine+`"`, 1)
		if err := os.WriteFile(script, []byte(inline), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg := strings.ReplaceAll(reviewConfig(t, "    - {name: correctness, profile: alpha}"), testdataPath(t, "review-script.yaml"), script)
		w := newActionWorld(t, cfg)
		n := w.f.AddPull(aRepo, githubfake.PullSpec{Title: "Greet widgets", Author: "alice", BaseRef: aBranch, BaseSHA: shaBase,
			HeadRef: "changes", HeadSHA: shaAfter, Diff: readmeDiff})
		r := w.run("pull_request", w.pullEvent("pull_request.opened", "opened", n, shaAfter, nil), nil, nil)
		wantNoError(t, r)
		outputs := map[string]string{"summary": r.summary, "stdout": r.stdout, "log": r.stderr}
		for name, v := range r.outputs {
			outputs["output "+name] = v
		}
		checks := checksOn(w, shaAfter)
		if len(checks) != 1 || !strings.Contains(checks[0].Summary+checks[0].Text, "[redacted secret]") {
			t.Fatalf("the check run does not show the redaction, so the finding never reached it: %+v", checks)
		}
		for _, c := range checks {
			outputs["check title"], outputs["check summary"], outputs["check text"] = c.Title, c.Summary, c.Text
			for i, a := range c.Annotations {
				raw, _ := json.Marshal(a)
				outputs[fmt.Sprintf("check annotation %d", i)] = string(raw)
			}
		}
		for _, c := range w.f.IssueComments(aRepo, n) {
			outputs[fmt.Sprintf("sticky comment %d", c.ID)] = c.Body
		}
		for _, rv := range w.f.Reviews(aRepo, n) {
			outputs[fmt.Sprintf("review %d", rv.ID)] = rv.Body
		}
		for _, c := range w.f.ReviewComments(aRepo, n) {
			outputs[fmt.Sprintf("review comment %d", c.ID)] = c.Body
		}
		noSecretIn(t, outputs)
	})
}

// The App's log and replies carry no secret from a vendor's error either: an endpoint the
// operator allows answers every call with an error whose body quotes secrets of each kind.
// The job fails, its reply names the class and status only, and nothing the server logs
// holds a secret.
func TestNoSecretReachesTheAppsLog(t *testing.T) {
	var requests atomic.Int64
	vendor := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		body, _ := json.Marshal(map[string]any{"error": map[string]any{"type": "invalid_request_error", "message": "refused:" + plantedLeak}})
		w.Write(body)
	}))
	defer vendor.Close()
	w := newActionWorld(t, fmt.Sprintf(`version: 1
providers:
  alpha: {type: openai, family: openai, model: m, base_url: %[1]s/v1, max_attempts: 1}
  beta: {type: openai, family: anthropic, model: m, base_url: %[1]s/v1, max_attempts: 1}
protocols:
  default: reason
  reason:
    pool: [alpha, beta]
github:
  write_spacing: 1ms
`, vendor.URL))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-base-url", vendor.URL+"/v1")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	if got := s.deliver("issue_comment", "d-leak", appEvent(t, w, n, w.comment("alice", n, body), body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "a reply", func() bool { return len(appComments(w, n)) > 0 && requests.Load() > 0 })
	eventually(t, s, "the job to end", func() bool {
		st := queuedJobs(t, files)["d-leak"]
		return st == "completed" || st == "cancelled" || st == "discarded"
	})
	outputs := map[string]string{"log": s.log()}
	for _, c := range w.f.IssueComments(aRepo, n) {
		outputs[fmt.Sprintf("issue comment %d", c.ID)] = c.Body
	}
	if !strings.Contains(s.log(), "400") {
		t.Fatalf("the log does not mention the failed call, so the vendor's error never reached it:\n%s", s.log())
	}
	noSecretIn(t, outputs)
}
