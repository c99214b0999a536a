package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/warroom"
)

// The figures of what a user waits and pays: every protocol through the real Anthropic adapter
// against a stand-in that streams like a model. The first event comes after firstToken; the
// answer's text follows in pieces, each after perToken for each of its tokens. Answers are the
// scripts' text behind a preamble that brings them to a model's usual length (triage's is its
// line and reason alone), and the stand-in keeps a prompt cache as Anthropic documents it (an
// entry written at a marked block boundary, readable once the writing answer has begun, read
// where a later request marks the same boundary, nothing under 1,024 tokens). Time runs
// feelScale times faster than a model's, and is reported scaled back.
const (
	feelScale      = 50
	feelFirstToken = 2 * time.Second
	feelPerToken   = 30 * time.Millisecond // about 33 tokens a second: 600 tokens in 18 s
	feelPiece      = 16                    // tokens a streamed text delta carries
	feelModel      = "claude-sonnet-4-5"   // priced from the catalog
	feelMinCache   = 1024                  // tokens
	// feelContext is the --context every run is given: a design document of about 10,000
	// tokens, what a team attaches to a decision worth a panel.
	feelContext = 40 << 10
)

// feelAnswerBytes is the length answers are brought to, about 600 tokens; a synthesis (the
// decision) about twice that.
func feelAnswerBytes(role string) int {
	switch role {
	case warroom.SupremeCommander, "synthesizer", council.Arbiter:
		return 4800
	case council.Triage:
		return 0 // a line and a sentence, as its prompt asks, and no more than its 300 tokens
	}
	return 2400
}

// streamVendor is the stand-in: Anthropic's Messages API on loopback, streaming.
type streamVendor struct {
	answers *script.Provider
	roles   roles
	srv     *http.Server
	url     string
	mu      sync.Mutex
	// cache maps an account, a model and a prefix digest to when the entry becomes readable.
	cache map[string]time.Time
}

func startStreamVendor(scriptPath string) (*streamVendor, error) {
	p, rs, err := scripted(scriptPath)
	if err != nil {
		return nil, err
	}
	v := &streamVendor{answers: p, roles: rs, cache: map[string]time.Time{}}
	v.srv, v.url, err = serve(v)
	return v, err
}

func (v *streamVendor) close() { v.srv.Close() }

type feelBlock struct {
	Text         string          `json:"text"`
	CacheControl json.RawMessage `json:"cache_control"`
}

func (v *streamVendor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if id, ok := strings.CutPrefix(r.URL.Path, "/v1/models/"); ok && r.Method == http.MethodGet {
		// The preflight's model check.
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"type":"model","id":%q,"display_name":%q,"created_at":"2025-09-29T00:00:00Z"}`, id, id)
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		http.Error(w, `{"type":"error","error":{"type":"not_found_error","message":"not found"}}`, http.StatusNotFound)
		return
	}
	var body struct {
		Model    string      `json:"model"`
		System   []feelBlock `json:"system"`
		Messages []struct {
			Content []feelBlock `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) == 0 {
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad body"}}`, http.StatusBadRequest)
		return
	}
	var system, user strings.Builder
	for _, b := range body.System {
		system.WriteString(b.Text)
	}
	var marks []int
	for _, b := range body.Messages[0].Content {
		user.WriteString(b.Text)
		if len(b.CacheControl) > 0 {
			marks = append(marks, user.Len())
		}
	}
	req := provider.Request{System: system.String(), User: user.String()}
	req.Role = v.roles.of(req.User)
	resp, err := v.answers.Complete(r.Context(), req)
	if err != nil {
		http.Error(w, fmt.Sprintf(`{"type":"error","error":{"type":"invalid_request_error","message":%q}}`, err.Error()), http.StatusBadRequest)
		return
	}
	text := padded(resp.Text, feelAnswerBytes(req.Role))
	usage := v.account(r.Header.Get("X-Api-Key")+"\x00"+body.Model, req.System, req.User, marks)
	out := int64(len(text)+3) / 4

	w.Header().Set("Content-Type", "text/event-stream")
	flush := func() {
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	time.Sleep(feelFirstToken / feelScale)
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_bench", "type": "message", "role": "assistant", "model": body.Model, "content": []any{},
		"stop_reason": nil, "usage": usage}})
	flush()
	event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
		"content_block": map[string]any{"type": "text", "text": ""}})
	writing, written := time.Now(), 0
	for rest := text; rest != ""; {
		// The text comes as a model writes it: a piece of about feelPiece tokens at a time,
		// each once the time to write it has passed (counted from the first piece's start,
		// so that the sleeps' overshoot does not add up).
		n := min(len(rest), feelPiece*4)
		written += n
		time.Sleep(time.Until(writing.Add(time.Duration((written+3)/4) * feelPerToken / feelScale)))
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": rest[:n]}})
		flush()
		rest = rest[n:]
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn"},
		"usage": map[string]any{"output_tokens": out}})
	event("message_stop", map[string]any{"type": "message_stop"})
	flush()
}

