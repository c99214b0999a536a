package council

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// cross asks a seat to cross-examine the others; earlier is the previous round's
// cross-examinations (nil in round 1).
func (k kit) cross(a Assignment, round int, positions []panel.Labeled, docket string, earlier []panel.Labeled) (engine.CallSpec, error) {
	others := slices.DeleteFunc(labelsOf(positions), func(l string) bool { return l == a.Label })
	in := append(named("position", positions), engine.NamedText{Name: "docket", Text: docket})
	in = engine.Shared(append(in, named(fmt.Sprintf("cross-examination round %d", round-1), earlier)...)...)
	var b strings.Builder
	fmt.Fprintf(&b, "Cross-examination, round %d of %d. You are %s; your own blind position is the one "+
		"labelled %s. %s Challenge the other members (%s) where their positions are weakest: an "+
		"unsupported claim, a cost left out, a failure not priced, a constraint dropped. Address each "+
		"challenge to a member by label.", round, k.opts.Rounds, a.Label, a.Label, anonymity, strings.Join(others, ", "))
	if len(earlier) > 0 {
		b.WriteString(" The previous round's cross-examinations are above: answer what was put to you, " +
			"and press what was left unanswered.")
	}
	b.WriteString(" Answer in markdown with these sections:\n\n## " + secChallenges + "\n- Member X: <the " +
		"challenge>\n\n## " + secConcessions + "\n- <a point another member made that changes your view, by " +
		"label — or none>\n\nIf after an honest search you found nothing to challenge, write under the " +
		"challenges a single line \"" + noneFoundLine + ": <what you tested>\" instead.\n" + k.evidenceHelp())
	return k.spec(a, in, b.String(), checkCross(a.Label, others))
}

// closing asks a seat for its final position and its vote over the docket's n options; the
// principal-proxy seat also assesses every intent item against every option.
func (k kit) closing(a Assignment, positions []panel.Labeled, docket string, n int, cross []panel.Labeled, intentItems []string) (engine.CallSpec, error) {
	in := append(named("position", positions), engine.NamedText{Name: "docket", Text: docket})
	in = engine.Shared(append(in, named("cross-examination", cross)...)...)
	intent := k.opts.speaksForIntent(a.Role)
	assess := intent && len(intentItems) > 0
	if assess {
		in = append(in, engine.NamedText{Name: "intent items", Text: intentList(intentItems)})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Closing ballot. You are %s. The docket lists Option 1 to Option %d. %s Having read "+
		"the positions and the cross-examination, vote for exactly one option — yours or another's; "+
		"change your vote if the arguments moved you, and only then. Answer in markdown:\n\n"+
		"VOTE: Option <number>\n\n## %s\n<your position now, and what moved or did not move you>\n\n"+
		"## %s\n- Option <number>: <why not> (one per option you did not vote for — or none)\n\n"+
		"## %s\n- Reopen if <something a person could observe>\n", a.Label, n, anonymity, secFinal, secObjections, secTripWires)
	switch {
	case assess:
		fmt.Fprintf(&b, "\n## %s\n- Intent <i> / Option <j>: %s | %s | %s — <why>\n(one line for every intent item, Intent 1 "+
			"to Intent %d as listed in the intent items above, and every option, Option 1 to Option %d; a failure becomes "+
			"a trip-wire of the decision)\n", secIntent, verdictPass, verdictFail, verdictUnknown, len(intentItems), n)
	case intent:
		fmt.Fprintf(&b, "\n## %s\n- Option <number>: serves | drifts | unclear — <why, against the question "+
			"as it was asked> (one per option)\n", secIntent)
	}
	if !k.opts.PersonalData {
		b.WriteString(rememberHelp)
	}
	return k.spec(a, in, b.String(), ballotContract(n, intent, len(intentItems)))
}

// ruling asks the arbiter to decide over the closing answers and the counted ballot.
func (k kit) ruling(docket string, n int, closings, cross []panel.Labeled, record string, t tally) (engine.CallSpec, error) {
	in := []engine.NamedText{{Name: "docket", Text: docket}}
	in = append(in, named("closing answer", closings)...)
	in = append(in, named("cross-examination", cross)...)
	in = append(in, engine.NamedText{Name: "ballot record", Text: record})
	task := fmt.Sprintf("Ruling. You took no part in this deliberation. Above are the question, the docket "+
		"(Option 1 to Option %d), every member's closing answer with its vote, the cross-examination, and "+
		"the ballot as the system counted it. %s Decide. You may follow the ballot or overrule it; either "+
		"way, say why. Answer in markdown:\n\nSELECTED: Option <number>\n\n## %s\n<what is decided, "+
		"concretely>\n\n## %s\n<why>\n\n## %s\n- Member X: <the strongest form of their objection, and "+
		"what evidence would vindicate it>\n\n## %s\n- Reopen if <something a person could observe>\n\n"+
		"## %s\n<what follows from the decision; optional>\n\nEvery member whose ballot chose another "+
		"option than the one you select must be named in the dissent by label. Write \"- none\" under "+
		"the dissent only if every ballot chose the option you select.\n",
		n, anonymity, secDecision, secRationale, secDissent, secTripWires, secConseq)
	return k.spec(k.plan.Arbiter, in, task, rulingContract(n, t))
}

// ballotRecord is the counted ballot as the arbiter reads it, written by the protocol from
// labels, option numbers and failure classes only.
func ballotRecord(d docket, t tally, gaps []gap) string {
	var b strings.Builder
	for i, o := range d.Options {
		v := t.Votes[i]
		fmt.Fprintf(&b, "%s (%s): %d vote(s)", o.Name(), o.Title, len(v))
		if len(v) > 0 {
			fmt.Fprintf(&b, " — %s", strings.Join(v, ", "))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "Ballots cast: %d. Margin: %s.\n", t.Ballots, t.Margin(0))
	for _, g := range gaps {
		fmt.Fprintf(&b, "%s gave no answer in %s (the call failed: %s).\n", g.Label, g.Phase, g.Class)
	}
	return b.String()
}
