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
}

var shapeLine = regexp.MustCompile(`(?im)` + lead + `SHAPE[*_]*\s*:[*_\s]*([a-z-]+)`)

// parseTriage reads triage's answer: one SHAPE line (team or single) and a reason.
func parseTriage(text string) (triageResult, error) {
	ms := shapeLine.FindAllStringSubmatch(text, -1)
	if len(ms) != 1 {
		return triageResult{}, fmt.Errorf("write exactly one line \"SHAPE: %s\" or \"SHAPE: %s\"; found %d", shapeTeam, shapeSingle, len(ms))
	}
	shape := strings.ToLower(ms[0][1])
	if shape != shapeTeam && shape != shapeSingle {
		return triageResult{}, fmt.Errorf("SHAPE is %q: write %s or %s", shape, shapeTeam, shapeSingle)
	}
	why := strings.TrimSpace(sections(shapeLine.ReplaceAllString(text, ""))[headingKey("Why")])
	if why == "" {
		return triageResult{}, errors.New("missing or empty section: ## Why")
	}
	return triageResult{Shape: shape, Why: why}, nil
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
func (s *state) triage(ctx context.Context) (triageResult, error) {
	return engine.Step(ctx, s.r, keyTriage, func(ctx context.Context) (triageResult, error) {
		spec, err := s.kit.triage()
		if err != nil {
			return triageResult{}, err
		}
		c, err := panel.One(ctx, s.r, keyTriage+"/call", "Triage", panel.Task{Name: Triage, Spec: spec})
		var ce *engine.CallError
		switch {
		case errors.As(err, &ce):
			return triageResult{Failed: ce.Class}, nil
		case err != nil:
			return triageResult{}, err
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
	return "Triage judged that the question needs a team: " + t.Why
}

// triageFound is what triage found, as a narrator tells it before any gate.
func (s *state) triageFound(t triageResult) string {
	switch {
	case t.Failed != "":
		return "Triage gave no usable answer (" + t.Failed + "): the team convenes."
	case t.Shape == shapeSingle:
		return "Triage judged the question single-agent-shaped: " + t.Why
	}
	return "Triage judged that the question needs a team: " + t.Why
}
