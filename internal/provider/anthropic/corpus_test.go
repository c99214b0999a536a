package anthropic

import (
	"context"
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// Every real Messages answer of the corpus (recorded by a public client library's test suite,
// each with its source) is replayed through the adapter: its text, stop, usage and, for a
// failure, its class and wait are what the vendor's JSON (or, streamed, its events) says.
func TestRealAnswersCorpus(t *testing.T) {
	vendortest.RunCorpus(t, func(t *testing.T, c vendortest.Case, req provider.Request) (provider.Response, error) {
		api := newFakeAPI(t, c.Reply())
		return api.client(Config{Model: "claude-opus-4-8"}).Complete(context.Background(), req)
	})
}
