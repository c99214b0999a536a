package warroom

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/decision"
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

// latestRev is the reversibility assessment the decision stands on: the re-score after an
// escalation where there was one, else phase 0's.
func (s *state) latestRev() reversibility {
	if s.rec.Rescore != nil {
		return *s.rec.Rescore
	}
	return s.rec.Rev
}

// reversibilitySections are the Phase 0 assessment as the record shows it: the verdict with
// the mode the deliberation ran in (and the one the score recommended, where they differ),
// then each dimension's score and why; after an escalation that grew the panel, the re-score
// follows in the same form.
func (s *state) reversibilitySections() []decision.Section {
	rev := s.rec.Rev
	text := fmt.Sprintf("**RS %.2f · type %s · mode %s**", rev.Score, rev.Type, s.rec.Mode)
	if s.rec.Mode != s.rec.Recommend {
		text += fmt.Sprintf(" (the score recommends %s)", s.rec.Recommend)
	}
	out := []decision.Section{{Key: "reversibility", Title: "Reversibility", Text: text, Table: scoreTable(rev)}}
	if r := s.rec.Rescore; r != nil {
		out = append(out, decision.Section{Key: "reversibility-rescored", Title: "Reversibility, re-scored after the escalation",
			Text:  fmt.Sprintf("**RS %.2f · type %s** (phase 0 scored %.2f, type %s; the re-score recommends %s)", r.Score, r.Type, rev.Score, rev.Type, r.Mode),
			Table: scoreTable(*r)})
	}
	return out
}

func scoreTable(rev reversibility) *decision.Table {
	t := &decision.Table{Columns: []string{"Dimension", "Score", "Why"}}
	for _, d := range rev.Dimensions {
		t.Rows = append(t.Rows, []string{d.Name, fmt.Sprintf("%d/5", d.Score), d.Rationale})
	}
	return t
}
