package metrics_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/metrics"
	"github.com/war-room/war-room/internal/metrics/metricstest"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

var (
	_ events.Sink      = (*metrics.Metrics)(nil)
	_ webhook.Observer = (*metrics.Metrics)(nil)
	_ queue.Observer   = (*metrics.Metrics)(nil)
)

func scrape(t *testing.T, m *metrics.Metrics) metricstest.Families {
	t.Helper()
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	return metricstest.Scrape(t, srv.URL)
}

// series is one expected sample: a name, label pairs, and the value.
type series struct {
	name   string
	labels []string
	want   float64
}

func expect(t *testing.T, f metricstest.Families, want []series) {
	t.Helper()
	for _, c := range want {
		if got := f.Value(c.name, c.labels...); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
}

// A real engine run on scripted profiles, one priced and one failing once, is counted from its
// events alone: calls by profile, family and outcome, tokens by type, USD, and the session by
// protocol and status.
func TestSinkCountsARun(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	used := provider.Usage{InputTokens: 1000, OutputTokens: 100, CacheReadTokens: 10, CacheWriteTokens: 5}
	p := script.New(script.Script{Responses: []script.Response{
		{Role: "critic", Index: new(0), Error: "transport", Text: "connection reset"},
	}, Default: &script.Response{Text: "fine", Usage: used}})
	profiles := engine.Profiles{
		"claude": {Name: "claude", Type: "script", Model: "m", Family: "anthropic", Provider: p, PriceInPerMTok: 3, PriceOutPerMTok: 15},
		"gpt":    {Name: "gpt", Type: "script", Model: "m", Family: "openai", Provider: p},
	}
	m := metrics.New()
	run, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: profiles, Sinks: []events.Sink{m}},
		&engine.Session{Protocol: "reason", Seed: 1, SeedSource: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if got := scrape(t, m).Value("war_room_sessions_running", "protocol", "reason"); got != 1 {
		t.Errorf("sessions running during the run: %v, want 1", got)
	}
	for _, c := range []engine.CallSpec{{Role: "proposer", Profile: "claude"}, {Role: "critic", Profile: "gpt"}} {
		if _, err := run.Call(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := run.Finish(ctx, nil); err != nil {
		t.Fatal(err)
	}
	f := scrape(t, m)
	expect(t, f, []series{
		{"war_room_model_calls_total", []string{"profile", "claude", "family", "anthropic", "outcome", "ok"}, 1},
		{"war_room_model_calls_total", []string{"profile", "gpt", "family", "openai", "outcome", "error"}, 1},
		{"war_room_model_calls_total", []string{"profile", "gpt", "family", "openai", "outcome", "ok"}, 1},
		{"war_room_model_tokens_total", []string{"profile", "claude", "type", "input"}, 1000},
		{"war_room_model_tokens_total", []string{"profile", "claude", "type", "output"}, 100},
		{"war_room_model_tokens_total", []string{"profile", "claude", "type", "cache_read"}, 10},
		{"war_room_model_tokens_total", []string{"profile", "claude", "type", "cache_write"}, 5},
		{"war_room_model_tokens_total", []string{"profile", "gpt", "type", "output"}, 100},
		{"war_room_model_cost_usd_total", []string{"profile", "claude"}, (1015*3 + 100*15) / 1e6},
		{"war_room_model_cost_usd_total", []string{"profile", "gpt"}, 0},
		{"war_room_sessions_total", []string{"protocol", "reason", "status", "completed"}, 1},
		{"war_room_sessions_running", []string{"protocol", "reason"}, 0},
	})
}

// The intake's and the queue's reports become their series; queue waits land in the
// histogram's buckets.
func TestDeliveriesAndJobs(t *testing.T) {
	m := metrics.New()
	m.Delivery("issue_comment", webhook.AnswerAccepted)
	m.Delivery("issue_comment", webhook.AnswerAccepted)
	m.Delivery(webhook.OtherEvent, webhook.AnswerRefused)
	m.JobStarted("issue_comment", 30*time.Millisecond)
	m.JobStarted("issue_comment", 2*time.Second)
	m.JobEnded("issue_comment", "completed")
	f := scrape(t, m)
	expect(t, f, []series{
		{"war_room_deliveries_total", []string{"event", "issue_comment", "answer", "accepted"}, 2},
		{"war_room_deliveries_total", []string{"event", "other", "answer", "refused"}, 1},
		{"war_room_jobs_total", []string{"event", "issue_comment", "state", "completed"}, 1},
		{"war_room_jobs_running", []string{"event", "issue_comment"}, 1},
		{"war_room_queue_wait_seconds", []string{"event", "issue_comment"}, 2},
	})
	h := f["war_room_queue_wait_seconds"].Metric[0].Histogram
	if got := h.GetSampleSum(); got < 2.03-1e-9 || got > 2.03+1e-9 {
		t.Errorf("queue wait sum %v, want 2.03 s", got)
	}
	for _, b := range h.Bucket {
		if b.GetUpperBound() == 0.05 && b.GetCumulativeCount() != 1 {
			t.Errorf("waits under 50 ms: %d, want 1", b.GetCumulativeCount())
		}
	}
}

// Every request through the transport is counted by kind and outcome, and the retry hook a
// GitHub client calls is its own series.
func TestGitHubRequestsAndRetries(t *testing.T) {
	gh := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/graphql", "/repos/o/r":
			w.WriteHeader(http.StatusOK)
		case "/limited":
			w.Header().Set("X-Ratelimit-Remaining", "0")
			w.WriteHeader(http.StatusForbidden)
		case "/secondary":
			w.Header().Set("Retry-After", "60")
			w.WriteHeader(http.StatusForbidden)
		case "/forbidden":
			w.WriteHeader(http.StatusForbidden)
		case "/busy":
			w.WriteHeader(http.StatusBadGateway)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	m := metrics.New()
	c := &http.Client{Transport: metrics.GitHubTransport(nil, m)}
	for _, path := range []string{"/graphql", "/repos/o/r", "/repos/o/r", "/limited", "/secondary", "/forbidden", "/missing", "/busy"} {
		resp, err := c.Post(gh.URL+path, "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	gh.Close()
	if _, err := c.Get(gh.URL + "/repos/o/r"); err == nil {
		t.Fatal("a closed server answered")
	}
	m.GitHubRetry("graphql", metrics.ReasonSecondary)
	m.GitHubRetry("graphql", metrics.ReasonSecondary)
	m.GitHubRetry("rest", metrics.ReasonServerError)
	f := scrape(t, m)
	expect(t, f, []series{
		{"war_room_github_requests_total", []string{"kind", "graphql", "outcome", "ok"}, 1},
		{"war_room_github_requests_total", []string{"kind", "rest", "outcome", "ok"}, 2},
		{"war_room_github_requests_total", []string{"kind", "rest", "outcome", "rate_limited"}, 2},
		{"war_room_github_requests_total", []string{"kind", "rest", "outcome", "client_error"}, 2},
		{"war_room_github_requests_total", []string{"kind", "rest", "outcome", "server_error"}, 1},
		{"war_room_github_requests_total", []string{"kind", "rest", "outcome", "transport"}, 1},
		{"war_room_github_retries_total", []string{"kind", "graphql", "reason", "secondary_limit"}, 2},
		{"war_room_github_retries_total", []string{"kind", "rest", "reason", "server_error"}, 1},
	})
}

// The process's own series come with war-room's, so an operator sees memory beside deliveries.
func TestHandlerServesRuntimeSeries(t *testing.T) {
	f := scrape(t, metrics.New())
	for _, name := range []string{"go_memstats_heap_inuse_bytes", "go_goroutines"} {
		if !f.Has(name) {
			t.Errorf("no %s", name)
		}
	}
}
