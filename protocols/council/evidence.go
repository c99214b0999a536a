package council

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/evidence"
)

// Limits on evidence requests.
const (
	// maxRequestsPerSeat bounds one seat's requests in one phase.
	maxRequestsPerSeat = 3
	// maxRequestsPerSession bounds a session's requests.
	maxRequestsPerSession = 12
)

// secEvidence is the optional section a seat asks for probes in.
const secEvidence = "Evidence requests"

func keyEvidence(after string) string { return "evidence-" + after }

// evidenceHelp tells a seat how to ask the repository, when the session has one.
func (k kit) evidenceHelp() string {
	if !k.opts.Evidence.Available() {
		return ""
	}
	return "\nIf a fact you rely on or doubt can be checked in the repository, you may add a section \"## " + secEvidence +
		"\" with at most " + fmt.Sprint(maxRequestsPerSeat) + " lines, each one of: `read PATH`, `read PATH:FROM-TO`, " +
		"`search \"TEXT\"` (optionally followed by `in PATH`), `list DIR`, `log PATH`. They run read-only on the " +
		"repository at the session's commit, every member sees the results in the next phase, and anything else is refused.\n"
}

// evidenceInputs are the results so far, each its own fenced input.
func (k kit) evidenceInputs() []engine.NamedText {
	if k.ev == nil {
		return nil
	}
	out := make([]engine.NamedText, 0, len(*k.ev))
	for _, r := range *k.ev {
		out = append(out, engine.NamedText{Name: "evidence " + r.ID, Text: r.Text()})
	}
	return out
}

// probe answers the evidence requests a phase's contributions made, as one stored step, so
// that a resumed session reads exactly what the first run read. Requests past a seat's or the
// session's limit are refused like any other.
func (s *state) probe(ctx context.Context, after string, p phaseResult) error {
	done := len(s.rec.Evidence)
	res, err := engine.Step(ctx, s.r, keyEvidence(after), func(ctx context.Context) ([]evidence.Result, error) {
		g := s.r.Prober(s.opts.Evidence)
		var out []evidence.Result
		for _, c := range inLabelOrder(p) {
			for i, asked := range items(sections(c.Text)[headingKey(secEvidence)]) {
				r := evidence.Result{Asked: asked}
				switch {
				case i >= maxRequestsPerSeat:
					r.Refused = fmt.Sprintf("a seat may ask for at most %d probes in one phase", maxRequestsPerSeat)
				case done+len(out) >= maxRequestsPerSession:
					r.Refused = fmt.Sprintf("a session may ask for at most %d probes", maxRequestsPerSession)
				default:
					r = evidence.Answer(ctx, g, asked)
				}
				r.ID, r.By, r.Phase = fmt.Sprintf("E%d", done+len(out)+1), c.Label, p.Title
				out = append(out, r)
			}
		}
		return out, nil
	})
	if err != nil {
		return err
	}
	s.rec.Evidence = append(s.rec.Evidence, res...)
	if len(res) > 0 {
		s.narrateEvidence(res)
	}
	return nil
}

func (s *state) narrateEvidence(rs []evidence.Result) {
	var lines []string
	for _, r := range rs {
		what := "answered"
		switch {
		case r.Refused != "":
			what = "refused: " + r.Refused
		case r.Failed != "":
			what = "no answer: " + r.Failed
		}
		lines = append(lines, fmt.Sprintf("%s %s asked %q — %s", r.ID, r.By, clip(r.Asked), what))
	}
	s.digest("Evidence", "Evidence", lines)
	for _, r := range rs {
		s.r.Narrate(events.Narration{Kind: events.NarrateTurn, Phase: "Evidence", Title: r.ID, Text: strings.TrimSpace(r.Text())})
	}
}

// evidenceSummary is the record's account of every request, attributed.
func (s *state) evidenceSummary() (decision.PhaseSummary, bool) {
	if len(s.rec.Evidence) == 0 {
		return decision.PhaseSummary{}, false
	}
	parts := []decision.PhasePart{decision.TextPart(fmt.Sprintf("Probes run read-only on the repository at commit %s.",
		orDefault(s.opts.Evidence.Commit, "(none: no repository)")))}
	for _, r := range s.rec.Evidence {
		parts = append(parts, decision.HeadingPart(r.ID+" — "+s.who(r.By)), decision.CodePart(r.Text()))
	}
	return decision.PhaseSummary{Key: "evidence", Title: "Evidence", Parts: parts}, true
}

// evidenceNote counts what was asked and what was refused.
func (s *state) evidenceNote() (string, bool) {
	answered, refused := 0, 0
	for _, r := range s.rec.Evidence {
		if r.Refused != "" || r.Failed != "" {
			refused++
		} else {
			answered++
		}
	}
	if answered+refused == 0 {
		return "", false
	}
	return fmt.Sprintf("Evidence: %d request(s) answered from the repository, %d refused or unanswered (see the Evidence phase).", answered, refused), true
}
