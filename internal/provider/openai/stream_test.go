package openai

import (
	"strings"
	"testing"
)

// TestStreams: the first chunk of a recorded stream says the answer began while the rest is
// still to come; a stream cut before the chunk with its finish reason, or broken by an error
// chunk (the shape OpenAI sends mid-answer), is a transport failure.
func TestStreams(t *testing.T) {
	vendor.CheckStreams(t, vendortestStreams)
}

// The text a stream hands on as it arrives joins into the answer's text however the content
// is cut into chunks: a leading thinking block is never handed on, even split mid-tag.
func TestStreamedTextLeavesThinkingOutAtEveryCut(t *testing.T) {
	contents := []string{
		"SHAPE: team\n\n## Why\nTwo real options.",
		"<think>\nweigh SHAPE: single first\n</think>\n\nSHAPE: team\n\n## Why\nIt is contested.",
		"  \n<thinking>a</thinking>   answer",
		"<table><tr><td>x</td></tr></table>",
		"<thin and then text",
		"<think>never closed",
		"<think>closed</think>",
		"  leading spaces kept",
	}
	for _, content := range contents {
		want, _ := splitThinking(content)
		for size := 1; size <= len(content); size++ {
			var got strings.Builder
			a := answerStream{delta: func(s string) { got.WriteString(s) }}
			for i := 0; i < len(content); i += size {
				a.add(content[i:min(i+size, len(content))])
			}
			if got.String() != want {
				t.Fatalf("%q in chunks of %d: handed on %q, want %q", content, size, got.String(), want)
			}
		}
	}
}
