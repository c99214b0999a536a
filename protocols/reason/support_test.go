package reason

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/settings"
)

func TestOptionsFromPinsOnlyRolesWithAProfile(t *testing.T) {
	ps := engine.Profiles{"claude": {Name: "claude", Type: "anthropic", Family: "anthropic"},
		"gpt": {Name: "gpt", Type: "openai", Family: "openai"}, "canned": {Name: "canned", Type: "script", Family: "x"}}
	sec := &Section{Pool: []string{"gpt", "claude"}, Roles: map[string]settings.RolePin{
		roleAttacker: {Profile: "gpt", Effort: "max"}, roleSynthesizer: {Effort: "high"}}}
	opts, err := OptionsFrom(sec, ps, Flags{Fast: true, HighAssurance: true})
	noErr(t, err)
	eq(t, Options{Pool: []string{"claude", "gpt"}, EffortProfile: effortFast, Passes: 1, HighAssurance: true,
		Roles: map[string]roleSetting{roleAttacker: {Profile: "gpt", Effort: "max"}, roleSynthesizer: {Effort: "high"}}}, opts)
	_, err = OptionsFrom(sec, ps, Flags{Passes: -1})
	contains(t, err.Error(), "passes must be at least 1")
	opts, err = OptionsFrom(NewSection(), ps, Flags{})
	noErr(t, err)
	eq(t, []string{"claude", "gpt"}, opts.Pool) // the default pool leaves scripted profiles out
}

func TestSectionValidateNamesEveryProblem(t *testing.T) {
	sec := &Section{Pool: []string{"gpt", "nope", "gpt"}, Roles: map[string]settings.RolePin{"atacker": {Effort: "high"}}}
	check := &settings.Check{Profiles: []string{"claude", "gpt"}}
	sec.Validate(check)
	var got []string
	for _, p := range check.Problems() {
		got = append(got, p.Path+": "+p.Msg)
	}
	eq(t, []string{"roles.atacker: unknown reasoning role", `pool[1]: unknown profile "nope"`,
		`pool[2]: "gpt" is listed twice (also pool[0])`}, got)
}

func TestExportWritesTheRunDirectory(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "my view", nil)
	noErr(t, res.err)
	dir := filepath.Join(t.TempDir(), "run")
	noErr(t, Export(context.Background(), h.store, res.run.Session().ID, dir))
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		noErr(t, err, name)
		return string(b)
	}
	eq(t, "Should we keep PostgreSQL?", read("QUESTION.md"))
	eq(t, "my view", read("CALLER_POSITION.md"))
	eq(t, noFacts, read("CONSTRAINTS.md"))
	contains(t, read("INPUTS.sha256"), record.SHA256Hex([]byte("my view"))+"  CALLER_POSITION.md\n")
	contains(t, read(manifestArtifact), `"expected_calls": 5`)
	eq(t, 5, strings.Count(read(ledgerFile), "\n"))
	contains(t, read(ledgerFile), `"inputs":["QUESTION","FACTS","CONSTRAINTS","CALLER_POSITION","POSITION","CLAIM_MAP"]`)
	for _, name := range []string{"PREMISE.md", "POSITION.md", "CLAIM_MAP.md", "ATTACK.md", "SYNTHESIS.md", decisionArtifact} {
		read(name)
	}
}

func TestExportRefusesNamesThatLeaveTheDirectory(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	s, err := NewSession("q", nil, deep("claude"), 1, "--seed")
	noErr(t, err)
	ctx := context.Background()
	r, err := engine.Start(ctx, h.config(nil), s)
	noErr(t, err)
	noErr(t, r.PutArtifact(ctx, "../escape.md", []byte("x")))
	dir := t.TempDir()
	err = Export(ctx, h.store, s.ID, filepath.Join(dir, "run"))
	contains(t, err.Error(), "refusing artifact name")
	if _, err := os.Stat(filepath.Join(dir, "escape.md")); err == nil {
		t.Fatal("an artifact escaped the run directory")
	}
}

func TestEstimateIsPerProfileAndUsesHistory(t *testing.T) {
	plan, err := Assign(deep("claude", "gpt"), 0, twoFamilies)
	noErr(t, err)
	price := engine.Profiles{"gpt": {Name: "gpt", PriceInPerMTok: 1, PriceOutPerMTok: 1}, "claude": {Name: "claude"}}
	in := Inputs("q", "", "", strings.Repeat("x", 4000))
	est := EstimatePlan(plan, in, price, nil)
	eq(t, 5, est.Calls)
	eq(t, false, est.Measured)
	eq(t, 2, len(est.Profiles))
	byName := map[string]profileCost{}
	for _, p := range est.Profiles {
		byName[p.Profile] = p
	}
	gpt, claude := byName["gpt"], byName["claude"]
	eq(t, 3, gpt.Calls)
	eq(t, assumedOutput[rolePremise]+assumedOutput[roleCompressor]+assumedOutput[roleAttacker], gpt.OutputTokens)
	if gpt.USD == nil || claude.USD != nil {
		t.Fatalf("only the priced profile gets a cost: %+v %+v", gpt.USD, claude.USD)
	}
	if gpt.Latency != nil {
		t.Error("latency claimed without a measurement")
	}
	// The attacker alone pays for the caller's position.
	noCaller := EstimatePlan(plan, Inputs("q", "", "", ""), price, nil)
	for _, p := range noCaller.Profiles {
		want := byName[p.Profile].InputTokens
		if p.Profile == "gpt" {
			want -= 4000/4 - int64(len(noPosition))/4
		}
		eq(t, want, p.InputTokens, p.Profile)
	}

	hist := []ledger.Entry{
		{Role: roleAttacker, Profile: "gpt", Outcome: ledger.OutcomeOK, LatencyMS: 3000, Usage: usage(100)},
		{Role: roleAttacker, Profile: "gpt", Outcome: ledger.OutcomeOK, LatencyMS: 1000, Usage: usage(300)},
		{Role: roleAttacker, Profile: "gpt", Outcome: ledger.OutcomeError, LatencyMS: 99000},
	}
	est = EstimatePlan(plan, in, price, hist)
	eq(t, true, est.Measured)
	for _, p := range est.Profiles {
		if p.Profile == "gpt" {
			eq(t, assumedOutput[rolePremise]+assumedOutput[roleCompressor]+200, p.OutputTokens)
			if p.Latency == nil || p.Latency.Seconds() != 2 {
				t.Errorf("want the measured 2s mean, got %v", p.Latency)
			}
		}
	}
}

func TestWriteResultRelaysTheSynthesisThenTheRunFacts(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	res := h.start(deep("claude", "gpt"), 4, "", nil)
	noErr(t, res.err)
	syn, _ := h.artifact(res.run.Session().ID, "SYNTHESIS.md")
	plan, err := Assign(deep("claude", "gpt"), 4, twoFamilies)
	noErr(t, err)
	var b strings.Builder
	noErr(t, writeResult(&b, syn, res.decision, plan, "--seed"))
	out := b.String()
	i := strings.Index(out, strings.TrimSpace(syn))
	if i < 0 || i > strings.Index(out, "Seed: 4 (--seed)") {
		t.Fatalf("synthesis not relayed verbatim before the run facts:\n%s", out)
	}
	_, facts, _ := strings.Cut(out, "\n---\n")
	for _, line := range strings.Split(facts, "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("trailing space in %q", line)
		}
	}
	contains(t, out, "  attacker pass 1    gpt     openai     high (deep)\n")
	contains(t, out, "not summed across providers")
}
