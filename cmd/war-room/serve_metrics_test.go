package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/metrics/metricstest"
)

// After a command has run through `war-room serve` (its own process, the fake GitHub, scripted
// profiles of which one is priced), GET /metrics lists every series the App keeps, with the
// values the run's own record implies: the deliveries as answered, the job and its wait, the
// ledger's calls, tokens and USD per profile, the session, and the GitHub requests the run made.
func TestServeMetricsAfterARun(t *testing.T) {
	w := newAppWorld(t)
	priced := strings.Replace(reasonConfig(t, ""), "family: anthropic,", "family: anthropic, price: {input_per_mtok: 3, output_per_mtok: 15},", 1)
	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", priced)
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	event := appEvent(t, w, n, w.comment("alice", n, body), body)
	for _, d := range []struct {
		id, secret string
		want       int
	}{{"d-metrics", appSecret, http.StatusAccepted}, {"d-metrics", appSecret, http.StatusOK}, {"d-forged", "wrong", http.StatusUnauthorized}} {
		if got := s.deliver("issue_comment", d.id, event, d.secret); got != d.want {
			t.Fatalf("delivery %s: %d, want %d\n%s", d.id, got, d.want, s.log())
		}
	}
	eventually(t, s, "the job completes", func() bool { return queuedJobs(t, files)["d-metrics"] == "completed" })
	// The job's end is reported as the worker returns, a moment before River records it.
	eventually(t, s, "the job is counted", func() bool {
		return metricstest.Scrape(t, s.url+"/metrics").Value("war_room_jobs_total", "state", "completed") == 1
	})
	f := metricstest.Scrape(t, s.url+"/metrics")

	want := []sample{
		{"war_room_deliveries_total", []string{"event", "issue_comment", "answer", "accepted"}, 1},
		{"war_room_deliveries_total", []string{"event", "issue_comment", "answer", "duplicate"}, 1},
		{"war_room_deliveries_total", []string{"event", "issue_comment", "answer", "refused"}, 1},
		{"war_room_jobs_total", []string{"event", "issue_comment", "state", "completed"}, 1},
		{"war_room_jobs_running", []string{"event", "issue_comment"}, 0},
		{"war_room_queue_wait_seconds", []string{"event", "issue_comment"}, 1},
		{"war_room_sessions_total", []string{"protocol", "reason", "status", "completed"}, 1},
		{"war_room_sessions_running", []string{"protocol", "reason"}, 0},
		{"war_room_github_retries_total", nil, 0},
	}
	calls := ledgerRows(t, files.db)
	if len(calls) != 5 {
		t.Fatalf("%d calls in the ledger, want the five roles", len(calls))
	}
	// What the ledger records per profile is what the series must say.
	perProfile := map[string]*[4]float64{"alpha": {}, "beta": {}} // calls, input, output, USD
	for _, c := range calls {
		v := perProfile[c.Profile]
		v[0]++
		v[1] += float64(c.Usage.InputTokens)
		v[2] += float64(c.Usage.OutputTokens)
		v[3] += c.CostUSD
	}
	for p, family := range map[string]string{"alpha": "anthropic", "beta": "openai"} {
		v := perProfile[p]
		if v[0] == 0 || v[1] == 0 {
			t.Errorf("the run made no call on %s: its series were not exercised", p)
		}
		want = append(want,
			sample{"war_room_model_calls_total", []string{"profile", p, "family", family, "outcome", "ok"}, v[0]},
			sample{"war_room_model_tokens_total", []string{"profile", p, "type", "input"}, v[1]},
			sample{"war_room_model_tokens_total", []string{"profile", p, "type", "output"}, v[2]},
			sample{"war_room_model_cost_usd_total", []string{"profile", p}, v[3]})
	}
	for _, c := range want {
		if got := f.Value(c.name, c.labels...); got != c.value {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.value)
		}
	}
	if perProfile["alpha"][3] == 0 {
		t.Error("the priced profile cost nothing")
	}
	for _, kind := range []string{"rest", "graphql"} {
		if got := f.Value("war_room_github_requests_total", "kind", kind, "outcome", "ok"); got == 0 {
			t.Errorf("no %s requests to GitHub counted", kind)
		}
	}
	if !f.Has("go_memstats_heap_inuse_bytes") {
		t.Error("the Go runtime's series are missing")
	}
	checkJobLogLines(t, s.log(), "d-metrics", fmt.Sprintf("%s#%d", aRepo, n))
}

// sample is one expected value of a series: its name, label pairs, and the value.
type sample struct {
	name   string
	labels []string
	value  float64
}

// checkJobLogLines reads serve's JSON log: every line a job logs carries the delivery, the
// installation, the repository and the thread, and from the first line naming the session on,
// every line names that session.
func checkJobLogLines(t *testing.T, log, delivery, thread string) {
	t.Helper()
	session, lines := "", 0
	for _, raw := range strings.Split(strings.TrimSpace(log), "\n") {
		var line map[string]any
		if err := json.Unmarshal([]byte(raw), &line); err != nil {
			t.Fatalf("a log line is not JSON: %q", raw)
		}
		if _, ok := line["job"]; !ok {
			continue
		}
		lines++
		for _, k := range []string{"delivery", "installation", "repo", "thread"} {
			if line[k] == nil || line[k] == "" {
				t.Errorf("job line %q has no %s", line["msg"], k)
			}
		}
		if line["delivery"] != delivery || line["thread"] != thread {
			t.Errorf("job line %q: delivery %v, thread %v", line["msg"], line["delivery"], line["thread"])
		}
		switch got, _ := line["session"].(string); {
		case session == "":
			session = got
		case got != session:
			t.Errorf("job line %q: session %q, want %q as on the lines before it", line["msg"], got, session)
		}
	}
	if lines < 2 || session == "" {
		t.Errorf("%d job lines, session %q: want the job's lines, naming its session\n%s", lines, session, log)
	}
}
