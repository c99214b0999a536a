package thread

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/protocols/reason"
)

// sequence is one log shared by the progress comment and the vendor, so a test can tell
// which came first.
type sequence struct {
	mu    sync.Mutex
	items []string
}

func (s *sequence) add(item string) { s.mu.Lock(); s.items = append(s.items, item); s.mu.Unlock() }

func (s *sequence) EditComment(_ context.Context, _ int64, body string) error {
	s.add("edit: " + body)
	return nil
}

type sequencedVendor struct {
	provider.Provider
	s *sequence
}

func (v sequencedVendor) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	v.s.add("request " + req.Role)
	return v.Provider.Complete(ctx, req)
}

// The progress comment names every processor the question goes to, and says a private
// repository's content leaves GitHub, before the first request reaches any vendor.
func TestTheProgressCommentDisclosesBeforeTheFirstRequest(t *testing.T) {
	seq := &sequence{}
	clock := &stepClock{t0}
	p := newTestProgress(seq, clock)
	sp := script.New(script.Script{Default: &script.Response{Text: "anything"}})
	ps := engine.Profiles{
		"claude": {Name: "claude", Type: "script", Model: "claude-x", Family: "anthropic", Endpoint: "api.anthropic.com",
			Provider: sequencedVendor{sp, seq}},
		"gpt": {Name: "gpt", Type: "script", Model: "gpt-x", Family: "openai", Endpoint: "api.openai.com",
			Provider: sequencedVendor{sp, seq}},
	}
	st, err := sqlite.Open(context.Background(), t.TempDir()+"/state.db")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opts, err := reason.OptionsFrom(reason.NewSection(), ps, reason.Flags{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := reason.NewSession("Which queue?", nil, opts, 1, "--seed")
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Start(context.Background(), engine.RunConfig{Store: st, Profiles: ps, Sinks: []events.Sink{p},
		Now: clock.now, Source: engine.Source{Repository: "acme/secret", Private: true}}, s)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = reason.Execute(context.Background(), r) // the scripted answers break the contracts: only the order matters
	if len(seq.items) < 2 || !strings.HasPrefix(seq.items[0], "edit: ") {
		t.Fatalf("the first thing written is not the progress comment: %q", seq.items)
	}
	first := seq.items[0]
	for _, want := range []string{"claude: claude-x (anthropic family) at api.anthropic.com",
		"gpt: gpt-x (openai family) at api.openai.com", "acme/secret is a private repository"} {
		if !strings.Contains(first, want) {
			t.Errorf("the disclosure lacks %q:\n%s", want, first)
		}
	}
	if !strings.HasPrefix(seq.items[1], "request ") {
		t.Errorf("want a request right after the disclosure, got %q", seq.items[1])
	}
}
