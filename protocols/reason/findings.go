package reason

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/decision"
)

// findingsSection is what the chain established on the way to its answer, which the answer
// alone does not say: the premise verdict, and per pass the claims the attack went for and
// what it found off that vector.
func (c *chain) findingsSection() decision.Section {
	t := &decision.Table{Columns: []string{"Step", "Finding"}}
	if v, err := premiseVerdict(c.done[keyPremise].Text); err == nil {
		if c.forced {
			v += " (answered anyway: a human chose to proceed)"
		}
		t.Rows = append(t.Rows, []string{"Premise check", v})
	}
	for pass := 1; pass <= c.plan.Passes; pass++ {
		if v := vectorText(c.done[keyClaimMap(pass)].Text); v != "" {
			t.Rows = append(t.Rows, []string{fmt.Sprintf("Attack vector, pass %d", pass), v})
		}
		if f, ok := offVector(c.done[keyAttack(pass)].Text); ok {
			if f == noOffVectorFinding {
				f = "nothing found"
			}
			t.Rows = append(t.Rows, []string{fmt.Sprintf("Off the vector, pass %d", pass), f})
		}
	}
	return decision.Section{Key: "findings", Title: "What the chain found", Table: t}
}

// vectorText is what the claim map's attack_vector lines say, joined.
func vectorText(claimMap string) string {
	var parts []string
	for _, m := range vectorLine.FindAllStringSubmatch(claimMap, -1) {
		if v := strings.TrimSpace(m[1]); v != "" {
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, "; ")
}
