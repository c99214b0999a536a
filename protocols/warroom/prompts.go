package warroom

import (
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/promptsafe"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// kit builds every CallSpec of a session. Building is pure: the same session, options and
// stored results always give the same prompts, which is what makes a resumed run match an
// uninterrupted one and what the anonymity property test exercises.
type kit struct {
	panel.Kit
	panel Panel
	opts  Options
}

func newKit(s *engine.Session, p Panel, opts Options) kit {
	return kit{Kit: panel.NewKit(s, promptsafe.NewScrubber(panelIdentities(p))), panel: p, opts: opts}
}

// spec assembles one call for a seat before the synthesis: model-written inputs are scrubbed
// of identities.
func (k kit) spec(role string, inputs []engine.NamedText, task string, contract func(string) error) (engine.CallSpec, error) {
	body, err := Body(role)
	if err != nil {
		return engine.CallSpec{}, err
	}
	return k.keyed(role, k.Spec(k.seat(role), body, inputs, task, contract, k.timeout(role))), nil
}

// unsealed assembles a call whose inputs are fed as they are: only the synthesis, which is
// meant to see the attribution.
func (k kit) unsealed(role string, inputs []engine.NamedText, task string, contract func(string) error) (engine.CallSpec, error) {
	body, err := Body(role)
	if err != nil {
		return engine.CallSpec{}, err
	}
	spec := k.keyed(role, k.Unsealed(k.seat(role), body, inputs, task, contract, k.timeout(role)))
	// Only the synthesis sees the unsealed record, and it is the session's last call: nothing
	// after it reads a prefix it would write (one an earlier call wrote is still read).
	spec.CacheUpTo = -1
	return spec, nil
}

func (k kit) seat(role string) panel.Seat {
	m := k.panel.Member(role)
	return panel.Seat{Role: role, Profile: m.Profile, Effort: m.Effort}
}

// keyed names the setting behind spec's time limit, so that a call it cuts says what raises it.
func (k kit) keyed(role string, spec engine.CallSpec) engine.CallSpec {
	spec.TimeoutKey = "protocols." + SectionKey + ".timeouts.expert"
	if role == SupremeCommander {
		spec.TimeoutKey = "protocols." + SectionKey + ".timeouts.synthesis"
	}
	return spec
}

func (k kit) timeout(role string) time.Duration {
	if role == SupremeCommander {
		return k.opts.SynthesisTimeout
	}
	return k.opts.ExpertTimeout
}

// labeled turns labelled contributions into fenced inputs named "<kind> <label>".
func labeled(kind string, items []panel.Labeled) []engine.NamedText { return panel.Named(kind, items) }

func labels(items []panel.Labeled) string { return strings.Join(panel.Labels(items), ", ") }

const anonymityNote = "Other contributions are shown only under anonymous labels; judge them on " +
	"their content alone and do not guess or mention who wrote them."

func (k kit) reversibility() (engine.CallSpec, error) {
	return k.spec(chiefStrategist, nil, reversibilityTask("Phase 0. Judge how hard the decision asked about in the question would be to undo. "),
		scoresContract)
}

func scoresContract(t string) error { _, err := parseScores(t); return err }

// reversibilityTask is the scoring instruction and answer format phase 0 and the re-score
// share, after a lead sentence that says which of the two it is.
func reversibilityTask(lead string) string {
	var b strings.Builder
	b.WriteString(lead + "Score each of the five dimensions from 1 (easily reversed) to 5 (irreversible):\n")
	for _, d := range []string{
		"REVERSAL_COST: effort to undo it (1: flip a switch; 3: days to weeks; 5: months or a rewrite)",
		"TIME_LOCK_IN: how fast it hardens (1: reversible any time; 3: over weeks; 5: at once)",
		"BLAST_RADIUS: who and what it touches (1: one component; 3: a team or subsystem; 5: the whole organisation or its customers)",
		"INFORMATION_LOSS: options it closes (1: none; 3: some paths; 5: critical paths for good)",
		"REPUTATION_IMPACT: external visibility (1: internal; 3: limited outside view; 5: public, trust at stake)",
	} {
		b.WriteString("- " + d + "\n")
	}
	b.WriteString("\nAnswer with exactly these five lines, each an integer and a one-sentence rationale:\n" +
		"REVERSAL_COST: <1-5> - <rationale>\nTIME_LOCK_IN: <1-5> - <rationale>\n" +
		"BLAST_RADIUS: <1-5> - <rationale>\nINFORMATION_LOSS: <1-5> - <rationale>\n" +
		"REPUTATION_IMPACT: <1-5> - <rationale>\n")
	return b.String()
}

// rescore asks the strategist to score reversibility again once an escalation has grown the
// panel: the same five dimensions, now read against the intelligence and courses of action the
// larger panel produced.
func (k kit) rescore(first reversibility, intel, coas []panel.Labeled) (engine.CallSpec, error) {
	inputs := append([]engine.NamedText{{Name: "first reversibility assessment", Text: renderScores(first)}},
		labeled("intelligence report", intel)...)
	inputs = append(inputs, labeled("course of action", coas)...)
	lead := "Re-score after the escalation. The panel grew and has gathered more intelligence (" + orNone(labels(intel)) +
		") and more courses of action (" + orNone(labels(coas)) + "); your first scores are attached. " +
		"Keep a score the new material does not touch, and change one only where it shows the decision is harder " +
		"or easier to undo than you first judged, saying so in that line's rationale. " + anonymityNote + " "
	return k.spec(chiefStrategist, inputs, reversibilityTask(lead), scoresContract)
}

func (k kit) intel(role string) (engine.CallSpec, error) {
	return k.spec(role, nil, "Phase 1, intelligence. Before anyone proposes a plan, report on the "+
		"terrain of this decision. Answer in markdown with these sections:\n"+
		"## Findings\n## Constraints\n## Open questions\n", requireSections("Findings", "Constraints", "Open questions"))
}

func (k kit) assessment(intel []panel.Labeled) (engine.CallSpec, error) {
	return k.spec(chiefStrategist, labeled("intelligence report", intel), "Phase 2, situation assessment. "+
		"Turn the intelligence reports ("+orNone(labels(intel))+") into one assessment that the authors "+
		"of courses of action will work from. "+anonymityNote+" Answer in markdown with these sections:\n"+
		"## Refined problem\n## Constraints\n## Opportunities\n## Guidance\n",
		requireSections("Refined problem", "Constraints", "Opportunities", "Guidance"))
}

func orNone(s string) string {
	if s == "" {
		return "none arrived"
	}
	return s
}

// coa asks a seat for n distinct courses of action.
func (k kit) coa(role string, n int, situation []panel.Labeled) (engine.CallSpec, error) {
	return k.spec(role, engine.Shared(labeled("situation", situation)...), fmt.Sprintf("Phase 3, courses of action. "+
		"Draft exactly %d course(s) of action for the decision, each genuinely different in approach, "+
		"scope or sequencing. Use this format for each one:\n\n"+
		"## COA: <short title>\n<two or three sentences on what it is>\n"+
		"Pros: <…>\nCons: <…>\nRisks: <…>\nEffort: <estimate with its assumptions>\n", n),
		coaContract(n))
}

// escalation asks the decider whether the panel should grow or shrink.
func (k kit) escalation(rev reversibility, mode Mode, auto string, coas []panel.Labeled) (engine.CallSpec, error) {
	var trig strings.Builder
	for i := 1; i < len(manualTriggers); i++ {
		fmt.Fprintf(&trig, "%d. %s\n", i, manualTriggers[i])
	}
	// The escalation sentence fits the mode: a full council has no larger panel to grow into.
	grow := "Escalate to the full council if any of these holds:"
	if mode == ModeFull {
		grow = "The panel is already the full council, so there is nothing larger to escalate to; answer ESCALATE: yes " +
			"only to record which of these holds, for the reader:"
	}
	return k.spec(SupremeCommander, append([]engine.NamedText{{Name: "reversibility assessment", Text: renderScores(rev)}},
		labeled("course of action", coas)...), fmt.Sprintf("Escalation check. The panel is deliberating as %s. %s "+
		"Review the reversibility assessment against the courses of action (%s). "+anonymityNote+"\n\n"+
		grow+"\n%s\n"+
		"De-escalate if the evidence shows the decision is in fact easy to undo (a false claim of "+
		"irreversibility); explain why in NOTE.\n\nAnswer with exactly these lines:\n"+
		"ESCALATE: yes|no\nTRIGGERS: <numbers from the list, comma-separated, or none>\nDEESCALATE: yes|no\nNOTE: <one or two sentences>\n",
		modePhrase(mode), auto, labels(coas), trig.String()), escalationContract)
}

// modePhrase names a mode as the escalation check says it.
func modePhrase(m Mode) string {
	switch m {
	case ModeFull:
		return "the full council"
	case ModeLightweight:
		return "a lightweight panel"
	}
	return string(m) + " mode"
}

// challenge asks a challenger to attack every course of action.
// In agent-teams mode, clarifications are the authors' answers to the red team's questions,
// by the label of the course of action they concern.
func (k kit) challenge(role string, situation, coas, clarifications []panel.Labeled) (engine.CallSpec, error) {
	var ls []string
	for _, c := range coas {
		ls = append(ls, c.Label)
	}
	in := engine.Shared(append(labeled("situation", situation), labeled("course of action", coas)...)...)
	more := ""
	if len(clarifications) > 0 {
		in = append(in, labeled("clarification on", clarifications)...)
		more = "The authors of " + labels(clarifications) + " answered questions about them (attached as clarifications); " +
			"hold each course of action to what its author said. "
	}
	return k.spec(role, in,
		"Phase 4, challenge. Attack every course of action: the assumptions it silently makes, how it "+
			"fails in practice, what it costs when it does. "+more+anonymityNote+" Answer in markdown with one "+
			"section per course of action, headed exactly \"### <label>\" (for example \"### "+ls[0]+"\"), "+
			"and finish with \"### Cross-cutting concerns\".\n", challengeContract(ls))
}

// vote asks a voter to rank every option; coas are in this voter's own presentation order.
// The answer format is shown with placeholders, never as a filled-in ranking: an example
// ranking in the order the options were shown would invite a voter to copy it, which is the
// position bias the per-voter orders are there to break.
// ownBallot, in agent-teams Delphi rounds, is the voter's own ballot of the round before.
func (k kit) vote(role string, coas, challenges []panel.Labeled, ownBallot string) (engine.CallSpec, error) {
	var ls []string
	for _, c := range coas {
		ls = append(ls, c.Label)
	}
	return k.spec(role, withOwnBallot(append(labeled("course of action", coas), labeled("challenge report", challenges)...), ownBallot),
		"Phase 5, vote. Rank every course of action from best to worst, taking the challenges into "+
			"account. The order they are shown in means nothing. "+anonymityNote+" Give a few lines of "+
			"reasoning, then one line ranking all of them, best first, in the form "+
			"\"RANKING: <letter> > <letter> > …\", using each of the letters "+strings.Join(letters(ls), ", ")+
			" exactly once.\n", rankingContract(ls))
}

func letters(labels []string) []string {
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i] = strings.TrimPrefix(l, "Response ")
	}
	return out
}

