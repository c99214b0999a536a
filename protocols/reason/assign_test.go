package reason

import (
	"errors"
	"testing"
)

var twoFamilies = map[string]string{"claude": "anthropic", "gpt": "openai"}

func deep(pool ...string) Options {
	return Options{Pool: pool, EffortProfile: effortDeep, Passes: 1}
}

// profiles returns role → profile for the plan, the second generator as "generator-b".
func profiles(p Plan) map[string]string {
	out := map[string]string{}
	for _, s := range p.Slots {
		out[s.Key] = s.Profile
	}
	return out
}

func TestSeedParityPicksOrientation(t *testing.T) {
	even, err := Assign(deep("claude", "gpt"), 2751937182, twoFamilies)
	noErr(t, err)
	odd, err := Assign(deep("claude", "gpt"), 2751937183, twoFamilies)
	noErr(t, err)
	eq(t, map[string]string{"premise": "gpt", "position": "claude", "claim-map/1": "gpt",
		"attack/1": "gpt", "synthesis": "claude"}, profiles(even))
	eq(t, map[string]string{"premise": "claude", "position": "gpt", "claim-map/1": "claude",
		"attack/1": "claude", "synthesis": "gpt"}, profiles(odd))
	eq(t, 0, even.Orientation)
	eq(t, 1, odd.Orientation)
	eq(t, conforming, even.Independence)
	eq(t, conforming, odd.Independence)
	eq(t, 5, even.ExpectedCalls())
	eq(t, []string{"PREMISE.md", "POSITION.md", "CLAIM_MAP.md", "ATTACK.md", "SYNTHESIS.md"}, even.ExpectedArtifacts())
}

func TestSameSeedSameConfigSamePlan(t *testing.T) {
	fams := map[string]string{"a1": "anthropic", "a2": "anthropic", "o1": "openai", "g1": "google", "o2": "openai"}
	opts := deep("a1", "o1", "a2", "g1", "o2")
	opts.Passes, opts.HighAssurance = 4, true
	for seed := int64(0); seed < 64; seed++ {
		a, err := Assign(opts, seed, fams)
		noErr(t, err)
		b, err := Assign(opts, seed, fams)
		noErr(t, err)
		eq(t, a, b, seed)
	}
}

func TestPinnedRolesAreNeverDrawn(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"}
	opts := deep("claude", "gpt", "gemini")
	opts.Passes = 3
	opts.Roles = map[string]roleSetting{roleAttacker: {Profile: "gemini", Effort: "max"}, roleSynthesizer: {Profile: "claude"}}
	seen := map[string]bool{}
	for seed := int64(0); seed < 32; seed++ {
		p, err := Assign(opts, seed, fams)
		noErr(t, err)
		for _, s := range p.Slots {
			switch s.Role {
			case roleAttacker:
				eq(t, "gemini", s.Profile, seed)
				eq(t, "max", string(s.Effort))
				eq(t, "config", s.EffortFrom)
				eq(t, true, s.Pinned)
			case roleSynthesizer:
				eq(t, "claude", s.Profile, seed)
				eq(t, true, s.Pinned)
			case roleGenerator:
				seen[s.Profile] = true
				if s.Family == "google" {
					t.Errorf("seed %d: generator shares the pinned attacker's family", seed)
				}
			}
		}
	}
	// The unpinned generator is still drawn, among the families the pin left free.
	eq(t, map[string]bool{"claude": true, "gpt": true}, seen)
}

func TestPinnedGeneratorMovesTheAdversarySide(t *testing.T) {
	opts := deep("claude", "gpt")
	opts.Roles = map[string]roleSetting{roleGenerator: {Profile: "gpt"}}
	for seed := int64(0); seed < 4; seed++ {
		p, err := Assign(opts, seed, twoFamilies)
		noErr(t, err)
		got := profiles(p)
		eq(t, "gpt", got["position"], seed)
		eq(t, "claude", got["claim-map/1"], seed)
		eq(t, "claude", got["attack/1"], seed)
		eq(t, conforming, p.Independence)
	}
}

