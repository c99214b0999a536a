package reason

import (
	"errors"
	"slices"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/internal/provider/script"
)

func TestContractFailureRetriesOnceThenFailsTheChain(t *testing.T) {
	aimless := script.Response{Role: roleCompressor, Text: "## Claim map\nC-1 load-bearing\n(no vector chosen)"}
	h := newHarness(t, conformingScript(aimless), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	var f *ChainFailure
	if !errors.As(res.err, &f) {
		t.Fatalf("want a chain failure, got %v", res.err)
	}
	eq(t, roleCompressor, f.Role)
	eq(t, "gpt", f.Profile)
	eq(t, "openai", f.Family)
	eq(t, ledger.ClassContract, f.Class)
	eq(t, 2, f.Attempts)
	contains(t, f.LastError, "no attack vector")
	eq(t, 2, h.sp.CallsFor(roleCompressor))
	eq(t, 0, h.sp.CallsFor(roleAttacker))
	eq(t, 0, h.sp.CallsFor(roleSynthesizer))
	if res.decision != nil {
		t.Fatal("a failed chain produced a decision")
	}
	id := res.run.Session().ID
	eq(t, engine.StatusFailed, res.run.Session().Status)
	if _, ok := h.artifact(id, "SYNTHESIS.md"); ok {
		t.Error("a failed chain stored a synthesis")
	}
	report, ok := h.artifact(id, failureArtifact)
	eq(t, true, ok)
	for _, want := range []string{"Role: compressor", "Profile: gpt (family openai", "Failure class: contract", "no attack vector"} {
		contains(t, report, want)
	}
	// The ledger keeps both attempts, each marked.
	l := h.ledger(id)
	eq(t, []string{ledger.OutcomeContractFailed, ledger.OutcomeContractFailed}, []string{l[2].Outcome, l[3].Outcome})
}

func TestContractRetryThatSucceedsContinues(t *testing.T) {
	first := 0
	bad := script.Response{Role: roleAttacker, Index: &first, Text: "### C-1\nit breaks."} // no off-vector line
	h := newHarness(t, conformingScript(bad), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	noErr(t, res.err)
	eq(t, 2, h.sp.CallsFor(roleAttacker))
	reqs := h.sp.Requests()
	contains(t, reqs[4].User, "no off-vector line")
}

func TestAttackMustCoverEveryVectorTarget(t *testing.T) {
	wide := script.Response{Role: roleCompressor, Text: "attack_vector: C-1, C-2"}
	h := newHarness(t, conformingScript(wide), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	var f *ChainFailure
	if !errors.As(res.err, &f) {
		t.Fatalf("want a chain failure, got %v", res.err)
	}
	eq(t, roleAttacker, f.Role)
	contains(t, f.LastError, "does not address vector target(s) C-2")
}

func TestTransportFailureOnEveryAttemptFailsTheChain(t *testing.T) {
	down := script.Response{Role: roleGenerator, Error: "transport", Text: "connection reset"}
	h := newHarness(t, conformingScript(down), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	var f *ChainFailure
	if !errors.As(res.err, &f) {
		t.Fatalf("want a chain failure, got %v", res.err)
	}
	eq(t, "transport", f.Class)
	eq(t, engine.DefaultMaxAttempts, f.Attempts)
	contains(t, f.LastError, "connection reset")
}

// A ceiling below the first prompt's own size refuses that call: nothing is sent, and the
// chain fails as a budget failure naming the role it stopped at.
func TestBudgetCeilingRefusesACallWhosePromptAlonePassesIt(t *testing.T) {
	h := newHarness(t, conformingScript(), twoFamilies)
	h.budget = limits.Budget{MaxTokens: 1}
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	var f *ChainFailure
	if !errors.As(res.err, &f) {
		t.Fatalf("want a chain failure, got %v", res.err)
	}
	eq(t, ledger.ClassBudget, f.Class)
	eq(t, rolePremise, f.Role)
	eq(t, 0, h.sp.Calls())
	l := h.ledger(res.run.Session().ID)
	eq(t, ledger.OutcomeBudgetRefused, l[len(l)-1].Outcome)
}

func TestHighAssuranceRunsASecondGeneratorOnADistinctProfile(t *testing.T) {
	fams := map[string]string{"claude": "anthropic", "gpt": "openai", "gemini": "google"}
	mapBoth := script.Response{Role: roleCompressor, Text: "attack_vector: C-1, B.C-2"}
	attackBoth := script.Response{Role: roleAttacker, Text: "### C-1\nweak\n### B.C-2\nweak\noff_vector: the cost model"}
	h := newHarness(t, conformingScript(mapBoth, attackBoth), fams)
	opts := deep("claude", "gpt", "gemini")
	opts.HighAssurance = true
	res := h.start(opts, 0, "", nil)
	noErr(t, res.err)
	l := h.ledger(res.run.Session().ID)
	// The premise check and the two generators make one round, in any order.
	first := roles(l[:3])
	slices.Sort(first)
	eq(t, []string{roleGenerator, roleGenerator, rolePremise}, first)
	eq(t, []string{roleCompressor, roleAttacker, roleSynthesizer}, roles(l[3:]))
	var gens []string
	for _, e := range l[:3] {
		if e.Role == roleGenerator {
			gens = append(gens, e.Profile)
		}
	}
	if gens[0] == gens[1] {
		t.Errorf("both generators ran on %s", gens[0])
	}
	eq(t, []string{InputQuestion, InputFacts, InputConstraints, "POSITION", "POSITION_B"}, l[3].Inputs)
	// Same role body for both generators.
	reqs := h.sp.Requests()
	eq(t, reqs[1].System, reqs[2].System)
	_, ok := h.artifact(res.run.Session().ID, "POSITION_B.md")
	eq(t, true, ok)
}

func TestHighAssuranceWithoutASecondProfileIsRefusedBeforeAnyCall(t *testing.T) {
	h := newHarness(t, conformingScript(), map[string]string{"solo": "anthropic"})
	opts := deep("solo")
	opts.HighAssurance = true
	res := h.start(opts, 0, "", map[string]string{gateReducedIndependence: answerApprove})
	if !errors.Is(res.err, errNoSecondProfile) {
		t.Fatalf("want ErrNoSecondProfile, got %v", res.err)
	}
	contains(t, res.err.Error(), `no profile other than "solo"`)
	eq(t, 0, h.sp.Calls())
}