// account is the usage of a request as Anthropic counts it, at four bytes a token, in the
// cache of account (the key and the model: an account's entries are its own): the longest
// marked prefix already readable is read; the longest marked prefix beyond it is written (and
// readable once this answer begins); the rest is plain input.
func (v *streamVendor) account(account, system, user string, marks []int) map[string]any {
	tokens := func(n int) int64 { return int64(len(system)+n+3) / 4 }
	key := func(n int) string {
		h := sha256.Sum256([]byte(account + "\x00" + system + "\x00" + user[:n]))
		return hex.EncodeToString(h[:])
	}
	now := time.Now()
	v.mu.Lock()
	defer v.mu.Unlock()
	read := 0
	for _, m := range marks {
		if at, ok := v.cache[key(m)]; ok && !now.Before(at) && tokens(m) >= feelMinCache {
			read = max(read, m)
		}
	}
	written := read
	for _, m := range marks {
		if m > read && tokens(m) >= feelMinCache {
			if _, ok := v.cache[key(m)]; !ok {
				v.cache[key(m)] = now.Add(feelFirstToken / feelScale)
			}
			written = max(written, m)
		}
	}
	var readT, writeT int64
	if read > 0 {
		readT = tokens(read)
	}
	if written > read {
		writeT = tokens(written) - readT
	}
	return map[string]any{"input_tokens": tokens(len(user)) - readT - writeT, "output_tokens": 1,
		"cache_read_input_tokens": readT, "cache_creation_input_tokens": writeT}
}

// padded puts a preamble of ordinary prose before text, as models open their answers, until
// the answer is about n bytes long.
func padded(text string, n int) string {
	const line = "Weighing this against the constraints the panel was given, the trade-offs below are what matter most. "
	if len(text) >= n {
		return text
	}
	return strings.Repeat(line, (n-len(text))/len(line)+1) + "\n\n" + text
}

// feelRun is what one protocol run measured, with time scaled back to a model's.
type feelRun struct {
	rounds, calls                      int
	wall                               time.Duration
	input, output, cacheRead, cacheNew int64
	usd                                float64
	// fanOut is the slowest fan-out stage's span ÷ its slowest call, and fanOutReads how many
	// of that stage's calls after its first read the cache, of the fanOutOf that could: those
	// whose profile had sent the session's prefix before (each profile's key is an account of
	// its own, so a profile's first call has nothing to read and writes).
	fanOut                float64
	fanOutReads, fanOutOf int
}

func (b *bench) feel(ctx context.Context, name string, d deliberation) (feelRun, error) {
	body, err := scripts.ReadFile("testdata/" + d.panel.script)
	if err != nil {
		return feelRun{}, err
	}
	dir, err := b.tempDir(name)
	if err != nil {
		return feelRun{}, err
	}
	path := filepath.Join(dir, "vendor-"+d.panel.script)
	if err := writeFile(path, append([]byte("latency: 0s\n"), body...)); err != nil {
		return feelRun{}, err
	}
	v, err := startStreamVendor(path)
	if err != nil {
		return feelRun{}, err
	}
	defer v.close()
	// One key per profile, as one per vendor: a vendor keeps an account's cache apart.
	var cfg strings.Builder
	var env []string
	cfg.WriteString("version: 1\nproviders:\n")
	for _, p := range d.panel.profiles {
		key := benchKeyEnv + "_" + strings.ToUpper(p[0])
		fmt.Fprintf(&cfg, "  %s: {type: anthropic, family: %s, model: %s, base_url: %q, api_key_env: %s}\n", p[0], p[1], feelModel, v.url, key)
		env = append(env, key+"=sk-bench-"+p[0])
	}
	cfgPath := filepath.Join(dir, "war-room.yml")
	if err := writeFile(cfgPath, []byte(cfg.String())); err != nil {
		return feelRun{}, err
	}
	if d.setup != nil {
		if err := d.setup(dir); err != nil {
			return feelRun{}, err
		}
	}
	db := filepath.Join(dir, "state.db")
	args := append([]string{d.args[0], "--config", cfgPath, "--db", db}, d.args[1:]...)
	if _, err := b.war(ctx, dir, env, args...); err != nil {
		return feelRun{}, err
	}
	return readFeel(ctx, db)
}

