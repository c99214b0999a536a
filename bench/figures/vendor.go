package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/protocols/warroom"
)

// vendor is an HTTP stand-in for a model vendor: an OpenAI-compatible Chat Completions
// endpoint on loopback that answers from one of testdata's scripts, so a run goes through
// the real adapter (request encoding, HTTP, response decoding) and only the model is
// replaced. The wire format carries no role name, so the stand-in reads the role from the
// role body's heading the prompt carries.
type vendor struct {
	answers *script.Provider
	// headings maps a role body's first line to the role.
	headings map[string]string
	srv      *http.Server
	url      string
}

// startVendor serves the war-room panel's script at zero latency.
func startVendor(scriptPath string) (*vendor, error) {
	p, err := script.Load(scriptPath)
	if err != nil {
		return nil, err
	}
	v := &vendor{answers: p, headings: map[string]string{}}
	for _, key := range warroom.RoleKeys() {
		body, err := warroom.Body(key)
		if err != nil {
			return nil, err
		}
		first, _, _ := strings.Cut(strings.TrimSpace(body), "\n")
		v.headings[first] = key
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	v.url = "http://" + ln.Addr().String() + "/v1"
	v.srv = &http.Server{Handler: v}
	go v.srv.Serve(ln)
	return v, nil
}

func (v *vendor) close() { v.srv.Close() }

func (v *vendor) role(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if role, ok := v.headings[strings.TrimSpace(line)]; ok {
			return role
		}
	}
	return ""
}

func (v *vendor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	var body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		http.Error(w, `{"error":{"message":"bad body"}}`, http.StatusBadRequest)
		return
	}
	var req provider.Request
	for _, m := range body.Messages {
		switch m.Role {
		case "system", "developer":
			req.System += m.Content
		default:
			req.User += m.Content
		}
	}
	req.Role = v.role(req.System + "\n" + req.User)
	resp, err := v.answers.Complete(r.Context(), req)
	if err != nil {
		http.Error(w, fmt.Sprintf(`{"error":{"message":%q}}`, err.Error()), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-bench", "object": "chat.completion", "created": 1764547200, "model": body.Model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": resp.Text}}},
		"usage": map[string]any{"prompt_tokens": resp.Usage.InputTokens, "completion_tokens": resp.Usage.OutputTokens,
			"total_tokens": resp.Usage.InputTokens + resp.Usage.OutputTokens},
	})
}
