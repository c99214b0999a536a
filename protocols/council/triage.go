package council

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// The triage gate and its answers, and the step its classification is stored under.
const (
	gateTriage = "convene-anyway"
	answerDrop = "drop"
	keyTriage  = "triage"
)

// Shapes triage sorts questions into.
const (
	shapeTeam   = "team"
	shapeSingle = "single"
)

// triageResult is triage's classification, or the class of the call that produced none.
type triageResult struct {
	Shape string `json:"shape,omitempty"`
	Why   string `json:"why,omitempty"`
	// Failed is the failure class when triage gave no usable answer: no classification is
	// then made up, and the team convenes.
	Failed string `json:"failed,omitempty"`
	// Unfinished says the team was called on triage's judgment as its answer streamed in
	// (team), and that answer then did not finish as it began (cut short, or asked again):
	// the judgment the seats were called on stands, and Why is as far as the answer got.
	Unfinished bool `json:"unfinished,omitempty"`
}

var shapeLine = regexp.MustCompile(`(?im)` + lead + `SHAPE[*_]*\s*:[*_\s]*([a-z-]+)`)

// shapeIn reads text's first SHAPE line: the word it gives, lower-cased, and where that line
// ends (len(text) when no newline follows it yet). A line that names both shapes (the
// template echoed back) gives no word. found is false when there is no SHAPE line.
//
// The first line decides, so a line read from the start of an answer still streaming, once
// a newline follows it, is the line the whole answer is read by (see streamedShape).
func shapeIn(text string) (shape string, end int, found bool) {
	m := shapeLine.FindStringSubmatchIndex(text)
	if m == nil {
		return "", 0, false
	}
	end = len(text)
	if i := strings.IndexByte(text[m[3]:], '\n'); i >= 0 {
		end = m[3] + i
	}
	shape = strings.ToLower(text[m[2]:m[3]])
	rest := strings.ToLower(text[m[3]:end])
	if shape == shapeTeam && strings.Contains(rest, shapeSingle) || shape == shapeSingle && strings.Contains(rest, shapeTeam) {
		shape = ""
	}
	return shape, end, true
}

// streamedShape is the shape the start of an answer has settled: its first SHAPE line's
// word once that line is complete, else "".
func streamedShape(text string) string {
	shape, end, found := shapeIn(text)
	if !found || end == len(text) {
		return ""
	}
	return shape
}

// parseTriage reads triage's answer: its first SHAPE line (team or single) and its reason,
// under "## Why" or, without that heading, whatever follows the SHAPE line. A single-agent
// shape needs its reason (the gate quotes it to a person); a team shape may come without one.
func parseTriage(text string) (triageResult, error) {
	shape, end, found := shapeIn(text)
	if !found {
		return triageResult{}, fmt.Errorf("write a line \"SHAPE: %s\" or \"SHAPE: %s\" first", shapeTeam, shapeSingle)
	}
	if shape != shapeTeam && shape != shapeSingle {
		line := strings.TrimSpace(text[strings.LastIndexByte(text[:end], '\n')+1 : end])
		return triageResult{}, fmt.Errorf("the first SHAPE line reads %q: give one shape, %s or %s", line, shapeTeam, shapeSingle)
	}
	why := triageWhy(text[end:])
	if why == "" && shape == shapeSingle {
		return triageResult{}, errors.New("missing or empty section: ## Why")
	}
	return triageResult{Shape: shape, Why: why}, nil
}

// triageWhy is the reason that follows a SHAPE line: its Why section, or, when there is
// none, the text itself less any heading line.
func triageWhy(after string) string {
	if why := strings.TrimSpace(sections(after)[headingKey("Why")]); why != "" {
		return why
	}
	var lines []string
	for l := range strings.Lines(after) {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			lines = append(lines, l)
		}
	}
	return strings.TrimSpace(strings.Join(lines, ""))
}

