package warroom

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// Agent-teams mode (Options.AgentTeams) turns three one-shot phases of the full council and
// Delphi into exchanges between the seats, each an addressed extra call through the same
// engine, anonymous as every other call before the synthesis:
//
//   - phase 4: the red team first asks the authors of courses of action questions; each
//     addressed author answers about its own course of action (it sees the question, never who
//     asked); the challenges are then written with the answers in hand;
//   - phase 6: the premortems run one after another, each reading the ones before it;
//   - Delphi: a member revising or re-voting reads its own ballot of the round before.
//
// A lightweight or express panel runs one-shot whatever the setting, and says so.

// Step keys of the exchanges.
const (
	keyQuestions = "p4-questions"
	keyAnswers   = "p4-answers"
)

// authorQuestion is one question the red team asked about a course of action, and the
// author's answer ("" when the author gave none).
type authorQuestion struct {
	Label    string `json:"label"`
	Question string `json:"question"`
	Answer   string `json:"answer,omitempty"`
}

// teams reports whether the session's exchanges run: agent-teams was asked for and the panel
// is the full council (with or without Delphi rounds).
func (s *state) teams() bool {
	return s.opts.AgentTeams && (s.rec.Mode == ModeFull || s.rec.Mode == ModeDelphi)
}

// teamsNote says, once, that agent-teams was asked for a panel it does not apply to.
func (s *state) teamsNote() {
	if s.opts.AgentTeams && !s.teams() {
		s.rec.Notes = append(s.rec.Notes, "Agent-teams mode was asked for, but it applies to the full council and Delphi only; "+
			"this "+string(s.rec.Mode)+" deliberation ran its phases one-shot.")
	}
}

// question lines: "Response B: …" with a bullet, bold or a heading around the label allowed.
var questionLine = regexp.MustCompile(`(?i)^[\s>*#+-]*(?:\d+[.)]\s*)?\**\s*(Response [A-Z]{1,2})\s*\**\s*[:—–-]+\s*\**\s*(.+?)\s*$`)

// parseQuestions reads the red team's questions, at most one per known label (the first one
// asked), in label order. none is true when it answered NONE.
func parseQuestions(text string, labels []string) (qs []authorQuestion, none bool) {
	byLabel := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		t := strings.ToUpper(strings.Trim(strings.TrimSpace(line), "*_.#- "))
		if t == "NONE" {
			none = true
		}
		m := questionLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		label := "Response " + strings.ToUpper(strings.TrimSpace(m[1][len("Response "):]))
		if slices.Contains(labels, label) && byLabel[label] == "" {
			byLabel[label] = m[2]
		}
	}
	for _, l := range labels {
		if q := byLabel[l]; q != "" {
			qs = append(qs, authorQuestion{Label: l, Question: q})
		}
	}
	return qs, none && len(qs) == 0
}

func questionsContract(labels []string) func(string) error {
	return func(text string) error {
		if qs, none := parseQuestions(text, labels); len(qs) == 0 && !none {
			return errors.New(`ask each question on its own line as "Response X: <question>" about a course of action shown, or answer NONE`)
		}
		return nil
	}
}

// questions asks the red team what it needs the authors to clarify before it challenges.
func (k kit) questions(situation, coas []panel.Labeled) (engine.CallSpec, error) {
	ls := panel.Labels(coas)
	return k.spec(redTeam, engine.Shared(append(labeled("situation", situation), labeled("course of action", coas)...)...),
		"Phase 4, questions to the authors. Before you challenge the courses of action, you may put one question "+
			"to the author of each: about an assumption it leaves unstated, a number it does not support, or a step "+
			"it does not explain. The author answers about its own course of action only and never learns who asked. "+
			anonymityNote+" Ask only what would change your challenge. Write each question on its own line as "+
			"\"Response X: <question>\" (one per course of action at most, among "+strings.Join(ls, ", ")+"), or answer "+
			"NONE if you need nothing clarified.\n", questionsContract(ls))
}

// answer asks an author to answer a question about its own course of action.
func (k kit) answer(role string, own panel.Labeled, question string) (engine.CallSpec, error) {
	return k.spec(role, []engine.NamedText{{Name: "your course of action " + own.Label, Text: own.Text},
		{Name: "question about " + own.Label, Text: question}},
		"Phase 4, a question about your course of action "+own.Label+". A challenger who will attack every course "+
			"of action asks the question above before doing so. "+anonymityNote+" Answer it directly and briefly: "+
			"state the assumption, the figure or the step it asks for, or say plainly that the course of action does "+
			"not cover it. Do not change the course of action here.\n", nonEmpty)
}

func nonEmpty(text string) error {
	if strings.TrimSpace(text) == "" {
		return errors.New("the answer is empty")
	}
	return nil
}

