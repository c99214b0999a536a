package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/reason"
	"github.com/war-room/war-room/protocols/warroom"
)

// vendor is an HTTP stand-in for a model vendor: an OpenAI-compatible Chat Completions
// endpoint on loopback that answers from one of testdata's scripts, so a run goes through
// the real adapter (request encoding, HTTP, response decoding) and only the model is
// replaced. The wire format carries no role name, so the stand-in reads the role from the
// role body's heading the prompt carries (roles).
type vendor struct {
	answers *script.Provider
	roles   roles
	srv     *http.Server
	url     string
}

// startVendor serves the war-room panel's script at zero latency.
func startVendor(scriptPath string) (*vendor, error) {
	p, rs, err := scripted(scriptPath)
	if err != nil {
		return nil, err
	}
	v := &vendor{answers: p, roles: rs}
	v.srv, v.url, err = serve(v)
	v.url += "/v1"
	return v, err
}

func (v *vendor) close() { v.srv.Close() }

// scripted is what a stand-in answers from: the script at path, and every protocol's role
// headings to tell which role a prompt is for.
func scripted(path string) (*script.Provider, roles, error) {
	p, err := script.Load(path)
	if err != nil {
		return nil, nil, err
	}
	rs, err := roleHeadings()
	return p, rs, err
}

// roles maps the first line of every protocol's role bodies to the role.
type roles map[string]string

func roleHeadings() (roles, error) {
	rs := roles{}
	for _, src := range []struct {
		keys []string
		body func(string) (string, error)
	}{{warroom.RoleKeys(), warroom.Body}, {council.RoleKeys(), council.Body}, {reason.Roles, reason.Body}} {
		for _, key := range src.keys {
			body, err := src.body(key)
			if err != nil {
				return nil, err
			}
			first, _, _ := strings.Cut(strings.TrimSpace(body), "\n")
			if other, ok := rs[first]; ok && other != key {
				return nil, fmt.Errorf("roles %s and %s begin alike; the stand-in cannot tell them apart", other, key)
			}
			rs[first] = key
		}
	}
	return rs, nil
}

// of is the role whose body the prompt text carries, or "".
func (rs roles) of(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if role, ok := rs[strings.TrimSpace(line)]; ok {
			return role
		}
	}
	return ""
}

// serve serves h on a loopback port and returns the server and its root URL.
func serve(h http.Handler) (*http.Server, string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	return srv, "http://" + ln.Addr().String(), nil
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
	req.Role = v.roles.of(req.System + "\n" + req.User)
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
