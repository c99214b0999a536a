package anthropic

import (
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// fakeAPI is the shared recording server; the Messages path sits at its root.
type fakeAPI struct{ *vendortest.Server }

func newFakeAPI(t *testing.T, script ...vendortest.Reply) fakeAPI {
	t.Helper()
	return fakeAPI{vendortest.NewServer(t, script...)}
}

// client builds a Client against the fake, sending a test key unless cfg names one.
func (f fakeAPI) client(cfg Config) *Client {
	cfg.BaseURL = f.URL
	if cfg.APIKey == "" {
		cfg.APIKey = "sk-ant-test-key"
	}
	return New(cfg)
}

// vendor points the shared error and effort checks at this adapter.
var vendor = vendortest.Vendor{
	Client: func(srv *vendortest.Server, k vendortest.Knobs) provider.Provider {
		return fakeAPI{srv}.client(Config{Model: k.Model, Timeout: k.Timeout})
	},
	OK:     "message_ok.json",
	OKStop: "end_turn",
}

// vendortestStreams are this vendor's streamed shapes for the shared stream checks.
var vendortestStreams = vendortest.Streams{
	Case: "test_request_stream_fallback_for_high_max_tokens-0",
	End:  "event: message_delta",
	Error: "event: error\n" +
		`data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}` + "\n\n",
	Message: "Overloaded",
}