// revision asks an author to revise one of its courses of action in a Delphi round.
// ownBallot, in agent-teams mode, is the author's own ballot of the round before.
func (k kit) revision(role string, own panel.Labeled, others, challenges []panel.Labeled, tally, ownBallot string) (engine.CallSpec, error) {
	in := append([]engine.NamedText{{Name: "your course of action " + own.Label, Text: own.Text}},
		labeled("other course of action", others)...)
	in = withOwnBallot(append(in, labeled("challenge report", challenges)...), ownBallot)
	return k.spec(role, in, "Delphi revision. The panel has not converged (Borda standings so far: "+tally+"). "+
		"Revise your course of action "+own.Label+" in the light of the challenges and the other options: "+
		"strengthen it, narrow it or concede points, but keep it distinct from the others. "+anonymityNote+
		" Answer with exactly one course of action in the same format:\n\n## COA: <short title>\n<summary>\n"+
		"Pros: <…>\nCons: <…>\nRisks: <…>\nEffort: <…>\n", coaContract(1))
}

// premortem asks a seat to imagine the finalists failing.
func (k kit) premortem(role string, finalists, challenges []panel.Labeled) (engine.CallSpec, error) {
	return k.spec(role, engine.Shared(append(labeled("finalist", finalists), labeled("challenge report", challenges)...)...),
		premortemTask(finalists), premortemContract)
}

func premortemTask(finalists []panel.Labeled) string {
	return "Phase 6, premortem. Imagine it is a year from now and the chosen course of action, whichever of " +
		"the finalists (" + labels(finalists) + ") it was, has failed. " + anonymityNote + " Explain how. " +
		"Answer in markdown with these sections:\n## Failure modes\n## Early warning signs\n## Prevention\n## Contingency plans\n"
}

var premortemContract = requireSections("Failure modes", "Early warning signs", "Prevention", "Contingency plans")
