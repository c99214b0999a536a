package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// probeTimeout bounds each question ContextSize asks: a server that does not answer at once
// does not know, as far as a profile being built is concerned.
const probeTimeout = 3 * time.Second

// ContextSize asks an OpenAI-compatible local server how many tokens of context it gives
// model, where the server says so: Ollama's /api/ps for a loaded model, else the num_ctx
// parameter in its /api/show; vLLM's max_model_len in /models; llama.cpp's n_ctx in /props.
// It returns the size and the question that answered, or 0 and "" when none did. Ollama's
// compatible endpoint silently cuts prompts to this size, and a model that is not loaded and
// has no num_ctx gets the server's default, which Ollama does not report.
func ContextSize(ctx context.Context, baseURL, apiKey, model string, hc *http.Client) (int, string) {
	p := prober{hc: httpvendor.Client(hc), key: apiKey, base: strings.TrimSuffix(baseURL, "/")}
	p.root = strings.TrimSuffix(p.base, "/v1")
	for _, ask := range []func(context.Context, string) (int, string){p.ollamaPS, p.ollamaShow, p.vllmModels, p.llamaProps} {
		if n, src := ask(ctx, model); n > 0 {
			return n, src
		}
	}
	return 0, ""
}

type prober struct {
	hc              *http.Client
	key, base, root string
}

func (p prober) ollamaPS(ctx context.Context, model string) (int, string) {
	var ps struct {
		Models []struct {
			Name, Model   string
			ContextLength int `json:"context_length"`
		} `json:"models"`
	}
	if !p.getJSON(ctx, http.MethodGet, p.root+"/api/ps", nil, &ps) {
		return 0, ""
	}
	for _, m := range ps.Models {
		if sameModel(m.Name, model) || sameModel(m.Model, model) {
			return m.ContextLength, "ollama /api/ps (the model as loaded)"
		}
	}
	return 0, ""
}

var numCtx = regexp.MustCompile(`(?m)^\s*num_ctx\s+(\d+)\s*$`)

func (p prober) ollamaShow(ctx context.Context, model string) (int, string) {
	var show struct {
		Parameters string `json:"parameters"`
	}
	body, _ := json.Marshal(map[string]string{"model": model})
	if !p.getJSON(ctx, http.MethodPost, p.root+"/api/show", body, &show) {
		return 0, ""
	}
	if m := numCtx.FindStringSubmatch(show.Parameters); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n, "ollama /api/show (the model's num_ctx parameter)"
	}
	return 0, ""
}

func (p prober) vllmModels(ctx context.Context, model string) (int, string) {
	var list struct {
		Data []struct {
			ID          string `json:"id"`
			MaxModelLen int    `json:"max_model_len"`
		} `json:"data"`
	}
	if !p.getJSON(ctx, http.MethodGet, p.base+"/models", nil, &list) {
		return 0, ""
	}
	for _, m := range list.Data {
		if m.ID == model && m.MaxModelLen > 0 {
			return m.MaxModelLen, "/models max_model_len"
		}
	}
	return 0, ""
}

func (p prober) llamaProps(ctx context.Context, _ string) (int, string) {
	var props struct {
		Settings struct {
			NCtx int `json:"n_ctx"`
		} `json:"default_generation_settings"`
	}
	if !p.getJSON(ctx, http.MethodGet, p.root+"/props", nil, &props) {
		return 0, ""
	}
	return props.Settings.NCtx, "/props n_ctx"
}

// getJSON asks one question; false means no usable answer, for whatever reason.
func (p prober) getJSON(ctx context.Context, method, url string, body []byte, into any) bool {
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return false
	}
	if p.key != "" {
		req.Header.Set("Authorization", "Bearer "+p.key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return err == nil && resp.StatusCode == http.StatusOK && json.Unmarshal(b, into) == nil
}

// sameModel compares Ollama model names, where "llama3" means "llama3:latest".
func sameModel(a, b string) bool {
	norm := func(s string) string {
		if !strings.Contains(s, ":") {
			return s + ":latest"
		}
		return s
	}
	return a != "" && norm(a) == norm(b)
}
