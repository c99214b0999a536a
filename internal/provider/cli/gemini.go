package cli

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// geminiResult is the object `gemini --output-format json` prints.
type geminiResult struct {
	Response *string `json:"response"`
	Stats    struct {
		Models map[string]struct {
			Tokens struct {
				Prompt     int64 `json:"prompt"`
				Candidates int64 `json:"candidates"`
				Cached     int64 `json:"cached"`
				Thoughts   int64 `json:"thoughts"`
			} `json:"tokens"`
		} `json:"models"`
	} `json:"stats"`
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// parseGemini sums usage over every model the CLI called (it may route through a small model).
// Gemini counts cached tokens inside the prompt count and thinking outside the candidates, so
// cached tokens move to CacheReadTokens and thoughts are added to output, as the other vendors
// count them. Gemini CLI reports no refusal distinctly from other errors, so none is detected.
func parseGemini(stdout []byte) (provider.Response, error) {
	var r geminiResult
	if err := decodeObject(stdout, &r); err != nil {
		return provider.Response{}, transportErr("%v", err)
	}
	if r.Error != nil {
		return provider.Response{}, transportErr("CLI reported an error (%s): %s", r.Error.Type, excerpt(r.Error.Message))
	}
	if r.Response == nil || strings.TrimSpace(*r.Response) == "" {
		return provider.Response{}, transportErr("empty response")
	}
	var u provider.Usage
	weights := map[string]int64{}
	for name, m := range r.Stats.Models {
		t := m.Tokens
		u = u.Add(provider.Usage{InputTokens: max(t.Prompt-t.Cached, 0), OutputTokens: t.Candidates + t.Thoughts,
			CacheReadTokens: t.Cached, ThinkingTokens: t.Thoughts})
		weights[name] = t.Candidates + t.Thoughts
	}
	return provider.Response{Text: *r.Response, Usage: u, Model: busiest(weights)}, nil
}
