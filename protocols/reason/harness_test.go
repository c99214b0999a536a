package reason

import (
	"cmp"
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// Scripted answers that meet every contract. The synthesizer echoes the notices its task
// asks for, as a model following the task would.
var (
	premiseOK = script.Response{Role: rolePremise, Text: "Verdict: QUESTION WELL-POSED\n\nThe question can be answered from the facts."}
	position  = script.Response{Role: roleGenerator, Text: "## Position\nKeep PostgreSQL.\n\n## Claims\n" +
		"C-1: The write load stays small. [fact]\nC-2: The team knows PostgreSQL well. [knowledge]\n"}
	claimMap = script.Response{Role: roleCompressor, Text: "## Claim map\nC-1 load-bearing\nC-2 supporting\n\n" +
		"attack_vector: C-1 — the load estimate carries the position"}
	attack = script.Response{Role: roleAttacker, Text: "## On the vector\n### C-1\nweakened: no load test.\n\n" +
		"## Off the vector\noff_vector: NO_OFF_VECTOR_FINDING"}
	synthesis = script.Response{Role: roleSynthesizer, Text: `Answer: Keep PostgreSQL for now.
Confidence: medium, the load estimate is untested.

## Reasoning
C-1 was weakened, not broken.

## Disagreement ledger
- Whether the load stays small: the facts say yes, the attack says nobody measured it.

## What would change my mind
- A load test above 2,000 writes per second.
- A migration budget that makes the switch cheap.
`}
)

func conformingScript(extra ...script.Response) script.Script {
	return script.Script{Responses: append(extra, premiseOK, position, claimMap, attack, synthesis)}
}

type harness struct {
	t        *testing.T
	store    *sqlite.Store
	sp       *script.Provider
	profiles engine.Profiles
	budget   limits.Budget
	sinks    []events.Sink
	// material is the session's context; empty is a one-line one.
	material string
}

// newHarness serves every profile (name → family) from one scripted provider, so that its
// request list is the chain's call order.
func newHarness(t *testing.T, s script.Script, families map[string]string) *harness {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "reason.db"))
	noErr(t, err)
	t.Cleanup(func() { _ = st.Close() })
	h := &harness{t: t, store: st, sp: script.New(s), profiles: engine.Profiles{}}
	for name, fam := range families {
		h.profiles[name] = &engine.Profile{Name: name, Type: "script", Model: script.Model, Family: fam, EffortLevels: provider.Ladder, Provider: h.sp}
	}
	return h
}

// started records the calls as they announce themselves.
type started struct {
	mu    sync.Mutex
	roles []string
}

func (s *started) Emit(e events.Event) {
	if e.Kind == events.CallStarted {
		s.mu.Lock()
		s.roles = append(s.roles, e.Role)
		s.mu.Unlock()
	}
}

type result struct {
	run      *engine.Run
	decision *decision.Decision
	err      error
}

func (h *harness) config(answers map[string]string) engine.RunConfig {
	return engine.RunConfig{Store: h.store, Profiles: h.profiles, Answers: answers, Budget: h.budget, Sleep: noWait, Sinks: h.sinks}
}

// start creates a session and executes it once, as the CLI does.
func (h *harness) start(opts Options, seed int64, caller string, answers map[string]string) result {
	h.t.Helper()
	q := "Should we keep PostgreSQL?"
	material := h.material
	if material == "" {
		material = "Writes: 300/s today."
	}
	s, err := NewSession(q, Inputs(q, material, "", caller), opts, seed, "--seed")
	noErr(h.t, err)
	ctx := context.Background()
	r, err := engine.Start(ctx, h.config(answers), s)
	noErr(h.t, err)
	d, err := Execute(ctx, r)
	return result{r, d, r.Finish(ctx, err)}
}

func (h *harness) resume(id string, answers map[string]string) result {
	h.t.Helper()
	ctx := context.Background()
	r, err := engine.Resume(ctx, h.config(answers), id)
	noErr(h.t, err)
	d, err := Execute(ctx, r)
	return result{r, d, r.Finish(ctx, err)}
}

// ledger is the session's ledger, its first round (the premise check and the generators,
// which run together and answer in either order) listed premise check first, so that tests
// can read roles by position.
func (h *harness) ledger(id string) []ledger.Entry {
	l, err := h.store.Ledger(context.Background(), id)
	noErr(h.t, err)
	first := 0
	for first < len(l) && opening(Slot{Role: l[first].Role}) {
		first++
	}
	slices.SortStableFunc(l[:first], func(a, b ledger.Entry) int {
		return cmp.Compare(openingRank(a.Role), openingRank(b.Role))
	})
	return l
}

func openingRank(role string) int {
	if role == rolePremise {
		return 0
	}
	return 1
}

func (h *harness) artifact(id, name string) (string, bool) {
	b, err := h.store.GetArtifact(context.Background(), id, name)
	if errors.Is(err, engine.ErrNotFound) {
		return "", false
	}
	noErr(h.t, err)
	return string(b), true
}

// roles lists the role of every ledger row (every attempt), in order.
func roles(l []ledger.Entry) []string {
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = e.Role
	}
	return out
}

var fenceBegin = regexp.MustCompile(`(?m)^<<<BEGIN (\S+) [0-9a-f]+>>>$`)

// fencedNames lists the names of the fenced inputs in a prompt.
func fencedNames(user string) []string {
	var out []string
	for _, m := range fenceBegin.FindAllStringSubmatch(user, -1) {
		out = append(out, m[1])
	}
	return out
}

// noWait is a RunConfig.Sleep that spends no time between a call's attempts.
func noWait(ctx context.Context, _ time.Duration) error { return ctx.Err() }
