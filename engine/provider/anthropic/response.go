package anthropic

import (
	"strings"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
)

// toResponse keeps the text blocks (thinking and tool blocks are not part of the answer) and
// the usage as reported: input_tokens already excludes cached and cache-written tokens.
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
		},
		StopReason: string(m.StopReason),
		Model:      string(m.Model),
	}
}

// refusal reports a stop_reason of "refusal" as a ClassRefused error carrying the API's
// explanation when it gave one.
func refusal(m *sdk.Message) error {
	if m.StopReason != sdk.StopReasonRefusal {
		return nil
	}
	why := "model refused"
	if d := m.StopDetails; d.Explanation != "" || d.Category != "" {
		why = strings.TrimSpace("model refused: " + string(d.Category) + " " + d.Explanation)
	}
	return provider.Errorf(provider.ClassRefused, 0, "anthropic: %s", why)
}