func readFeel(ctx context.Context, db string) (feelRun, error) {
	s, entries, err := completed(ctx, db)
	if err != nil {
		return feelRun{}, err
	}
	f := feelRun{calls: len(entries), wall: s.UpdatedAt.Sub(s.CreatedAt) * feelScale}
	_, f.rounds = criticalPath(entries, 0)
	stages := map[string][]ledger.Entry{}
	for _, e := range entries {
		f.input += e.Usage.InputTokens
		f.output += e.Usage.OutputTokens
		f.cacheRead += e.Usage.CacheReadTokens
		f.cacheNew += e.Usage.CacheWriteTokens
		f.usd += e.CostUSD
		if i := strings.LastIndex(e.Step, "/"); i > 0 {
			stages[e.Step[:i]] = append(stages[e.Step[:i]], e)
		}
	}
	for _, calls := range stages {
		if len(calls) < 3 {
			continue
		}
		slices.SortFunc(calls, func(a, b ledger.Entry) int { return a.StartedAt.Compare(b.StartedAt) })
		var end time.Time
		var slowest time.Duration
		for _, c := range calls {
			took := time.Duration(c.LatencyMS) * time.Millisecond
			slowest = max(slowest, took)
			if t := c.StartedAt.Add(took); t.After(end) {
				end = t
			}
		}
		if ratio := float64(end.Sub(calls[0].StartedAt)) / float64(slowest); ratio > f.fanOut {
			f.fanOut, f.fanOutOf, f.fanOutReads = ratio, 0, 0
			for _, c := range calls[1:] {
				if !cachedBefore(entries, c) {
					continue
				}
				f.fanOutOf++
				if c.Usage.CacheReadTokens > 0 {
					f.fanOutReads++
				}
			}
		}
	}
	return f, nil
}

// feelFigures are the per-protocol figures of what a user waits and pays.
func feelFigures() []figure {
	five := fiveVendors
	type protocolRun struct {
		name   string
		rounds int // the goal
		d      deliberation
	}
	var out []figure
	for _, p := range []protocolRun{
		{"reason", 4, withContext(reasonRun(five, 0), feelContext)},
		{"convene --go", 5, withContext(conveneRun(five, 0), feelContext)},
		{"war-room, full council", 7, withContext(deliberateRun("full", five, 0), feelContext)},
		// What a baseline vote of five ballots adds: one round, five calls, their tokens.
		{"war-room, full council --baseline 5", 8, withContext(withArgs(deliberateRun("full", five, 0), "--baseline", "5"), feelContext)},
	} {
		out = append(out, figure{name: p.name + ", streaming at model speed: rounds, wait, tokens, cost",
			goal: fmt.Sprintf("≤ %d rounds", p.rounds), limit: 1,
			measure: func(ctx context.Context, b *bench) (result, error) {
				var runs []feelRun
				for range b.runs {
					f, err := b.feel(ctx, slug(p.name)+"-feel", p.d)
					if err != nil {
						return result{}, err
					}
					runs = append(runs, f)
				}
				slices.SortFunc(runs, func(a, b feelRun) int { return int(a.wall - b.wall) })
				f := runs[len(runs)/2]
				share := float64(f.cacheRead) / float64(max(1, f.input+f.cacheRead+f.cacheNew))
				return result{value: fmt.Sprintf("%d rounds, %d calls, %.1f min; in %dk tokens (%.0f%% read from cache, %dk written), out %dk; $%.2f",
					f.rounds, f.calls, f.wall.Minutes(), (f.input+f.cacheRead+f.cacheNew)/1000, 100*share, f.cacheNew/1000,
					f.output/1000, f.usd),
					ratio: float64(f.rounds) / float64(p.rounds)}, nil
			}})
	}
	return out
}

// cachedBefore reports whether a call of c's profile that began before c wrote or read a
// cache entry, so that c had one to read.
func cachedBefore(entries []ledger.Entry, c ledger.Entry) bool {
	return slices.ContainsFunc(entries, func(e ledger.Entry) bool {
		return e.Profile == c.Profile && e.StartedAt.Before(c.StartedAt) && e.Usage.CacheWriteTokens+e.Usage.CacheReadTokens > 0
	})
}

// fanOutFigure is the full council's slowest fan-out stage under warm-up at model speed: the
// first call writes the shared prefix, the others go at its first token and read it.
func fanOutFigure() figure {
	return figure{name: "full council, streaming: slowest fan-out stage ÷ one call", goal: "≤ 1.15", limit: 1.15,
		measure: func(ctx context.Context, b *bench) (result, error) {
			var ratios []float64
			var last feelRun
			for range b.runs {
				f, err := b.feel(ctx, "fan-out-feel", withContext(deliberateRun("full", fiveVendors, 0), feelContext))
				if err != nil {
					return result{}, err
				}
				ratios, last = append(ratios, f.fanOut), f
			}
			return result{value: fmt.Sprintf("%.2f× (first token %s, %s a token; %d of %d later calls whose profile had cached the prefix read it)",
				median(ratios), feelFirstToken, feelPerToken, last.fanOutReads, last.fanOutOf), ratio: median(ratios)}, nil
		}}
}

func writeFile(path string, b []byte) error { return os.WriteFile(path, b, 0o600) }
