package openai

import "testing"

// TestStreams: the first chunk of a recorded stream says the answer began while the rest is
// still to come; a stream cut before the chunk with its finish reason, or broken by an error
// chunk (the shape OpenAI sends mid-answer), is a transport failure.
func TestStreams(t *testing.T) {
	vendor.CheckStreams(t, vendortestStreams)
}
