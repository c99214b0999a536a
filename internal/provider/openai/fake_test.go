package openai

import (
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// fakeAPI is the shared recording server, serving the API under /v1 as real deployments do.
type fakeAPI struct{ *vendortest.Server }

func newFakeAPI(t *testing.T, script ...vendortest.Reply) fakeAPI {
	t.Helper()
	return fakeAPI{vendortest.NewServer(t, script...)}
}

// base is the API root the fake serves.
func (f fakeAPI) base() string { return f.URL + "/v1" }

// client builds a Client against the fake; the API key is whatever cfg says.
func (f fakeAPI) client(cfg Config) *Client {
	cfg.BaseURL = f.base()
	return New(cfg)
}

// vendor points the shared error and effort checks at this adapter.
var vendor = vendortest.Vendor{
	Client: func(srv *vendortest.Server, k vendortest.Knobs) provider.Provider {
		return fakeAPI{srv}.client(Config{Model: k.Model, Timeout: k.Timeout})
	},
	OK:     "chat_completion_ok.json",
	OKStop: "stop",
}

// vendortestStreams are this vendor's streamed shapes for the shared stream checks.
var vendortestStreams = vendortest.Streams{
	Case: "test_run_stream_sync_streams_real_model-1",
	End:  `"finish_reason":"stop"`,
	Error: `data: {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}` +
		"\n\n",
	Message: "The server had an error while processing your request.",
}
