package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// roleAnswers are what the loopback server answers, keyed by the heading of the role body
// it finds in the user message, after the shared material: the server never sees a role name
// any other way.
var roleAnswers = map[string]string{
	"# Role: premise check": "Verdict: QUESTION WELL-POSED\n\nAnswerable.",
	"# Role: generator":     "## Position\nKeep PostgreSQL.\n\n## Claims\nC-1: The write load stays small.\nC-2: The team knows it.",
	"# Role: compressor":    "## Claim map\nC-1 load-bearing\n\nattack_vector: C-1",
	"# Role: attacker":      "### C-1\nweakened\n\noff_vector: the backup window is unexamined",
	"# Role: synthesizer": "Answer: Keep PostgreSQL.\nConfidence: medium\n\n## Disagreement ledger\n" +
		"- The load estimate is unmeasured.\n\n## What would change my mind\n- A failed load test.\n",
}

type seenRequest struct {
	model, role, effort, auth string
}

// chatServer is a minimal OpenAI-compatible Chat Completions endpoint on loopback.
type chatServer struct {
	mu   sync.Mutex
	seen []seenRequest
}

func (s *chatServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	var body struct {
		Model           string `json:"model"`
		ReasoningEffort string `json:"reasoning_effort"`
		Messages        []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) != 2 {
		http.Error(w, `{"error":{"message":"bad body"}}`, http.StatusBadRequest)
		return
	}
	heading := roleHeading(body.Messages[1].Content)
	s.mu.Lock()
	s.seen = append(s.seen, seenRequest{body.Model, heading, body.ReasoningEffort, r.Header.Get("Authorization")})
	s.mu.Unlock()
	answer, ok := roleAnswers[heading]
	if !ok {
		http.Error(w, `{"error":{"message":"unknown role"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-test", "object": "chat.completion", "created": 1741570283, "model": body.Model + "-served",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": answer}}},
		"usage": map[string]any{"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100},
	})
}

// roleHeading is the first "# Role:" line of a prompt.
func roleHeading(user string) string {
	for _, line := range strings.Split(user, "\n") {
		if strings.HasPrefix(line, "# Role:") {
			return line
		}
	}
	return ""
}

func TestReasonEndToEndThroughTheOpenAIAdapter(t *testing.T) {
	srv := &chatServer{}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	profile := func(model, family, key, extra string) string {
		return fmt.Sprintf("{type: openai, base_url: %q, model: %s, family: %s, api_key_env: %s%s}", ts.URL+"/v1", model, family, key, extra)
	}
	r := newReasonEnv(t, []string{"alpha", "beta"}, map[string]string{
		"alpha": profile("alpha-1", "openai", "ALPHA_KEY", ", effort_levels: [low, high]"),
		"beta":  profile("beta-1", "qwen", "BETA_KEY", ""),
	}, "")
	r.vars["ALPHA_KEY"], r.vars["BETA_KEY"] = "key-a", "key-b"
	res := r.run(false, "", "Should we keep PostgreSQL?", "--seed", "2")
	wantCode(t, 0, res)

	// Seed 2 is even: generator on the first family (alpha), compressor and attacker on beta.
	// beta's model is none war-room knows, so it is sent no effort; alpha accepts low and high,
	// so the roles' medium is sent as low.
	wantEq(t, []seenRequest{
		{"beta-1", "# Role: premise check", "", "Bearer key-b"},
		{"alpha-1", "# Role: generator", "low", "Bearer key-a"},
		{"beta-1", "# Role: compressor", "", "Bearer key-b"},
		{"beta-1", "# Role: attacker", "", "Bearer key-b"},
		{"alpha-1", "# Role: synthesizer", "low", "Bearer key-a"},
	}, openingFirst(srv.seen))
	for _, want := range []string{
		"Answer: Keep PostgreSQL.", "Independence: conforming",
		"alpha (openai, openai, model alpha-1): 2 call(s), 2000 input + 200 output tokens",
		"beta (openai, qwen, model beta-1): 3 call(s), 3000 input + 300 output tokens",
	} {
		wantIn(t, res.stdout, want)
	}
	if strings.Contains(res.stdout, "scripted") {
		t.Error("a real adapter's run is labelled scripted")
	}
}

// openingFirst lists the first round's requests (the premise check and the generator, which
// run together and reach the server in either order) premise first.
func openingFirst(seen []seenRequest) []seenRequest {
	out := slices.Clone(seen)
	if len(out) > 1 && out[0].role == "# Role: generator" && out[1].role == "# Role: premise check" {
		out[0], out[1] = out[1], out[0]
	}
	return out
}
