package doctor

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/golden"
	"github.com/war-room/war-room/internal/provider/anthropic"
	"github.com/war-room/war-room/internal/provider/openai"
)

// messagesAPI is a loopback Messages API that rejects output_config when told to, as models
// without the effort parameter do, and reads back a prefix it saw marked for caching before.
type messagesAPI struct {
	*httptest.Server
	rejectEffort bool
	mu           sync.Mutex
	bodies       []map[string]any
	seen         map[string]bool
}

func newMessagesAPI(t *testing.T, rejectEffort bool) *messagesAPI {
	a := &messagesAPI{rejectEffort: rejectEffort, seen: map[string]bool{}}
	a.Server = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.Close)
	return a
}

func (a *messagesAPI) serve(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	_ = json.NewDecoder(r.Body).Decode(&body)
	a.mu.Lock()
	a.bodies = append(a.bodies, body)
	a.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if _, ok := body["output_config"]; ok && a.rejectEffort {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(`{"type":"error","error":{"type":"invalid_request_error","message":"output_config.effort: This model does not support the effort parameter."},"request_id":"req_01"}`))
		return
	}
	content, _ := json.Marshal(body["messages"])
	a.mu.Lock()
	read := a.seen[string(content)]
	a.seen[string(content)] = true
	a.mu.Unlock()
	usage := map[string]any{"input_tokens": 12, "output_tokens": 2, "cache_creation_input_tokens": 6000, "cache_read_input_tokens": 0}
	if read {
		usage["cache_creation_input_tokens"], usage["cache_read_input_tokens"] = 0, 6000
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
		"model": "claude-sonnet-4-5-20250929", "content": []any{map[string]any{"type": "text", "text": "ready"}},
		"stop_reason": "end_turn", "stop_sequence": nil, "usage": usage})
}

func claudeProfile(url string, levels []provider.Effort) *engine.Profile {
	return &engine.Profile{Name: "claude", Type: "anthropic", Model: "claude-sonnet-4-5", Family: "anthropic",
		EffortLevels: levels, Timeout: time.Minute, ContextTokens: 200000, PriceInPerMTok: 3, PriceOutPerMTok: 15,
		PriceCacheReadPerMTok: 0.3, PriceCacheWritePerMTok: 3.75,
		Provider: anthropic.New(anthropic.Config{APIKey: "k", BaseURL: url})}
}

var fixed = Options{Now: func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }}

func TestARejectedEffortIsMarkedWithTheKeyThatFixesIt(t *testing.T) {
	api := newMessagesAPI(t, true)
	rep := Run(context.Background(), engine.Profiles{"claude": claudeProfile(api.URL, []provider.Effort{"low", "medium", "high"})}, fixed)
	require.Len(t, rep.Rows, 1)
	row := rep.Rows[0]
	assert.Equal(t, OK, row.check(checkAnswer).Status, "the plain answer still works")
	effort := row.check(checkEffort)
	assert.Equal(t, failed, effort.Status)
	assert.Contains(t, effort.Fix, "providers.claude.effort_levels")
	assert.Equal(t, OK, row.check(checkCache).Status)
	assert.False(t, rep.OK(), "a profile whose effort is refused cannot serve as configured")
	assert.Equal(t, 3, row.Calls, "the rejected try, the plain answer, the cache read")
	assert.Equal(t, "high", body(api, 0, "output_config", "effort"))
	assert.Nil(t, api.bodies[1]["output_config"])
	wantGolden(t, "effort_rejected.golden", rep.Table())
}

func TestAfterTheFixEveryCheckPasses(t *testing.T) {
	api := newMessagesAPI(t, true)
	rep := Run(context.Background(), engine.Profiles{"claude": claudeProfile(api.URL, []provider.Effort{})}, fixed)
	row := rep.Rows[0]
	assert.True(t, rep.OK())
	for _, c := range row.Checks {
		assert.Contains(t, []status{OK, na}, c.Status, c.Name)
	}
	assert.Equal(t, OK, row.check(checkEffort).Status, "no effort sent, none refused")
	assert.Equal(t, 2, row.Calls, "the answer, which wrote the cache, and the read")
	assert.InDelta(t, (2*12*3+2*2*15+6000*3.75+6000*0.3)/1e6, row.CostUSD, 1e-9)
	wantGolden(t, "all_pass.golden", rep.Table())
}

