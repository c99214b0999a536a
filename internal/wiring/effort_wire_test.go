package wiring

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/protocols"
)

// bodies is a loopback vendor that answers every request with one file and keeps each
// request body as decoded JSON.
type bodies struct {
	*httptest.Server
	mu  sync.Mutex
	got []map[string]any
}

func newBodies(t *testing.T, file string) *bodies {
	answer, err := os.ReadFile(file)
	require.NoError(t, err)
	b := &bodies{}
	b.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet { // the preflight's model lookup: not a model call
			_, _ = w.Write([]byte(`{"id":"m","object":"model","type":"model"}`))
			return
		}
		var m map[string]any
		_ = json.NewDecoder(r.Body).Decode(&m)
		b.mu.Lock()
		b.got = append(b.got, m)
		b.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	}))
	t.Cleanup(b.Close)
	return b
}

// TestEmptyEffortLevelsSendNoEffortFieldAtAll: a role asking for high effort, on profiles
// whose effort_levels is [], reaches neither vendor with an effort field, although both
// models are ones war-room would otherwise send effort to.
func TestEmptyEffortLevelsSendNoEffortFieldAtAll(t *testing.T) {
	ant := newBodies(t, "testdata/http/anthropic_message.json")
	oai := newBodies(t, "testdata/http/openai_chat.json")
	cfg, err := config.Parse("e.yml", []byte(`version: 1
providers:
  claude: {type: anthropic, model: claude-opus-4-5, family: anthropic, base_url: `+ant.URL+`, effort_levels: []}
  gpt: {type: openai, model: gpt-5, family: openai, base_url: `+oai.URL+`/v1, effort_levels: []}
  claude-default: {type: anthropic, model: claude-opus-4-5, family: anthropic, base_url: `+ant.URL+`}
`), protocols.Sections()...)
	require.NoError(t, err)
	ctx := context.Background()
	ps, err := Profiles(ctx, cfg, envOf(nil), nil)
	require.NoError(t, err)
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	require.NoError(t, err)
	defer st.Close()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps},
		&engine.Session{Protocol: "test", Seed: 1, Inputs: []engine.Input{engine.NewInput("QUESTION", "Which queue?")}})
	require.NoError(t, err)
	for _, p := range []string{"claude", "gpt", "claude-default"} {
		_, err := r.Call(ctx, engine.CallSpec{Role: "x", Profile: p, Effort: provider.EffortHigh, Task: "answer"})
		require.NoError(t, err, p)
	}
	require.Len(t, ant.got, 2)
	require.Len(t, oai.got, 1)
	assert.NotContains(t, ant.got[0], "output_config", "effort_levels: [] sends no output_config")
	assert.NotContains(t, oai.got[0], "reasoning_effort", "effort_levels: [] sends no reasoning_effort")
	assert.Equal(t, map[string]any{"effort": "high"}, ant.got[1]["output_config"], "the model's own levels otherwise")
}
