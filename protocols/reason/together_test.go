package reason

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/protocols/internal/cachecheck"
)

// meeting holds every generator call until both generators have been asked: the chain
// completes only if it asks them together (one after the other, the first would wait for a
// second that never comes, and the test would fail at the suite's timeout).
type meeting struct {
	provider.Provider
	mu      sync.Mutex
	arrived int
	both    chan struct{}
}

func (m *meeting) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	if req.Role == roleGenerator {
		m.mu.Lock()
		m.arrived++
		if m.arrived == 2 {
			close(m.both)
		}
		m.mu.Unlock()
		select {
		case <-m.both:
		case <-ctx.Done():
			return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: ctx.Err()}
		}
	}
	return m.Provider.Complete(ctx, req)
}

func TestHighAssuranceGeneratorsAreAskedTogether(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"}
	mapBoth := script.Response{Role: roleCompressor, Text: "attack_vector: C-1, B.C-2"}
	attackBoth := script.Response{Role: roleAttacker, Text: "### C-1\nweak\n### B.C-2\nweak\noff_vector: the cost model"}
	h := newHarness(t, conformingScript(mapBoth, attackBoth), fams)
	m := &meeting{Provider: h.sp, both: make(chan struct{})}
	for _, p := range h.profiles {
		p.Provider = m
	}
	opts := deep("claude", "gpt", "gemini")
	opts.HighAssurance = true
	res := h.start(opts, 0, "", nil)
	noErr(t, res.err)
	eq(t, 2, m.arrived)
	// The record is the same whatever order the two answers came in: each paper under its own
	// name, both given to the compressor in plan order.
	l := h.ledger(res.run.Session().ID)
	eq(t, []string{InputQuestion, InputFacts, InputConstraints, "POSITION", "POSITION_B"}, l[3].Inputs)
	for _, name := range []string{"POSITION.md", "POSITION_B.md"} {
		if _, ok := h.artifact(res.run.Session().ID, name); !ok {
			t.Errorf("no %s", name)
		}
	}
}

// No cache entry is written that no later call reads: every cache break that writes (no
// earlier request to the profile marked it) ends a prefix (system text and user text up to the
// break) that a later request to the same profile marks again — over one to three passes,
// with and without a second generator, and with the roles drawn both ways.
func TestEveryCacheBreakIsReadLater(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"}
	marked := 0
	for _, passes := range []int{1, 2, 3} {
		for _, high := range []bool{false, true} {
			for _, seed := range []int64{10, 11} {
				h := newHarness(t, conformingScript(), fams)
				h.material = strings.Repeat("Writes: 300/s today; reads ten times that. ", 120) // long enough to be cached
				for name, p := range h.profiles {
					p.Model = name + "-model" // so that a request names the profile it went to
				}
				opts := deep("claude", "gpt", "gemini")
				opts.Passes, opts.HighAssurance = passes, high
				res := h.start(opts, seed, "I lean towards keeping it.", nil)
				noErr(t, res.err)
				unread, writes := cachecheck.Unread(h.sp.Requests())
				marked += writes
				for _, u := range unread {
					t.Errorf("passes %d, high assurance %v, seed %d: %s", passes, high, seed, u)
				}
			}
		}
	}
	if marked == 0 {
		t.Fatal("no call marked any prefix: the chain would never read its cache")
	}
}
