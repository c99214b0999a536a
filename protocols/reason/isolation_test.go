package reason

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// Over many seeds and topologies: only the attacker ever receives CALLER_POSITION, and the
// ledger's input list for every call is exactly the set of inputs fenced into its prompt.
func TestCallerPositionReachesOnlyTheAttacker(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"p0", "p1", "p2", "p3"}
	familySet := []string{"anthropic", "openai", "google"}
	h := newHarness(t, script.Script{}, nil)
	for i := range 120 {
		fams := map[string]string{}
		pool := names[:1+rng.IntN(len(names))]
		for _, n := range pool {
			fams[n] = familySet[rng.IntN(len(familySet))]
		}
		opts := deep(pool...)
		opts.Passes = 1 + rng.IntN(3)
		opts.HighAssurance = rng.IntN(2) == 1 && len(pool) > 1
		if rng.IntN(2) == 1 {
			opts.EffortProfile = effortFast
		}
		seed := int64(rng.Uint32())
		caller := fmt.Sprintf("CALLER-%016x: I would migrate.", rng.Uint64())

		h.sp = script.New(conformingScript())
		h.profiles = engine.Profiles{}
		for n, f := range fams {
			h.profiles[n] = &engine.Profile{Name: n, Type: "script", Model: script.Model, Family: f, EffortLevels: provider.Ladder, Provider: h.sp}
		}
		res := h.start(opts, seed, caller, map[string]string{gateReducedIndependence: answerApprove})
		if res.err != nil {
			t.Fatalf("case %d (seed %d, pool %v): %v", i, seed, fams, res.err)
		}
		checkIsolation(t, i, caller, h.sp.Requests(), h.ledger(res.run.Session().ID))
	}
}

func checkIsolation(t *testing.T, i int, caller string, reqs []provider.Request, entries []ledger.Entry) {
	t.Helper()
	if len(reqs) != len(entries) {
		t.Fatalf("case %d: %d requests, %d ledger rows", i, len(reqs), len(entries))
	}
	// Calls of one round run together (the premise check beside the generators), so a request
	// is matched to the ledger row of its role and inputs, not by position.
	rows := map[string]int{}
	for _, e := range entries {
		rows[e.Role+" "+strings.Join(e.Inputs, ",")]++
	}
	attacks := 0
	for j, req := range reqs {
		e := ledger.Entry{Role: req.Role, Inputs: fencedNames(req.User)}
		key := e.Role + " " + strings.Join(e.Inputs, ",")
		if rows[key] == 0 {
			t.Fatalf("case %d call %d: no ledger row for %s with inputs %v", i, j, e.Role, e.Inputs)
		}
		rows[key]--
		prompt := req.System + "\n" + req.User
		fed := slices.Contains(e.Inputs, InputCallerPosition)
		switch e.Role {
		case roleAttacker:
			attacks++
			contains(t, prompt, caller, "case", i)
			eq(t, true, fed)
		default:
			lacks(t, prompt, caller, "case", i, e.Role)
			eq(t, false, fed, "case", i, e.Role)
		}
	}
	if attacks == 0 {
		t.Errorf("case %d: no attacker call", i)
	}
}