func (k kit) triage() (engine.CallSpec, error) {
	spec, err := k.spec(k.plan.Triage, nil, "Triage. Do not answer the question above. Say whether it needs a team "+
		"of members with conflicting briefs arguing over it, or whether one careful answer would do as well. "+
		"Answer in markdown:\n\nSHAPE: "+shapeTeam+" | "+shapeSingle+"\n\n## Why\n<one or two sentences>\n",
		func(text string) error { _, err := parseTriage(text); return err })
	spec.MaxTokens = 300
	return spec, err
}

// triage classifies the question once, before any seat call, and stores what it found; a
// call that fails is recorded as such, never turned into a classification.
//
// When seen is set, it is called (once) as soon as triage's answer, streaming in, has said
// on its first SHAPE line that the question needs a team: nothing else triage writes can
// change that, so the caller may call the seats while triage finishes its reason. From then
// on the judgment stands: should that answer be cut short, or a later attempt answer
// otherwise, the result is still the team, with the reason as far as it got (Unfinished).
func (s *state) triage(ctx context.Context, seen func()) (triageResult, error) {
	return engine.Step(ctx, s.r, keyTriage, func(ctx context.Context) (triageResult, error) {
		spec, err := s.kit.triage()
		if err != nil {
			return triageResult{}, err
		}
		var teamAt int   // the attempt whose answer said team as it streamed, if any
		var sofar string // that attempt's text, as far as it came
		if seen != nil {
			spec.Watch = func(attempt int, text string) {
				if teamAt == 0 && streamedShape(text) == shapeTeam {
					teamAt = attempt
					seen()
				}
				if attempt == teamAt {
					sofar = text
				}
			}
		}
		c, err := panel.One(ctx, s.r, keyTriage+"/call", "Triage", panel.Task{Name: Triage, Spec: spec})
		var ce *engine.CallError
		switch {
		case err != nil && (!errors.As(err, &ce) || ctx.Err() != nil):
			// A run that stopped has judged nothing: the step stays unstored, and a resume
			// asks triage again.
			return triageResult{}, err
		case teamAt > 0:
			if err == nil {
				if t, perr := parseTriage(c.Text); perr == nil && t.Shape == shapeTeam {
					return t, nil
				}
			}
			_, end, _ := shapeIn(sofar)
			return triageResult{Shape: shapeTeam, Why: triageWhy(sofar[end:]), Unfinished: true}, nil
		case err != nil:
			return triageResult{Failed: ce.Class}, nil
		}
		return parseTriage(c.Text)
	})
}

// triageQuestion is what the triage gate asks, in war-room's words: what triage found and
// what the team costs. Triage's reason is a model's, so it is not part of the question but
// the gate's excerpt (quoted wherever the gate is shown).
func triageQuestion(card string) string {
	return "Triage judged this question single-agent-shaped; its reason is quoted below. One careful answer would " +
		"likely do as well as the team. Convene the team anyway? Answer " + answerProceed + " to convene, or " +
		answerDrop + " to stop here (nothing more is spent).\n\n" + card
}

// triageNote says in the record what triage found and what was done about it.
func (s *state) triageNote(t triageResult) string {
	switch {
	case t.Failed != "":
		return "Triage gave no usable answer (" + t.Failed + "); the team convened without a classification."
	case t.Shape == shapeSingle:
		return "Triage judged the question single-agent-shaped (" + t.Why + "); a person chose to convene the team anyway."
	}
	return teamFound(t)
}

// teamFound says that triage judged the question needs a team, with its reason as far as
// there is one.
func teamFound(t triageResult) string {
	out := "Triage judged that the question needs a team"
	switch {
	case t.Unfinished:
		out += ", and the team was called on that judgment as the answer came in; the answer then did not finish as it began"
		if t.Why != "" {
			out += ", and its reason is as far as it got: " + t.Why
		}
		return out + "."
	case t.Why == "":
		return out + " (it gave no reason)."
	}
	return out + ": " + t.Why
}

// triageFound is what triage found, as a narrator tells it before any gate.
func (s *state) triageFound(t triageResult) string {
	switch {
	case t.Failed != "":
		return "Triage gave no usable answer (" + t.Failed + "): the team convenes."
	case t.Shape == shapeSingle:
		return "Triage judged the question single-agent-shaped: " + t.Why
	}
	return teamFound(t)
}
