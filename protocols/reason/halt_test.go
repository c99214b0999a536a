package reason

import (
	"errors"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/provider/script"
)

var premiseSuspect = script.Response{Role: rolePremise,
	Text: "Verdict: QUESTION SUSPECT\n\nIt assumes a migration is on the table.\n\n## Possible rewording\nWhat would make us move?"}

// The generator runs beside the premise check (it reads nothing of its answer), so a suspect
// premise halts after that one round: the generator's call is in the ledger and counted, and
// a chain that proceeds reads it rather than asking again.
func TestSuspectPremiseHaltsAfterOneRound(t *testing.T) {
	h := newHarness(t, conformingScript(premiseSuspect), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", nil)
	var gate *engine.GateError
	if !errors.As(res.err, &gate) {
		t.Fatalf("want the premise gate, got %v", res.err)
	}
	eq(t, GatePremise, gate.Gate.Key)
	eq(t, []string{AnswerProceed, AnswerDrop}, gate.Gate.Choices)
	contains(t, gate.Gate.Question, "start a new run")
	eq(t, 2, h.sp.Calls())
	eq(t, []string{rolePremise, roleGenerator}, roles(h.ledger(res.run.Session().ID)))
	premise, ok := h.artifact(res.run.Session().ID, "PREMISE.md")
	eq(t, true, ok)
	contains(t, premise, "Possible rewording")

	// Answering later resumes without repeating the premise call.
	done := h.resume(res.run.Session().ID, map[string]string{GatePremise: AnswerProceed})
	noErr(t, done.err)
	eq(t, 1, h.sp.CallsFor(rolePremise))
	eq(t, 1, h.sp.CallsFor(roleGenerator), "the speculative generator's answer is read, not asked again")
	eq(t, 5, h.sp.Calls())
	contains(t, done.decision.Notes[0], verdictSuspect)
}

// The premise check and the generators make one round, but the premise check is always
// announced first, whichever the scheduler runs first: a reader's progress table does not
// reorder from one run to the next.
func TestTheOpeningAnnouncesThePremiseFirst(t *testing.T) {
	for range 20 {
		h := newHarness(t, conformingScript(), twoFamilies)
		rec := &started{}
		h.sinks = []events.Sink{rec}
		res := h.start(deep("claude", "gpt"), 0, "", nil)
		noErr(t, res.err)
		eq(t, []string{rolePremise, roleGenerator, roleCompressor, roleAttacker, roleSynthesizer}, rec.roles)
	}
}

func TestForcePremiseRunsTheWholeChain(t *testing.T) {
	h := newHarness(t, conformingScript(premiseSuspect), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", map[string]string{GatePremise: AnswerProceed})
	noErr(t, res.err)
	eq(t, 5, h.sp.Calls())
	eq(t, "Answer: Keep PostgreSQL for now.", firstLines(res.decision.Phases[4].Markdown(), 1))
	eq(t, []string{"Premise check", verdictSuspect + " (answered anyway: a human chose to proceed)"},
		res.decision.Sections[0].Table.Rows[0])
}

// The overridden premise is a fact the chain knows: it is stamped into the record, and a
// synthesis that does not repeat it is no contract failure.
func TestTheSuspectVerdictIsStampedNotDemanded(t *testing.T) {
	silent := script.Response{Role: roleSynthesizer, Text: "Answer: yes\nConfidence: high\n\n## Disagreement ledger\n- none\n\n## What would change my mind\n- data\n"}
	h := newHarness(t, conformingScript(premiseSuspect, silent), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", map[string]string{GatePremise: AnswerProceed})
	noErr(t, res.err)
	eq(t, 1, h.sp.CallsFor(roleSynthesizer))
	contains(t, res.decision.Notes[0], verdictSuspect)
}

func TestDropStopsAtThePremise(t *testing.T) {
	h := newHarness(t, conformingScript(premiseSuspect), twoFamilies)
	res := h.start(deep("claude", "gpt"), 0, "", map[string]string{GatePremise: AnswerDrop})
	var stopped *engine.Stopped
	if !errors.As(res.err, &stopped) {
		t.Fatalf("want Stopped, got %v", res.err)
	}
	eq(t, GatePremise, stopped.Gate)
	eq(t, 2, h.sp.Calls(), "the premise check and the generator beside it")
	eq(t, []string{rolePremise, roleGenerator}, roles(h.ledger(res.run.Session().ID)), "the discarded call is recorded")
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
