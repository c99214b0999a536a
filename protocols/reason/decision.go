package reason

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// decide builds the protocol-neutral Decision from the stored artifacts.
func (c *chain) decide(ctx context.Context) (*decision.Decision, error) {
	syn, err := parseSynthesis(c.done[keySynthesis].Text)
	if err != nil {
		return nil, fmt.Errorf("reason: stored synthesis: %w", err)
	}
	entries, err := c.r.Store().Ledger(ctx, c.s.ID)
	if err != nil {
		return nil, fmt.Errorf("reason: read ledger: %w", err)
	}
	q, _ := c.s.Input(InputQuestion)
	d := &decision.Decision{Protocol: Protocol, Title: title(q), Question: q, Outcome: syn.Answer,
		Confidence: syn.Confidence, Sections: []decision.Section{c.findingsSection()}, Dissent: syn.Disagreements,
		WhatWouldChangeMind: syn.WhatWouldChangeMind, Panel: c.panel(), Phases: c.phases(), Notes: c.notes(entries),
		SessionID: c.s.ID, Seed: c.s.Seed, CreatedAt: c.r.Now(),
		Metrics: map[string]string{
			"effort_profile": string(c.plan.EffortProfile), "passes": strconv.Itoa(c.plan.Passes),
			"calls": strconv.Itoa(len(entries)), "expected_calls": strconv.Itoa(c.plan.ExpectedCalls()),
			"seed_source": c.s.SeedSource,
		}}
	return d, nil
}

func (c *chain) panel() []decision.PanelMember {
	out := make([]decision.PanelMember, 0, len(c.plan.Slots))
	for _, s := range c.plan.Slots {
		m := decision.PanelMember{Role: slotLabel(s), Label: s.Artifact, Profile: s.Profile,
			Family: s.Family, Effort: string(c.r.Profiles().EffortSent(s.Profile, s.Effort))}
		if p, err := c.r.Profiles().Get(s.Profile); err == nil {
			m.Provider, m.Model = p.Type, p.Model
		}
		out = append(out, m)
	}
	return out
}

// phases summarises the chain in the order it ran; bodies are the artifacts, verbatim.
func (c *chain) phases() []decision.PhaseSummary {
	groups := []struct{ key, title, role string }{
		{"premise", "Premise check", rolePremise},
		{"position", "Position", roleGenerator},
		{"claim-map", "Claim map", roleCompressor},
		{"attack", "Attack", roleAttacker},
		{"synthesis", "Synthesis", roleSynthesizer},
	}
	var out []decision.PhaseSummary
	for _, g := range groups {
		var parts []Slot
		for _, s := range c.plan.Slots {
			if s.Role == g.role {
				parts = append(parts, s)
			}
		}
		out = append(out, decision.PhaseSummary{Key: g.key, Title: g.title, Parts: c.joinArtifacts(parts)})
	}
	return out
}

// contractMarkers are the lines the chain's parsers read and the findings section states in
// war-room's words: a reader is not shown them as text.
var contractMarkers = []string{"attack_vector", "off_vector"}

// joinArtifacts is the slots' artifacts, quoted; when there are several, each under a
// heading of war-room's naming it.
func (c *chain) joinArtifacts(slots []Slot) []decision.PhasePart {
	if len(slots) == 1 {
		return []decision.PhasePart{decision.QuotePart(c.done[slots[0].Key].Text, contractMarkers...)}
	}
	var out []decision.PhasePart
	for _, s := range slots {
		out = append(out, decision.HeadingPart(fmt.Sprintf("%s (%s)", s.Artifact, slotLabel(s))), decision.QuotePart(c.done[s.Key].Text, contractMarkers...))
	}
	return out
}

// notes are the facts a reader of the decision must not miss.
func (c *chain) notes(entries []ledger.Entry) []string {
	var out []string
	if c.forced {
		out = append(out, "The premise check judged the question "+verdictSuspect+
			"; the chain answered it anyway because a human chose to proceed.")
	}
	var scripted []string
	for _, u := range ledger.UsageByProfile(entries) {
		if u.Scripted {
			scripted = append(scripted, u.Profile)
		}
	}
	if len(scripted) > 0 {
		out = append(out, "Scripted — not a model: every answer from profile(s) "+
			strings.Join(scripted, ", ")+" was canned text from the script provider.")
	}
	return out
}
