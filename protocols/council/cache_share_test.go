package council

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/anthropic"
	"github.com/war-room/war-room/internal/provider/script"
)

// cachingMessages is a loopback Messages API that caches as Anthropic documents it: a request
// reads the longest prefix, ending at a content-block boundary, that an earlier request wrote
// at one of its cache_control breakpoints (and whose answer had begun before this request
// came); it writes the prefixes at its own breakpoints; a prefix under 1024 tokens is never
// cached. Tokens are counted at four bytes each. Answers come from the council script, keyed
// by the role whose body the prompt carries.
type cachingMessages struct {
	t      *testing.T
	script *script.Provider
	mu     sync.Mutex
	cache  map[[32]byte]bool
	seen   []cachedRequest
}

type cachedRequest struct{ total, read, written int }

type messagesBody struct {
	System []struct {
		Text string `json:"text"`
	} `json:"system"`
	Messages []struct {
		Content []struct {
			Text         string          `json:"text"`
			CacheControl json.RawMessage `json:"cache_control"`
		} `json:"content"`
	} `json:"messages"`
}

const minCachedBytes = 1024 * 4

func (c *cachingMessages) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body messagesBody
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) != 1 {
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad body"}}`, http.StatusBadRequest)
		return
	}
	// The rendered prompt: system blocks, then the user message's blocks, each a boundary.
	var prefix strings.Builder
	var ends []int
	var breaks []bool
	for _, s := range body.System {
		prefix.WriteString(s.Text)
		ends, breaks = append(ends, prefix.Len()), append(breaks, false)
	}
	user := ""
	for _, b := range body.Messages[0].Content {
		prefix.WriteString(b.Text)
		user += b.Text
		ends, breaks = append(ends, prefix.Len()), append(breaks, len(b.CacheControl) > 0)
	}
	full := prefix.String()
	key := func(end int) [32]byte { return sha256.Sum256([]byte(full[:end])) }

	c.mu.Lock()
	read, written := 0, 0
	for i := len(ends) - 1; i >= 0; i-- {
		if c.cache[key(ends[i])] {
			read = ends[i]
			break
		}
	}
	var writes [][32]byte
	for i, end := range ends {
		if breaks[i] && end >= minCachedBytes && end > read {
			writes, written = append(writes, key(end)), end-read
		}
	}
	c.seen = append(c.seen, cachedRequest{total: len(full), read: read, written: written})
	c.mu.Unlock()

	text := c.answer(r.Context(), user)
	c.mu.Lock()
	for _, k := range writes { // readable once the answer begins
		c.cache[k] = true
	}
	c.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "msg_cache", "type": "message", "role": "assistant", "model": "claude-opus-4-6",
		"content":     []any{map[string]any{"type": "text", "text": text}},
		"stop_reason": "end_turn", "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": (len(full) - read - written) / 4, "cache_read_input_tokens": read / 4,
			"cache_creation_input_tokens": written / 4, "output_tokens": len(text) / 4},
	})
}

// answer asks the script as the role whose body the prompt carries.
func (c *cachingMessages) answer(ctx context.Context, user string) string {
	for _, k := range RoleKeys() {
		if body, _ := Body(k); strings.Contains(user, body) {
			resp, err := c.script.Complete(ctx, provider.Request{Role: k, User: user})
			if err != nil {
				c.t.Errorf("script for %s: %v", k, err)
			}
			return resp.Text
		}
	}
	c.t.Errorf("no council role body in the prompt")
	return ""
}

// TestAFullCouncilReadsMostOfItsInputFromTheCache: a council with 100 KB of context, every
// seat and the clerk on an Anthropic profile, sends the session's material first and marks it
// for caching, so that all but the first request read it back. Measured from the request
// bodies: at least 70 % of the Anthropic input is sent after a breakpoint whose prefix an
// earlier call of the session wrote, and the ledger's cache reads agree.
func TestAFullCouncilReadsMostOfItsInputFromTheCache(t *testing.T) {
	// A model takes time to answer; without it every "parallel" call would be over before the
	// next began, and the test could not tell warming from luck.
	answers := team(nil)
	answers.Latency = 50 * time.Millisecond
	api := &cachingMessages{t: t, script: script.New(answers), cache: map[[32]byte]bool{}}
	srv := httptest.NewServer(api)
	defer srv.Close()
	claude := &engine.Profile{Name: "claude", Type: "anthropic", Model: "claude-opus-4-6", Family: "anthropic",
		MaxConcurrency: 4, CacheWarmup: true, EffortLevels: []provider.Effort{"low", "medium", "high", "max"},
		PriceInPerMTok: 5, PriceOutPerMTok: 25, PriceCacheReadPerMTok: 0.5, PriceCacheWritePerMTok: 6.25,
		Provider: anthropic.New(anthropic.Config{APIKey: "k", BaseURL: srv.URL, HTTPClient: srv.Client()})}
	gpt := &engine.Profile{Name: "gpt", Type: "script", Model: "gpt-model", Family: "openai",
		EffortLevels: provider.Ladder, Provider: script.New(team(nil))}
	opts := options()
	opts.Pool = []string{"claude", "gpt"}
	opts.Roles = map[string]RoleSetting{Clerk: {Profile: "claude"}, Arbiter: {Profile: "gpt"}}
	for _, k := range DefaultTeam() {
		opts.Roles[k] = RoleSetting{Profile: "claude"}
	}
	context100k := contextInput("docs/billing.md", strings.Repeat("The billing service runs 40 cron jobs a night; retries pile up. ", 1600))
	require.GreaterOrEqual(t, len(context100k.Text), 100_000)
	s, err := NewSession(question, []engine.Input{engine.NewInput(InputQuestion, question), context100k}, opts, 11, "--seed")
	require.NoError(t, err)

	ctx := context.Background()
	st := openStore(t, "")
	// Every seat on one family is reduced independence: approved here, since what is measured
	// is the cache, not the panel.
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: engine.Profiles{"claude": claude, "gpt": gpt}, Sleep: noWait,
		Answers: map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}}, s)
	require.NoError(t, err)
	_, err = execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))

	var total, read int
	for _, q := range api.seen {
		total, read = total+q.total, read+q.read
	}
	share := float64(read) / float64(total)
	t.Logf("%d Anthropic requests, %d input bytes, %d of them after a breakpoint an earlier call wrote: %.1f %% from the cache",
		len(api.seen), total, read, 100*share)
	assert.Len(t, api.seen, 1+2*len(DefaultTeam())+len(DefaultTeam()), "blind, cross and closing per seat, and the docket")
	assert.GreaterOrEqual(t, share, 0.70)

	entries, err := st.Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	var in, cached int64
	for _, e := range entries {
		if e.Profile == "claude" {
			in += e.Usage.InputTokens + e.Usage.CacheReadTokens + e.Usage.CacheWriteTokens
			cached += e.Usage.CacheReadTokens
		}
	}
	t.Logf("ledger: %d of %d Anthropic input tokens read from the cache (%.1f %%)", cached, in, 100*float64(cached)/float64(in))
	assert.GreaterOrEqual(t, float64(cached)/float64(in), 0.70)
	assert.Equal(t, fmt.Sprint(len(api.seen)), fmt.Sprint(countProfile(entries, "claude")), "one ledger row per request")
}

func countProfile(l []ledger.Entry, profile string) int {
	n := 0
	for _, e := range l {
		if e.Profile == profile {
			n++
		}
	}
	return n
}
