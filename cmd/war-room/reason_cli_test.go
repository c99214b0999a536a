package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func twoScripted(file string) map[string]string {
	return map[string]string{"claude": scripted("anthropic", file), "gpt": scripted("openai", file)}
}

func TestReasonConformingScriptedRun(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
	facts := filepath.Join(r.dir, "facts.md")
	os.WriteFile(facts, []byte("Writes: 300/s today.\n"), 0o600)
	keep := filepath.Join(r.dir, "kept")
	res := r.run(false, "", "Should we keep PostgreSQL?", "--facts", facts, "--seed", "42", "--keep", keep)
	wantCode(t, 0, res)
	wantEq(t, []string{"premise-check@gpt", "generator@claude", "compressor@gpt", "attacker@gpt", "synthesizer@claude"}, r.calls())

	// The synthesis comes first, verbatim, then the run's facts.
	synth, err := os.ReadFile(filepath.Join(keep, "SYNTHESIS.md"))
	if err != nil {
		t.Fatal(err)
	}
	notes, body, _ := strings.Cut(res.stdout, "\n\n")
	wantIn(t, notes, "> NOTE: Scripted — not a model")
	if !strings.HasPrefix(body, strings.TrimRight(string(synth), "\n")) {
		t.Errorf("stdout does not relay the synthesis verbatim:\n%s", res.stdout)
	}
	for _, want := range []string{
		"Answer: Keep PostgreSQL for now.", "## Disagreement ledger", "## What would change my mind",
		"Seed: 42 (--seed); --seed 42 reproduces this assignment", "Independence: conforming",
		"Effort profile: deep", "attacker pass 1", "high (deep)",
		"Usage per provider profile (not summed across providers):",
		"gpt (script, openai, model script): 3 call(s)", "claude (script, anthropic, model script): 2 call(s)",
		"— scripted — not a model",
	} {
		wantIn(t, res.stdout, want)
	}
	wantIn(t, res.stderr, "phase synthesis") // progress goes to stderr
	for _, name := range []string{"QUESTION.md", "FACTS.md", "CONSTRAINTS.md", "CALLER_POSITION.md", "INPUTS.sha256",
		"RUN.json", "LEDGER.jsonl", "PREMISE.md", "POSITION.md", "CLAIM_MAP.md", "ATTACK.md", "decision.json"} {
		if _, err := os.Stat(filepath.Join(keep, name)); err != nil {
			t.Errorf("kept run lacks %s", name)
		}
	}
	facts2, _ := os.ReadFile(filepath.Join(keep, "FACTS.md"))
	wantEq(t, "Writes: 300/s today.\n", string(facts2))
}

func TestReasonSeedOrientationAndReproduction(t *testing.T) {
	assign := map[string][]string{}
	for _, seed := range []string{"2", "3", "3"} {
		r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
		wantCode(t, 0, r.run(false, "", "Q?", "--seed", seed))
		calls := r.calls()
		if prev, ok := assign[seed]; ok {
			wantEq(t, prev, calls, "same seed, same assignment")
		}
		assign[seed] = calls
	}
	wantEq(t, "generator@claude", assign["2"][1])
	wantEq(t, "generator@gpt", assign["3"][1])
	wantEq(t, "attacker@claude", assign["3"][3])
}

func TestReasonPinnedRoleIsNotDrawn(t *testing.T) {
	pin := "    roles:\n      attacker: {profile: claude, effort: max}\n"
	for _, seed := range []string{"2", "3"} {
		r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), pin)
		res := r.run(false, "", "Q?", "--seed", seed)
		wantCode(t, 0, res)
		// The pin moved the generator to the other family, whatever the seed.
		wantEq(t, []string{"generator@gpt", "attacker@claude"}, []string{r.calls()[1], r.calls()[3]}, "seed", seed)
		wantIn(t, res.stdout, "Independence: conforming")
		wantIn(t, res.stdout, "max (config)")
		wantIn(t, res.stdout, "pinned")
	}
}

func TestReasonSameFamilyLabelledIndependentMakesNoCall(t *testing.T) {
	// Names that suggest two vendors; both declared the same family.
	profiles := map[string]string{"openai-gpt": scripted("anthropic", "conforming.yaml"),
		"anthropic-claude": scripted("anthropic", "conforming.yaml")}
	r := newReasonEnv(t, []string{"openai-gpt", "anthropic-claude"}, profiles, "")
	res := r.run(false, "", "Q?")
	wantCode(t, exitDeclined, res)
	wantIn(t, res.stderr, "reduced-independence")
	wantIn(t, res.stderr, "both family anthropic")
	wantIn(t, res.stderr, "--approve-reduced-independence")
	wantEq(t, []string(nil), r.calls())
	if res.stdout != "" {
		t.Errorf("stdout not empty: %q", res.stdout)
	}

	// At a terminal: declining makes no call either; approving runs and says so.
	r = newReasonEnv(t, []string{"openai-gpt", "anthropic-claude"}, profiles, "")
	wantCode(t, exitDeclined, r.run(true, "decline\n", "Q?"))
	wantEq(t, []string(nil), r.calls())
	r = newReasonEnv(t, []string{"openai-gpt", "anthropic-claude"}, profiles, "")
	res = r.run(true, "approve\n", "Q?")
	wantCode(t, 0, res)
	wantEq(t, 5, len(r.calls()))
	wantIn(t, res.stdout, "> NOTE: Independence: reduced-independence (approved by a person before the first call)")
	wantIn(t, res.stdout, "Independence: reduced-independence")
}

