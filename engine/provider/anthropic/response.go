package anthropic

import (
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
)

// toResponse keeps the text blocks (thinking and tool blocks are not part of the answer) and
// the usage as reported: input_tokens already excludes cached and cache-written tokens, and
// output_tokens includes the thinking tokens broken out beside it.
func toResponse(m *sdk.Message) provider.Response {
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
		StopReason: string(m.StopReason),
		Model:      string(m.Model),
	}
}

// stopFailure turns a stop_reason that leaves no usable answer into its error: "refusal" is
// ClassRefused with the API's explanation; "max_tokens" and "model_context_window_exceeded"
// are ClassTruncated, because a cut-off answer must never enter the record.
func stopFailure(m *sdk.Message, maxTokens int64) error {
	switch m.StopReason {
	case sdk.StopReasonRefusal:
		why := "model refused"
		if d := m.StopDetails; d.Explanation != "" || d.Category != "" {
			why = strings.TrimSpace("model refused: " + string(d.Category) + " " + d.Explanation)
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
