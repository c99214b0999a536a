package warroom

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// synthesisFormat is the answer format of both syntheses; choice says what SELECTED takes.
func synthesisFormat(choice string) string {
	return "Answer in markdown with these sections, in this order:\n" +
		"## Context\n(the situation in a few sentences)\n## Selected approach\n(what is decided)\n" +
		"## Rationale\n(why, against the alternatives; name every gap in the panel and what it means for confidence)\n" +
		"## Implementation orders\n(numbered, concrete)\n## Watch points\n(bullets: what to watch, and what would make you revisit the decision)\n" +
		"## Consequences\n(positive, negative, neutral)\n## Dissenting views\n(bullets, each in its author's terms; write " +
		"\"should revisit\" or \"worth exploring\" where a view describes future work; \"None\" if there was none)\n" +
		"## Rejected alternatives\n(one bullet per option not chosen: \"- Response X: why not\")\n\n" +
		"If you choose an option the vote did not put first, say in the rationale what outweighed the vote.\n\n" +
		"Finish with two lines:\nCONFIDENCE: high, medium or low, and in a few words why\nSELECTED: " + choice + "\n"
}

// gapText names, for the synthesis, every seat that produced nothing and where.
func gapText(gaps []gap) string {
	if len(gaps) == 0 {
		return "Every panel member answered in every phase it was asked to take part in."
	}
	var b strings.Builder
	b.WriteString("These panel members produced nothing where they were asked to contribute; the " +
		"deliberation went on without them. Name each gap in your rationale:\n")
	for _, g := range gaps {
		fmt.Fprintf(&b, "- %s (failure: %s)\n", describe(g), g.Class)
	}
	return b.String()
}

// synthesis is the full council's final call: everything, with attribution unsealed.
func (k kit) synthesis(in synthesisInputs) (engine.CallSpec, error) {
	inputs := []engine.NamedText{{Name: "reversibility assessment", Text: renderScores(in.Rev)}}
	inputs = append(inputs, labeled("intelligence report", in.Intel)...)
	inputs = append(inputs, labeled("situation assessment", in.Situation)...)
	inputs = append(inputs, labeled("course of action", in.COAs)...)
	inputs = append(inputs, labeled("challenge report", in.Challenges)...)
	if in.Voting != "" {
		inputs = append(inputs, engine.NamedText{Name: "voting record", Text: in.Voting})
	}
	inputs = append(inputs, in.Ballots...)
	inputs = append(inputs, labeled("premortem", in.Premortems)...)
	if in.Notes != "" {
		inputs = append(inputs, engine.NamedText{Name: "deliberation notes", Text: in.Notes})
	}
	inputs = append(inputs, engine.NamedText{Name: "attribution", Text: in.Attribution})
	choices := make([]string, len(in.COAs))
	for i, c := range in.COAs {
		choices[i] = c.Label
	}
	lead := ""
	if in.Leader != "" {
		lead = "The Borda count put " + in.Leader + " first; if you choose another course, your rationale must say why not " +
			in.Leader + ", naming it.\n\n"
	}
	task := "Phase 7, synthesis. The deliberation is over and the attribution is unsealed: you may now see " +
		"which seat and model wrote each contribution. " + in.Course + "\n\n" + gapText(in.Gaps) + "\n\n" + lead +
		"Decide. " + synthesisFormat("<label of the chosen course of action, one of "+strings.Join(choices, ", ")+">")
	return k.unsealed(SupremeCommander, inputs, task, synthesisContract(choices, in.Leader))
}

// synthesisInputs is what the full synthesis is fed.
type synthesisInputs struct {
	Rev                                            reversibility
	Intel, Situation, COAs, Challenges, Premortems []panel.Labeled
	Voting, Attribution, Course, Notes             string
	Gaps                                           []gap
	// Ballots are the final round's ballots with their reasons; Leader is the option the
	// final count put first ("" without a vote).
	Ballots []engine.NamedText
	Leader  string
}

// expressWhy says why a session runs in express mode. It is built from trusted values only,
// and it must be true: a forced express mode on a decision scored hard to undo is not "easy
// to undo", and the decider has to know it is ratifying without a panel anyway.
func expressWhy(rev reversibility, recommend Mode) string {
	if recommend == ModeExpress {
		return "The decision scored as easy to undo (RS " + fmt.Sprintf("%.2f", rev.Score) + ", type " + rev.Type + "), so there is no panel."
	}
	return fmt.Sprintf("Express mode was requested although the decision scored RS %.2f (type %s), for which the %s mode "+
		"is recommended; there is no panel, so weigh how hard the decision is to undo yourself.", rev.Score, rev.Type, recommend)
}

// expressRecommendation asks the strategist for an immediate recommendation.
func (k kit) expressRecommendation(rev reversibility, why string) (engine.CallSpec, error) {
	return k.spec(chiefStrategist, []engine.NamedText{{Name: "reversibility assessment", Text: renderScores(rev)}},
		"Express decision. "+why+" Recommend what to do "+
			"now. Answer in markdown with these sections:\n## Recommendation\n## Rationale\n## Risks\n",
		requireSections("Recommendation", "Rationale", "Risks"))
}

// expressChallenge is the additions challenger's pass over an express recommendation in a
// plan review.
func (k kit) expressChallenge(rec []panel.Labeled) (engine.CallSpec, error) {
	return k.spec(prosecutionCounsel, labeled("recommendation", rec),
		"Plan review. Challenge every addition the recommendation makes, with your five questions. "+
			anonymityNote+" Answer in markdown with these sections:\n## Challenges\n## Verdict\n",
		requireSections("Challenges", "Verdict"))
}

// expressSynthesis asks the decider to ratify or override the recommendation.
func (k kit) expressSynthesis(rev reversibility, why string, rec, challenge []panel.Labeled, attribution string, gaps []gap) (engine.CallSpec, error) {
	inputs := []engine.NamedText{{Name: "reversibility assessment", Text: renderScores(rev)}}
	inputs = append(inputs, labeled("recommendation", rec)...)
	inputs = append(inputs, labeled("challenge report", challenge)...)
	inputs = append(inputs, engine.NamedText{Name: "attribution", Text: attribution})
	task := "Express synthesis. " + why + " One recommendation was made and the " +
		"attribution is unsealed. Ratify it, or override it with a better course and say why.\n\n" +
		gapText(gaps) + "\n\n" + synthesisFormat("ratify or override")
	return k.unsealed(SupremeCommander, inputs, task, synthesisContract([]string{"ratify", "override"}, ""))
}