func TestReasonPremiseHaltAndForce(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	res := r.run(false, "", "Should we migrate off PostgreSQL?", "--seed", "2")
	wantCode(t, exitAwaiting, res)
	// The generator ran beside the premise check: its call is recorded although the halt
	// discarded it (a run that proceeds reads it instead of asking again).
	wantEq(t, []string{"premise-check@gpt", "generator@claude"}, r.calls())
	wantIn(t, res.stdout, "Verdict: QUESTION SUSPECT")
	wantIn(t, res.stdout, "Possible rewording")
	for _, want := range []string{"--force-premise", "restart", "reword", "drop"} {
		wantIn(t, res.stderr, want)
	}

	r = newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	res = r.run(false, "", "Should we migrate off PostgreSQL?", "--force-premise")
	wantCode(t, 0, res)
	if !strings.HasPrefix(res.stdout, "> NOTE: The premise check judged the question QUESTION SUSPECT") {
		t.Errorf("the suspect verdict is not shown first:\n%s", res.stdout)
	}
	wantEq(t, 5, len(r.calls()))
}

func TestReasonContractFailureReportsAndPrintsNoSynthesis(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("aimless.yaml"), "")
	res := r.run(false, "", "Q?", "--seed", "2")
	wantCode(t, exitFailure, res)
	wantEq(t, []string{"premise-check@gpt", "generator@claude", "compressor@gpt", "compressor@gpt"}, r.calls())
	if res.stdout != "" {
		t.Errorf("a failed chain printed on stdout: %q", res.stdout)
	}
	for _, want := range []string{"Role: compressor", "Profile: gpt (family openai", "Failure class: contract",
		"no attack vector", "no answer was produced"} {
		wantIn(t, res.stderr, want)
	}
	kept, _ := filepath.Glob(filepath.Join(r.vars["TMPDIR"], "war-room-reason-*"))
	if len(kept) != 1 {
		t.Fatalf("want one kept run directory, have %v", kept)
	}
	wantIn(t, res.stderr, kept[0])
	report, err := os.ReadFile(filepath.Join(kept[0], "CHAIN_FAILURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, string(report), "Failure class: contract")
	ledger, _ := os.ReadFile(filepath.Join(kept[0], "LEDGER.jsonl"))
	wantEq(t, 4, strings.Count(string(ledger), "\n"))
	if _, err := os.Stat(filepath.Join(kept[0], "SYNTHESIS.md")); err == nil {
		t.Error("a failed chain kept a synthesis")
	}
}

func TestReasonHighAssurance(t *testing.T) {
	profiles := twoScripted("conforming.yaml")
	profiles["gemini"] = scripted("google", "conforming.yaml")
	r := newReasonEnv(t, []string{"claude", "gpt", "gemini"}, profiles, "")
	res := r.run(false, "", "Q?", "--high-assurance", "--seed", "2")
	wantCode(t, 0, res)
	calls := r.calls()
	wantEq(t, 6, len(calls))
	// Even seed: generator on anthropic, adversary on google; the second generator takes the
	// family nobody else uses.
	// The two generators are asked together: the ledger has them in the order they answered.
	generators := slices.Sorted(slices.Values(calls[1:3]))
	wantEq(t, []string{"generator@claude", "generator@gpt", "compressor@gemini", "attacker@gemini"}, append(generators, calls[3:5]...))
	wantIn(t, res.stdout, "generator (second)")

	r = newReasonEnv(t, []string{"claude"}, map[string]string{"claude": scripted("anthropic", "conforming.yaml")}, "")
	res = r.run(false, "", "Q?", "--high-assurance", "--approve-reduced-independence")
	wantCode(t, exitUsage, res)
	wantIn(t, res.stderr, "high assurance needs a second generator on a distinct profile")
	ss, _ := r.sessions()
	wantEq(t, 0, len(ss))
}

func TestReasonDryRunMakesNoCall(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
	res := r.run(false, "", "Q?", "--dry-run", "--seed", "7", "--fast", "--passes", "2")
	wantCode(t, 0, res)
	for _, want := range []string{"Dry run: no call was made.", "Independence: conforming", "Effort profile: fast",
		"Expected calls: 7", "CLAIM_MAP_2.md", "latency not measured yet", "unpriced", "Output sizes are assumptions"} {
		wantIn(t, res.stdout, want)
	}
	ss, _ := r.sessions()
	wantEq(t, 0, len(ss))

	res = r.run(false, "", "Q?", "--dry-run", "--seed", "7", "--json")
	wantCode(t, 0, res)
	var out struct {
		DryRun bool `json:"dry_run"`
		Plan   struct {
			Independence string `json:"independence"`
			Slots        []any  `json:"slots"`
		} `json:"plan"`
		Estimate struct {
			Calls int `json:"calls"`
		} `json:"estimate"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &out); err != nil {
		t.Fatalf("--dry-run --json is not JSON: %v\n%s", err, res.stdout)
	}
	wantEq(t, true, out.DryRun)
	wantEq(t, "conforming", out.Plan.Independence)
	wantEq(t, 5, out.Estimate.Calls)
	wantEq(t, 5, len(out.Plan.Slots))
}

func TestReasonUsageErrors(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
	wantCode(t, exitUsage, r.run(false, "", "--fast"))
	wantCode(t, exitUsage, r.run(false, "", "Q?", "--seed", "-1"))
	wantCode(t, exitUsage, r.run(false, "", "Q?", "--facts", filepath.Join(r.dir, "absent.md")))
	wantCode(t, exitUsage, r.run(false, "", "Q?", "--passes", "0"))
}
