package httpvendor

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// ParamNamed returns the configured request setting a rejection message names: the effort
// (Anthropic's output_config.effort, OpenAI's reasoning_effort, "effort" in compatible
// servers' words) or thinking. It returns "" for anything else. Effort is looked for first:
// Anthropic's effort errors mention thinking in passing, never the other way round.
func ParamNamed(msg string) string {
	m := strings.ToLower(msg)
	switch {
	case strings.Contains(m, "effort"):
		return provider.ParamEffort
	case strings.Contains(m, "thinking"):
		return provider.ParamThinking
	}
	return ""
}
