package anthropic

import (
	"encoding/json"
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
)

// answer is the part of a Messages answer war-room reads.
type answer struct {
	// raw is the answer's content blocks as sent, for continuing a paused turn.
	raw         json.RawMessage
	Model       string         `json:"model"`
	Content     []contentBlock `json:"content"`
	StopReason  string         `json:"stop_reason"`
	StopDetails struct {
		Category    string `json:"category"`
		Explanation string `json:"explanation"`
	} `json:"stop_details"`
	Usage struct {
		InputTokens              int64 `json:"input_tokens"`
		OutputTokens             int64 `json:"output_tokens"`
		CacheReadInputTokens     int64 `json:"cache_read_input_tokens"`
		CacheCreationInputTokens int64 `json:"cache_creation_input_tokens"`
		OutputTokensDetails      struct {
			ThinkingTokens int64 `json:"thinking_tokens"`
		} `json:"output_tokens_details"`
	} `json:"usage"`
}

// contentBlock is one block of the answer; only text blocks are read.
type contentBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// fromSDK copies the fields war-room reads out of the SDK's reading, for an answer the strict
// decoder refused (httpvendor.DecodeAnswer).
func fromSDK(m *sdk.Message) answer {
	a := answer{Model: string(m.Model), StopReason: string(m.StopReason)}
	for _, b := range m.Content {
		a.Content = append(a.Content, contentBlock{Type: b.Type, Text: b.Text})
	}
	a.StopDetails.Category, a.StopDetails.Explanation = string(m.StopDetails.Category), m.StopDetails.Explanation
	u := &a.Usage
	u.InputTokens, u.OutputTokens = m.Usage.InputTokens, m.Usage.OutputTokens
	u.CacheReadInputTokens, u.CacheCreationInputTokens = m.Usage.CacheReadInputTokens, m.Usage.CacheCreationInputTokens
	u.OutputTokensDetails.ThinkingTokens = m.Usage.OutputTokensDetails.ThinkingTokens
	return a
}

// toResponse keeps the text blocks (thinking and tool blocks are not part of the answer) and
// the usage as reported: input_tokens already excludes cached and cache-written tokens, and
// output_tokens includes the thinking tokens broken out beside it.
func toResponse(m *answer) provider.Response {
	var text strings.Builder
	for _, b := range m.Content {
		if b.Type == "text" {
			text.WriteString(b.Text)
		}
	}
	return provider.Response{
		Text: text.String(),
		Usage: provider.Usage{
			InputTokens:      m.Usage.InputTokens,
			OutputTokens:     m.Usage.OutputTokens,
			CacheReadTokens:  m.Usage.CacheReadInputTokens,
			CacheWriteTokens: m.Usage.CacheCreationInputTokens,
			ThinkingTokens:   m.Usage.OutputTokensDetails.ThinkingTokens,
		},
		StopReason: m.StopReason,
		Model:      m.Model,
	}
}

// stopFailure turns a stop_reason that leaves no usable answer into its error: "refusal" is
// ClassRefused with the API's explanation; "max_tokens" and "model_context_window_exceeded"
// are ClassTruncated, because a cut-off answer must never enter the record.
func stopFailure(m *answer, maxTokens int64) error {
	switch sdk.StopReason(m.StopReason) {
	case sdk.StopReasonRefusal:
		why := "model refused"
		if d := m.StopDetails; d.Explanation != "" || d.Category != "" {
			why = strings.TrimSpace("model refused: " + d.Category + " " + d.Explanation)
		}
		return provider.Errorf(provider.ClassRefused, 0, "anthropic: %s", why)
	case sdk.StopReasonMaxTokens:
		return provider.Errorf(provider.ClassTruncated, 0,
			"anthropic: answer cut off at max_tokens %d (stop_reason max_tokens, %d of them thinking)",
			maxTokens, m.Usage.OutputTokensDetails.ThinkingTokens)
	case sdk.StopReasonModelContextWindowExceeded:
		return provider.Errorf(provider.ClassTruncated, 0,
			"anthropic: answer cut off where the prompt and answer filled the model's context window (stop_reason model_context_window_exceeded)")
	}
	return nil
}

// joined is the answer of a turn sent in parts (a paused turn continued): the text of every
// part in order, and the usage of every request, since each was billed.
func joined(parts []answer) provider.Response {
	resp := toResponse(&parts[0])
	for i := 1; i < len(parts); i++ {
		next := toResponse(&parts[i])
		resp.Text += next.Text
		resp.Usage.InputTokens += next.Usage.InputTokens
		resp.Usage.OutputTokens += next.Usage.OutputTokens
		resp.Usage.CacheReadTokens += next.Usage.CacheReadTokens
		resp.Usage.CacheWriteTokens += next.Usage.CacheWriteTokens
		resp.Usage.ThinkingTokens += next.Usage.ThinkingTokens
		resp.StopReason, resp.Model = next.StopReason, next.Model
	}
	return resp
}
