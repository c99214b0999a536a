package reviewlane

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/provider/anthropic"
	"github.com/war-room/war-room/internal/provider/script"
)

// vendorAPI is a loopback Messages API that always answers with one status and body, so the
// real anthropic adapter classifies a real HTTP failure.
func vendorAPI(t *testing.T, status int, file string) (*engine.Profile, *atomic.Int32) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "vendor", file))
	require.NoError(t, err)
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Retry-After-Ms", "1")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c := anthropic.New(anthropic.Config{APIKey: "test-key", BaseURL: srv.URL, Model: "claude-test-1"})
	return &engine.Profile{Name: "vendor", Type: "anthropic", Model: "claude-test-1", Family: "anthropic", Provider: c}, &hits
}

// Every way a lane can fail to judge ends as a transport result with its class, no
// disposition and a neutral check: never success, never failure.
func TestEveryTransportClassIsNeutralAndNeverAJudgment(t *testing.T) {
	type setup func(t *testing.T, f *fixture, b *Built) (*engine.Profile, time.Duration)
	scriptedAnswer := func(text string) setup {
		return func(*testing.T, *fixture, *Built) (*engine.Profile, time.Duration) {
			return scripted("anthropic", answer(text)), 0
		}
	}
	vendor := func(status int, file string) setup {
		return func(t *testing.T, _ *fixture, _ *Built) (*engine.Profile, time.Duration) {
			p, _ := vendorAPI(t, status, file)
			return p, 0
		}
	}
	cases := []struct {
		name  string
		setup setup
		class transportClass
		calls int
	}{
		{"timeout", func(*testing.T, *fixture, *Built) (*engine.Profile, time.Duration) {
			return scripted("anthropic", script.Script{Latency: time.Hour, Default: &script.Response{Text: "never"}}), 20 * time.Millisecond
		}, classTimeout, 1},
		{"429 after retries", vendor(http.StatusTooManyRequests, "rate_limit.json"), classRateLimited, engine.DefaultMaxAttempts},
		{"5xx", vendor(http.StatusServiceUnavailable, "server_error.json"), classProviderError, engine.DefaultMaxAttempts},
		{"vendor refusal", vendor(http.StatusOK, "refusal.json"), classRefused, 1},
		{"scripted refusal", func(*testing.T, *fixture, *Built) (*engine.Profile, time.Duration) {
			return scripted("anthropic", script.Script{Default: &script.Response{Error: "refused"}}), 0
		}, classRefused, 1},
		{"malformed marker", scriptedAnswer("Looks good.\nVERDICT: CONFIRMED"), classMalformedMarker, 1},
		{"wrong nonce", scriptedAnswer("Looks good.\nJUDGMENT: CONFIRMED nonce=ffffffffffffffffffffffffffffffff"), classWrongNonce, 1},
		{"empty answer", scriptedAnswer(""), classMissingEvidence, 1},
		{"bare judgment line", scriptedAnswer("JUDGMENT: CONFIRMED nonce=" + echoTrueNonce), classMissingEvidence, 1},
		{"lane directory redirected outside the evidence directory", func(t *testing.T, f *fixture, b *Built) (*engine.Profile, time.Duration) {
			redirectLaneDir(t, b.Requests[0])
			return scripted("anthropic", answer("fine\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce)), 0
		}, classMissingEvidence, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, map[string]string{"main.go": "package main\n"})
			o := f.options(laneSpec{Name: "vendor", Profile: "vendor", Family: "anthropic"})
			o.CoauthorFamilies = nil // the author is human here, so an anthropic lane may run
			b := f.build(t, o)
			p, timeout := tc.setup(t, f, b)
			p.Name = "vendor"
			d := dispatcher(t, f.source(), engine.Profiles{"vendor": p})
			d.Default.Timeout = timeout

			res, err := d.Dispatch(context.Background(), b.Requests[0])
			require.NoError(t, err)
			assert.Equal(t, statusTransport, res.Status, res.Summary)
			assert.Equal(t, tc.class, res.TransportClass, res.Detail)
			assert.Empty(t, res.Disposition)
			assert.Empty(t, res.NonceEchoed)
			assert.Equal(t, tc.calls, res.Calls)
			for _, refuted := range []string{"failure", "neutral"} {
				conclusion, title := Conclusions{Refuted: refuted}.Of(res)
				assert.Equal(t, "neutral", conclusion)
				assert.Contains(t, title, string(tc.class))
			}
			_, err = res.Marshal()
			assert.NoError(t, err, "the transport result satisfies its schema")
		})
	}
}

// redirectLaneDir moves a lane's directory outside the evidence directory and leaves a
// symlink in its place.
func redirectLaneDir(t *testing.T, requestPath string) {
	t.Helper()
	dir := filepath.Dir(requestPath)
	outside := filepath.Join(t.TempDir(), "elsewhere")
	require.NoError(t, os.Rename(dir, outside))
	require.NoError(t, os.Symlink(outside, dir))
}
