package warroom

import (
	"strings"
	"testing"
)

// A decider that chooses other than the option the Borda count put first must say why not the
// leader, naming it; choosing the leader, or no vote at all, asks nothing more.
func TestOverridingTheCountNeedsAReason(t *testing.T) {
	choices := []string{"Response A", "Response B"}
	synthesis := func(rationale, selected string) string {
		return "## Context\nc\n## Selected approach\na\n## Rationale\n" + rationale + "\n## Implementation orders\n1. x\n" +
			"## Watch points\n- w\n## Consequences\nc\n## Dissenting views\nNone\n## Rejected alternatives\n- Response B: slow\n\n" +
			"CONFIDENCE: medium, one month of data\nSELECTED: " + selected
	}
	err := synthesisContract(choices, "Response B")(synthesis("Cheapest to undo.", "Response A"))
	if err == nil || !strings.Contains(err.Error(), "why not Response B") {
		t.Errorf("an unexplained override passed the contract: %v", err)
	}
	for _, tc := range []struct{ rationale, selected, leader string }{
		{"Cheapest to undo; Response B needs a team we do not have.", "Response A", "Response B"},
		{"Cheapest to undo.", "Response B", "Response B"},
		{"Cheapest to undo.", "Response A", ""},
	} {
		if err := synthesisContract(choices, tc.leader)(synthesis(tc.rationale, tc.selected)); err != nil {
			t.Errorf("%+v: %v", tc, err)
		}
	}
	syn, err := parseSynthesis(synthesis("r", "Response A"), choices)
	if err != nil || syn.Confidence != "medium, one month of data" || strings.Contains(syn.Rationale, "CONFIDENCE") {
		t.Errorf("confidence %q, rationale %q, err %v", syn.Confidence, syn.Rationale, err)
	}
}