func TestExtraPassesRotateCompressorFromSeedBits(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt-a": "openai", "gpt-b": "openai"}
	opts := deep("claude", "gpt-a", "gpt-b")
	opts.Passes = 3
	// 0b100: even → generator on anthropic; bit 1 = 0 keeps pass 2, bit 2 = 1 swaps pass 3.
	p, err := Assign(opts, 0b100, fams)
	noErr(t, err)
	got := profiles(p)
	eq(t, "claude", got["position"])
	eq(t, []string{"gpt-a", "gpt-b"}, []string{got["claim-map/1"], got["attack/1"]})
	eq(t, []string{"gpt-a", "gpt-b"}, []string{got["claim-map/2"], got["attack/2"]})
	eq(t, []string{"gpt-b", "gpt-a"}, []string{got["claim-map/3"], got["attack/3"]})
	eq(t, []string{"PREMISE.md", "POSITION.md", "CLAIM_MAP.md", "ATTACK.md", "CLAIM_MAP_2.md",
		"ATTACK_2.md", "CLAIM_MAP_3.md", "ATTACK_3.md", "SYNTHESIS.md"}, p.ExpectedArtifacts())
	eq(t, conforming, p.Independence)
}

func TestFastProfileAndConfigEffortOverride(t *testing.T) {
	opts := deep("claude", "gpt")
	opts.EffortProfile = effortFast
	opts.Roles = map[string]roleSetting{roleCompressor: {Effort: "high"}}
	p, err := Assign(opts, 0, twoFamilies)
	noErr(t, err)
	eq(t, []string{"premise-check: low (fast)", "generator: low (fast)", "compressor pass 1: high (config)",
		"attacker pass 1: medium (fast)", "synthesizer: low (fast)"}, p.Efforts())
}

func TestSameFamilyUnderIndependentLookingNamesIsReduced(t *testing.T) {
	// The names suggest two vendors; the declared families say one.
	fams := map[string]string{"openai-gpt": "anthropic", "anthropic-claude": "anthropic"}
	p, err := Assign(deep("openai-gpt", "anthropic-claude"), 7, fams)
	noErr(t, err)
	eq(t, reducedIndependence, p.Independence)
	if len(p.IndependenceReasons) == 0 {
		t.Fatal("no reasons given")
	}
	contains(t, p.IndependenceReasons[0], "family anthropic")
}

func TestSharedExecutionProfileIsReduced(t *testing.T) {
	opts := deep("claude", "gpt")
	opts.Roles = map[string]roleSetting{roleCompressor: {Effort: "high"}} // attacker is high too
	p, err := Assign(opts, 0, twoFamilies)
	noErr(t, err)
	eq(t, reducedIndependence, p.Independence)
	contains(t, p.IndependenceReasons[0], "same execution profile (gpt at high effort)")
}

func TestUndeclaredFamilyIsReduced(t *testing.T) {
	p, err := Assign(deep("claude", "local"), 0, map[string]string{"claude": "anthropic", "local": ""})
	noErr(t, err)
	eq(t, reducedIndependence, p.Independence)
	contains(t, p.IndependenceReasons[0], `"local" declares no family`)
}

func TestHighAssuranceSecondGenerator(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"}
	opts := deep("claude", "gpt", "gemini")
	opts.HighAssurance = true
	p, err := Assign(opts, 0, fams)
	noErr(t, err)
	eq(t, 6, p.ExpectedCalls())
	b, ok := p.Slot("position-b")
	eq(t, true, ok)
	eq(t, "gemini", b.Profile)
	eq(t, "POSITION_B.md", p.Slots[2].Artifact)
	eq(t, conforming, p.Independence)

	// Two profiles: the only distinct one is the adversary's, so the run is reduced.
	opts.Pool = []string{"claude", "gpt"}
	p, err = Assign(opts, 0, fams)
	noErr(t, err)
	b, _ = p.Slot("position-b")
	eq(t, "gpt", b.Profile)
	eq(t, reducedIndependence, p.Independence)

	// One profile: refused.
	opts.Pool = []string{"claude"}
	_, err = Assign(opts, 0, fams)
	if !errors.Is(err, errNoSecondProfile) {
		t.Fatalf("want ErrNoSecondProfile, got %v", err)
	}
}

func TestAssignRejectsUnknownProfilesAndEmptyPool(t *testing.T) {
	_, err := Assign(deep("claude", "nope"), 0, twoFamilies)
	contains(t, err.Error(), `unknown profile "nope"`)
	_, err = Assign(deep(), 0, twoFamilies)
	contains(t, err.Error(), "pool is empty")
	opts := deep("claude")
	opts.Passes = 0
	_, err = Assign(opts, 0, twoFamilies)
	contains(t, err.Error(), "passes must be at least 1")
}
