package anthropic

import (
	"context"
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// Every real Messages answer of the corpus (recorded by a public client library's test suite,
// each with its source) is replayed through the adapter: its text, stop, usage and, for a
// failure, its class and wait are what the vendor's JSON says.
func TestRealAnswersCorpus(t *testing.T) {
	cases := vendortest.Corpus(t)
	if len(cases) < 20 {
		t.Fatalf("%d recorded answers, want at least 20", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			api := newFakeAPI(t, c.Reply())
			resp, err := api.client(Config{Model: "claude-opus-4-8"}).Complete(context.Background(), provider.Request{User: "q"})
			c.Check(t, resp, err)
		})
	}
}