// askAuthors runs the red team's questions and the addressed authors' answers, and returns
// them as the clarifications the challengers read. A question call that fails or asks nothing
// leaves phase 4 as it is one-shot.
func (s *state) askAuthors(ctx context.Context) ([]panel.Labeled, error) {
	view := s.coaView()
	spec, err := s.kit.questions(s.situation(), view)
	p, err := s.one(ctx, keyQuestions, "Phase 4: questions to the authors", spec, err)
	if err != nil {
		return nil, err
	}
	c, ok := p.Only()
	if !ok {
		return nil, nil
	}
	if _, err := s.addNode("question", 1, record.AnonymousLabel(0), c.Text, c.Role, c.At, ""); err != nil {
		return nil, err
	}
	qs, _ := parseQuestions(c.Text, panel.Labels(view))
	if len(qs) == 0 {
		s.rec.Notes = append(s.rec.Notes, "Agent-teams: the red team asked the authors nothing before its challenge.")
		return nil, nil
	}
	var ts []panel.Task
	for _, q := range qs {
		i := slices.IndexFunc(s.rec.COAs, func(x coa) bool { return x.Label == q.Label })
		spec, err := s.kit.answer(s.rec.COAs[i].Author, view[i], q.Question)
		if err != nil {
			return nil, err
		}
		ts = append(ts, panel.Task{Name: q.Label, Spec: spec})
	}
	ap, err := panel.FanOut(ctx, s.r, keyAnswers, "Phase 4: the authors answer", ts, 0)
	if err != nil {
		return nil, err
	}
	s.absorb(ap)
	var out []panel.Labeled
	for i, q := range qs {
		if a, ok := contributionNamed(ap, q.Label); ok {
			qs[i].Answer = a.Text
			if _, err := s.addNode("answer", 1, q.Label, a.Text, a.Role, a.At, ""); err != nil {
				return nil, err
			}
		}
		out = append(out, panel.Labeled{Label: q.Label, Text: clarification(qs[i])})
	}
	s.rec.Questions = qs
	return out, nil
}

func contributionNamed(p phaseResult, name string) (contribution, bool) {
	for _, c := range p.Contributions {
		if c.Name == name {
			return c, true
		}
	}
	return contribution{}, false
}

// clarification is a question and its answer as the challengers read them.
func clarification(q authorQuestion) string {
	answer := q.Answer
	if answer == "" {
		answer = "(the author gave no answer)"
	}
	return "Question: " + q.Question + "\n\nThe author's answer:\n\n" + answer
}

// chainPremortems runs the premortems one after another in a seeded order, each seat reading
// the ones written before it. A failed one is a gap; the chain goes on without it.
func (s *state) chainPremortems(ctx context.Context, finalists []panel.Labeled) error {
	voters := shuffled(voters(s.rec.Mode, s.opts.PlanReview), s.r.Rand(keyPremortem+"/chain"))
	var earlier []panel.Labeled
	for i, role := range voters {
		spec, err := s.kit.premortemAfter(role, finalists, s.rec.Challenges, earlier)
		p, err := s.one(ctx, fmt.Sprintf("%s/chain-%d", keyPremortem, i+1), fmt.Sprintf("Phase 6: premortem %d of %d", i+1, len(voters)), spec, err)
		if err != nil {
			return err
		}
		c, ok := p.Only()
		if !ok {
			continue
		}
		label := record.AnonymousLabel(len(earlier))
		if _, err := s.addNode("premortem", 1, label, c.Text, c.Role, c.At, ""); err != nil {
			return err
		}
		earlier = append(earlier, panel.Labeled{Label: label, Text: c.Text})
	}
	s.rec.Premortems = earlier
	return nil
}

// premortemAfter is the premortem prompt with the premortems already written, to build on.
func (k kit) premortemAfter(role string, finalists, challenges, earlier []panel.Labeled) (engine.CallSpec, error) {
	if len(earlier) == 0 {
		return k.premortem(role, finalists, challenges)
	}
	return k.spec(role, append(engine.Shared(append(labeled("finalist", finalists), labeled("challenge report", challenges)...)...),
		labeled("earlier premortem", earlier)...), premortemTask(finalists)+
		"\nOther seats have already written the premortems attached ("+labels(earlier)+"). Build on them: extend a "+
		"failure they found to where it leads, or add one they missed; do not restate what they said.\n",
		premortemContract)
}

// ownBallot is role's ballot of the latest vote round, as it wrote it ("" when it cast none).
func (s *state) ownBallot(role string) string {
	if !s.teams() || len(s.rec.Rounds) == 0 {
		return ""
	}
	last := s.rec.Rounds[len(s.rec.Rounds)-1]
	if i := slices.Index(last.Voters, role); i >= 0 && i < len(last.Texts) {
		return last.Texts[i]
	}
	return ""
}

// withOwnBallot adds a member's own earlier ballot to a Delphi prompt, so that it revises or
// re-votes from its own reasoning rather than from scratch.
func withOwnBallot(in []engine.NamedText, ballot string) []engine.NamedText {
	if ballot == "" {
		return in
	}
	return append(in, engine.NamedText{Name: "your ballot in the previous round", Text: ballot})
}
