package cli

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// claudeResult is the object `claude -p --output-format json` prints.
type claudeResult struct {
	Type       string `json:"type"`
	Subtype    string `json:"subtype"`
	IsError    bool   `json:"is_error"`
	Result     string `json:"result"`
	StopReason string `json:"stop_reason"`
	Usage      struct {
		InputTokens         int64 `json:"input_tokens"`
		OutputTokens        int64 `json:"output_tokens"`
		CacheReadTokens     int64 `json:"cache_read_input_tokens"`
		CacheCreationTokens int64 `json:"cache_creation_input_tokens"`
	} `json:"usage"`
	ModelUsage map[string]struct {
		OutputTokens int64 `json:"outputTokens"`
	} `json:"modelUsage"`
}

func parseClaude(stdout []byte) (provider.Response, error) {
	var r claudeResult
	if err := decodeObject(stdout, &r); err != nil {
		return provider.Response{}, transportErr("%v", err)
	}
	if r.StopReason == "refusal" {
		return provider.Response{}, provider.Errorf(provider.ClassRefused, 0, "model refused: %s", excerpt(r.Result))
	}
	if r.IsError || (r.Subtype != "" && r.Subtype != "success") {
		return provider.Response{}, transportErr("CLI reported an error (%s): %s", r.Subtype, excerpt(r.Result))
	}
	if strings.TrimSpace(r.Result) == "" {
		return provider.Response{}, transportErr("empty result")
	}
	weights := map[string]int64{}
	for name, u := range r.ModelUsage {
		weights[name] = u.OutputTokens
	}
	return provider.Response{
		Text: r.Result,
		Usage: provider.Usage{InputTokens: r.Usage.InputTokens, OutputTokens: r.Usage.OutputTokens,
			CacheReadTokens: r.Usage.CacheReadTokens, CacheWriteTokens: r.Usage.CacheCreationTokens},
		StopReason: r.StopReason,
		Model:      busiest(weights),
	}, nil
}
