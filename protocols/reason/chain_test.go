package reason

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
)

func TestConformingRunWithScriptProvider(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	res := h.start(deep("claude", "gpt"), 2, "I lean towards keeping it.", nil)
	noErr(t, res.err)
	id := res.run.Session().ID
	l := h.ledger(id)
	eq(t, []string{rolePremise, roleGenerator, roleCompressor, roleAttacker, roleSynthesizer}, roles(l))
	eq(t, 5, h.sp.Calls())
	// Even seed: generator on the first family, compressor and attacker on the second.
	eq(t, []string{"gpt", "claude", "gpt", "gpt", "claude"}, []string{l[0].Profile, l[1].Profile, l[2].Profile, l[3].Profile, l[4].Profile})
	eq(t, []string{"low", "medium", "medium", "high", "medium"},
		[]string{string(l[0].Effort), string(l[1].Effort), string(l[2].Effort), string(l[3].Effort), string(l[4].Effort)})

	d := res.decision
	eq(t, "reason", d.Protocol)
	eq(t, "[Reason] Should we keep PostgreSQL?", d.Title)
	eq(t, "Keep PostgreSQL for now.", d.Outcome)
	eq(t, "medium, the load estimate is untested.", d.Confidence)
	eq(t, []string{"Whether the load stays small: the facts say yes, the attack says nobody measured it."}, d.Dissent)
	eq(t, 2, len(d.WhatWouldChangeMind))
	eq(t, conforming, d.Independence)
	eq(t, int64(2), d.Seed)
	eq(t, id, d.SessionID)
	var keys []string
	for _, p := range d.Phases {
		keys = append(keys, p.Key)
	}
	eq(t, []string{"premise", "position", "claim-map", "attack", "synthesis"}, keys)
	contains(t, d.Phases[3].Markdown(), "off_vector: NO_OFF_VECTOR_FINDING")
	// The record says what the chain found on the way, not only the answer.
	eq(t, 2, len(d.Sections))
	eq(t, "findings", d.Sections[0].Key)
	eq(t, [][]string{{"Premise check", verdictWellPosed}, {"Attack vector, pass 1", "C-1 — the load estimate carries the position"},
		{"Off the vector, pass 1", "nothing found"}}, d.Sections[0].Table.Rows)
	// Usage is per profile, never one grand total.
	calls := map[string]int{}
	for _, u := range d.Usage {
		calls[u.Profile] = u.Calls
		eq(t, true, u.Scripted)
	}
	eq(t, map[string]int{"gpt": 3, "claude": 2}, calls)
	contains(t, d.Notes[len(d.Notes)-1], "Scripted — not a model")

	for _, name := range []string{manifestArtifact, "PREMISE.md", "POSITION.md", "CLAIM_MAP.md", "ATTACK.md", "SYNTHESIS.md", decisionArtifact} {
		if _, ok := h.artifact(id, name); !ok {
			t.Errorf("artifact %s missing", name)
		}
	}
	raw, _ := h.artifact(id, manifestArtifact)
	var m Manifest
	noErr(t, json.Unmarshal([]byte(raw), &m))
	eq(t, 5, m.ExpectedCalls)
	eq(t, conforming, m.Independence)
	eq(t, "--seed", m.SeedSource)
	eq(t, effortDeep, m.Profile)
	eq(t, 4, len(m.Inputs))
	eq(t, record.SHA256Hex([]byte("I lean towards keeping it.")), m.Inputs[3].SHA256)
	raw, _ = h.artifact(id, decisionArtifact)
	var stored decision.Decision
	noErr(t, json.Unmarshal([]byte(raw), &stored))
	eq(t, d.Outcome, stored.Outcome)
}

func TestBothSeedOrientationsRun(t *testing.T) {
	gen := map[int64]string{}
	for _, seed := range []int64{10, 11} {
		h := newHarness(t, conformingScript(), twoFamilies)
		res := h.start(deep("claude", "gpt"), seed, "", nil)
		noErr(t, res.err)
		l := h.ledger(res.run.Session().ID)
		g, c, a := only(t, l, roleGenerator), only(t, l, roleCompressor), only(t, l, roleAttacker)
		gen[seed] = g.Profile
		if c.Family == g.Family || a.Family == g.Family {
			t.Errorf("seed %d: generator shares a family with compressor or attacker", seed)
		}
		eq(t, conforming, res.decision.Independence)
	}
	eq(t, map[int64]string{10: "claude", 11: "gpt"}, gen)
}

// only is the one ledger row of role.
func only(t *testing.T, l []ledger.Entry, role string) ledger.Entry {
	t.Helper()
	var out []ledger.Entry
	for _, e := range l {
		if e.Role == role {
			out = append(out, e)
		}
	}
	if len(out) != 1 {
		t.Fatalf("%d %s calls, want 1", len(out), role)
	}
	return out[0]
}

func TestSameSeedReproducesTheAssignment(t *testing.T) {
	var runs [][]string
	for range 2 {
		h := newHarness(t, conformingScript(), map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"})
		opts := deep("claude", "gpt", "gemini")
		opts.Passes = 3
		res := h.start(opts, 2751937183, "", nil)
		noErr(t, res.err)
		var got []string
		for _, e := range h.ledger(res.run.Session().ID) {
			got = append(got, e.Role+"@"+e.Profile+"/"+string(e.Effort))
		}
		runs = append(runs, got)
	}
	eq(t, runs[0], runs[1])
	eq(t, 9, len(runs[0]))
}

func TestReducedIndependenceMakesNoCallWithoutApproval(t *testing.T) {
	// Two profiles whose names suggest two vendors, both declared anthropic.
	fams := map[string]string{"openai-gpt": "anthropic", "anthropic-claude": "anthropic"}
	h := newHarness(t, conformingScript(), fams)
	res := h.start(deep("openai-gpt", "anthropic-claude"), 3, "", nil)
	var gate *engine.GateError
	if !errors.As(res.err, &gate) {
		t.Fatalf("want a gate, got %v", res.err)
	}
	eq(t, gateReducedIndependence, gate.Gate.Key)
	contains(t, gate.Gate.Question, "both family anthropic")
	eq(t, 0, h.sp.Calls())
	eq(t, engine.StatusAwaitingInput, res.run.Session().Status)
	raw, _ := h.artifact(res.run.Session().ID, manifestArtifact)
	contains(t, raw, `"independence": "reduced-independence"`)

	declined := h.resume(res.run.Session().ID, map[string]string{gateReducedIndependence: AnswerDecline})
	var stopped *engine.Stopped
	if !errors.As(declined.err, &stopped) {
		t.Fatalf("want Stopped, got %v", declined.err)
	}
	eq(t, 0, h.sp.Calls())
}

func TestReducedIndependenceApprovedRunsAndSaysSo(t *testing.T) {
	h := newHarness(t, conformingScript(), map[string]string{"solo": "anthropic"})
	res := h.start(deep("solo"), 3, "", map[string]string{gateReducedIndependence: answerApprove})
	noErr(t, res.err)
	eq(t, 5, h.sp.Calls())
	eq(t, reducedIndependence, res.decision.Independence)
	eq(t, true, res.decision.IndependenceApproved)
	// The engine stamps what it knows at the top of the record; the synthesizer is never asked
	// to say it.
	contains(t, firstLines(res.decision.Markdown(), 3), reducedIndependence)
	syn, _ := h.artifact(res.run.Session().ID, "SYNTHESIS.md")
	if strings.Contains(syn, reducedIndependence) {
		t.Errorf("the synthesis was made to carry a fact the engine knows: %q", syn)
	}
}
