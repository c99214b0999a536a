package protocols

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/wiring"
)

// vendor is a loopback API that answers every model call with one status and body, counting
// them (hits), and counts apart the preflight's model lookups (checks), which it answers the
// same way except that a silent vendor's model endpoint does answer: it is the model that
// never does.
type vendor struct {
	*httptest.Server
	hits, checks atomic.Int64
}

func newVendor(t *testing.T, status int, body string) *vendor {
	v := &vendor{}
	v.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			v.checks.Add(1)
			if status == 0 {
				_, _ = w.Write([]byte(`{"id":"m","object":"model","type":"model"}`))
				return
			}
			w.WriteHeader(status)
			_, _ = w.Write([]byte(body))
			return
		}
		v.hits.Add(1)
		_, _ = io.Copy(io.Discard, r.Body) // so the server notices when the client hangs up
		if status == 0 {                   // never answers: holds the request until the client gives up
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(v.Close)
	return v
}

const (
	anthropic500 = `{"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id":"req_011CTm6sVo2zCfR7uT9wBiAh"}`
	openai500    = `{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}`
)

// vendorConfig is two real HTTP profiles of two families on the given vendors.
func vendorConfig(t *testing.T, a, o *vendor, extra string) *config.Config {
	t.Helper()
	cfg, err := config.Parse("v.yml", []byte(`version: 1
providers:
  alpha: {type: anthropic, model: claude-opus-4-5, family: anthropic, api_key_env: A_KEY, base_url: `+a.URL+extra+`}
  beta: {type: openai, model: gpt-5, family: openai, api_key_env: O_KEY, base_url: `+o.URL+`/v1`+extra+`}
protocols:
  reason: {pool: [alpha, beta]}
`), Sections()...)
	require.NoError(t, err)
	return cfg
}

func vendorRun(t *testing.T, cfg *config.Config, protocol string) (*engine.Run, engine.Store) {
	t.Helper()
	ctx := context.Background()
	ps, err := wiring.Profiles(ctx, cfg, func(k string) string { return map[string]string{"A_KEY": "a", "O_KEY": "o"}[k] }, nil)
	require.NoError(t, err)
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	s, err := NewSession(cfg, Request{Protocol: protocol, Question: "Should billing move to a queue?", Seed: 4, SeedSource: "--seed"})
	require.NoError(t, err)
	// The council's arbiter shares a family with a seat here, which needs approval; what is
	// measured is requests, not the panel.
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps,
		Answers: map[string]string{engine.GateReducedIndependence: engine.AnswerApprove},
		Sleep:   func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}, s)
	require.NoError(t, err)
	return r, st
}

// TestEveryRequestToAFailingVendorIsALedgerRow: under vendors that answer 500 to everything,
// each protocol's failed calls make exactly max_attempts requests each (3, the documented
// worst case), and the vendors saw exactly as many requests as the ledger has rows: no
// adapter retries behind the engine's back.
func TestEveryRequestToAFailingVendorIsALedgerRow(t *testing.T) {
	for _, protocol := range Names() {
		t.Run(protocol, func(t *testing.T) {
			a, o := newVendor(t, http.StatusInternalServerError, anthropic500), newVendor(t, http.StatusInternalServerError, openai500)
			r, st := vendorRun(t, vendorConfig(t, a, o, ""), protocol)
			_, err := Execute(context.Background(), r)
			require.Error(t, err, "nothing can succeed")

			entries, err := st.Ledger(context.Background(), r.Session().ID)
			require.NoError(t, err)
			require.NotEmpty(t, entries)
			assert.Equal(t, int64(len(entries)), a.hits.Load()+o.hits.Load(), "requests = ledger rows")
			// The preflight asked each vendor for its model once, before the first call; a 500
			// answered, so it is left to the calls' retries, which the ledger counts.
			assert.Equal(t, int64(1), a.checks.Load(), "one preflight lookup per profile")
			assert.Equal(t, int64(1), o.checks.Load())
			attempts := map[string][]int{} // a call is one role's step; parallel calls interleave
			for _, e := range entries {
				assert.Equal(t, "transport", e.ErrorClass)
				attempts[e.Step+"\x00"+e.Role] = append(attempts[e.Step+"\x00"+e.Role], e.Attempt)
			}
			for call, got := range attempts {
				assert.Equal(t, []int{1, 2, config.DefaultMaxAttempts}, got, "call %q made the worst case, no more", call)
			}
			calls := len(attempts)
			t.Logf("%s: %d failed call(s), %d requests, %d ledger rows", protocol, calls, a.hits.Load()+o.hits.Load(), len(entries))
		})
	}
}

// TestACallToAVendorThatNeverAnswersEndsWithinItsTimeout: the profile's timeout bounds the
// whole call, all attempts included; it used to bound one HTTP attempt, of which the SDK made
// three inside each of the engine's two, so a 1 s timeout took over 6 s.
func TestACallToAVendorThatNeverAnswersEndsWithinItsTimeout(t *testing.T) {
	a, o := newVendor(t, 0, ""), newVendor(t, 0, "")
	// context_tokens keeps the build from asking the silent loopback server for its context.
	r, _ := vendorRun(t, vendorConfig(t, a, o, ", timeout: 1s, context_tokens: 100000"), "reason")
	start := time.Now()
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "alpha", Task: "answer"})
	elapsed := time.Since(start)
	var ce *engine.CallError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, ledger.ClassTimeout, ce.Class)
	assert.Equal(t, 1, ce.Attempts)
	assert.Less(t, elapsed, 4*time.Second, "the 1s timeout plus a margin, not one timeout per attempt")
	assert.Equal(t, int64(1), a.hits.Load())
}
