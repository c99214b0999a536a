package anthropic

import "testing"

// TestStreams: the first event of a recorded stream says the answer began while the rest is
// still to come; a stream cut before its message_delta, or broken by an error event (the
// shape Anthropic documents for an overload mid-answer), is a transport failure.
func TestStreams(t *testing.T) {
	vendor.CheckStreams(t, vendortestStreams)
}
