package httpvendor

import (
	"regexp"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// ParamNamed returns the request setting a rejection message names: the effort (Anthropic's
// output_config.effort, OpenAI's reasoning_effort, "effort" in compatible servers' words),
// thinking, or streaming ("stream", "stream_options"). It returns "" for anything else. Effort is looked for first:
// Anthropic's effort errors mention thinking in passing, never the other way round.
func ParamNamed(msg string) string {
	m := strings.ToLower(msg)
	switch {
	case strings.Contains(m, "effort"):
		return provider.ParamEffort
	case strings.Contains(m, "thinking"):
		return provider.ParamThinking
	case streamWord.MatchString(m):
		return provider.ParamStream
	}
	return ""
}

// streamWord finds "stream" or "stream_options" as a word of its own ("upstream" is not one).
var streamWord = regexp.MustCompile(`\bstream(?:_options)?\b`)