func TestALocalServerIsAskedForItsContext(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/v1/chat/completions":
			_, _ = w.Write([]byte(`{"id":"c","object":"chat.completion","created":1,"model":"qwen2.5:7b","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"ready"}}],"usage":{"prompt_tokens":20,"completion_tokens":1,"total_tokens":21}}`))
		case "/api/ps":
			_, _ = w.Write([]byte(`{"models":[{"name":"qwen2.5:7b","model":"qwen2.5:7b","size":1,"context_length":4096}]}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	p := &engine.Profile{Name: "local", Type: "openai", Model: "qwen2.5:7b", Family: "qwen", ContextTokens: 32768,
		Provider: openai.New(openai.Config{BaseURL: srv.URL + "/v1", Model: "qwen2.5:7b", LocalServer: true})}
	rep := Run(context.Background(), engine.Profiles{"local": p}, fixed)
	c := rep.Rows[0].check(checkContext)
	assert.Equal(t, failed, c.Status, "the profile claims more context than the server gives")
	assert.Contains(t, c.Detail, "4096 tokens (ollama /api/ps")
	assert.Contains(t, c.Fix, "providers.local.context_tokens to 4096")
	assert.Equal(t, na, rep.Rows[0].check(checkCache).Status)
	assert.True(t, rep.OK(), "a context to correct is not a profile that cannot answer")
}

func TestAnUnreachableEndpointCannotServe(t *testing.T) {
	api := newMessagesAPI(t, false)
	api.Close()
	rep := Run(context.Background(), engine.Profiles{"claude": claudeProfile(api.URL, []provider.Effort{"high"})}, fixed)
	row := rep.Rows[0]
	assert.Equal(t, failed, row.check(checkAnswer).Status)
	assert.Contains(t, row.check(checkAnswer).Fix, "providers.claude.base_url")
	assert.Equal(t, unknown, row.check(checkEffort).Status, "an answer that never came settles nothing")
	assert.False(t, rep.OK())
}

func TestPlanNamesEveryCallWithoutMakingOne(t *testing.T) {
	api := newMessagesAPI(t, false)
	p := claudeProfile(api.URL, []provider.Effort{"low", "high"})
	p.Thinking = provider.ThinkingAdaptive
	plan := Plan(engine.Profiles{"claude": p})
	assert.Empty(t, api.bodies)
	assert.Contains(t, plan, "effort high, adaptive thinking")
	assert.Contains(t, plan, "2. the same request again")
	wantGolden(t, "plan.golden", plan)
}

func body(a *messagesAPI, i int, keys ...string) any {
	var v any = a.bodies[i]
	for _, k := range keys {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	return v
}

// wantGolden compares got with testdata/<name>.
func wantGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), got)
}

// A 429 with retry-after means the profile serves and its vendor limited the rate just
// now: a warning, not a failure, and doctor still says every profile can serve.
func TestARateLimitIsAWarningNotAFailure(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("retry-after", "3")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"},"request_id":"req_02"}`))
	}))
	t.Cleanup(srv.Close)
	rep := Run(context.Background(), engine.Profiles{"claude": claudeProfile(srv.URL, []provider.Effort{"high"})}, fixed)
	answer := rep.Rows[0].check(checkAnswer)
	assert.Equal(t, warned, answer.Status)
	assert.Equal(t, "rate-limited just now (retry after 3s)", answer.Detail)
	assert.True(t, rep.OK(), "a rate-limited profile serves")
	table := rep.Table()
	assert.Contains(t, table, "| ! rate-limited just now (retry after 3s) |")
	assert.Contains(t, table, "Every profile can serve.")
}

// With every configured profile probed and all of one family, the report says what that
// means for each protocol; a fix naming a key of a profile built from the environment says
// where such a key can be set.
func TestOneFamilyAndEnvironmentProfilesAreExplained(t *testing.T) {
	api := newMessagesAPI(t, true)
	o := fixed
	o.All, o.FromEnvironment = true, true
	rep := Run(context.Background(), engine.Profiles{"claude": claudeProfile(api.URL, []provider.Effort{"high"})}, o)
	assert.Equal(t, []string{"anthropic"}, rep.Families)
	table := rep.Table()
	assert.Contains(t, table, "Every profile is of one family (anthropic)")
	assert.Contains(t, table, "convene cannot seat a team")
	assert.Contains(t, rep.Rows[0].check(checkEffort).Fix, "built from environment variables")

	rep = Run(context.Background(), engine.Profiles{"claude": claudeProfile(api.URL, []provider.Effort{"high"})}, fixed)
	assert.NotContains(t, rep.Table(), "one family", "a few named profiles are not the panel")
	assert.NotContains(t, rep.Rows[0].check(checkEffort).Fix, "environment")
}
