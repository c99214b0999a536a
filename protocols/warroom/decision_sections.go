package warroom

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// typeLabel names the repository label of each decision type.
var typeLabel = map[string]string{type2: "type-2", type1B: "type-1b", type1A: "type-1a", type1APlus: "type-1a-plus"}

// typeLabels are the labels a decision of type typ asks the publisher for.
func typeLabels(typ string) []string {
	if l, ok := typeLabel[strings.ToUpper(typ)]; ok {
		return []string{l}
	}
	return nil
}

// reversibilitySection is the Phase 0 assessment as the record shows it: the verdict with
// the mode the deliberation ran in (and the one the score recommended, where they differ),
// then each dimension's score and why.
func (s *state) reversibilitySection() engine.Section {
	rev := s.rec.Rev
	text := fmt.Sprintf("**RS %.2f · type %s · mode %s**", rev.Score, rev.Type, s.rec.Mode)
	if s.rec.Mode != s.rec.Recommend {
		text += fmt.Sprintf(" (the score recommends %s)", s.rec.Recommend)
	}
	t := &engine.Table{Columns: []string{"Dimension", "Score", "Why"}}
	for _, d := range rev.Dimensions {
		t.Rows = append(t.Rows, []string{d.Name, fmt.Sprintf("%d/5", d.Score), d.Rationale})
	}
	return engine.Section{Key: "reversibility", Title: "Reversibility", Text: text, Table: t}
}
