package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine/record"
)

// dag records every artifact the chain produced as a contribution of the session's Merkle DAG,
// in chain order, attributed to the slot's profile. Artifacts are what later roles are fed, so
// the DAG commits to exactly what the chain reasoned from; a resumed run rebuilds the same DAG
// from its stored steps.
func (c *chain) dag() (*record.DAG, error) {
	d := record.NewDAG(c.s.ID)
	for _, s := range c.plan.Slots {
		a, ok := c.done[s.Key]
		if !ok {
			continue
		}
		author := record.Attribution{Role: s.Role, Profile: s.Profile, Family: s.Family}
		if p, err := c.r.Profiles().Get(s.Profile); err == nil {
			author.Provider, author.Model = p.Type, p.Model
		}
		if _, err := d.Add(a.Text, s.Role, max(s.Pass, 1), s.Artifact, author, "", a.At); err != nil {
			return d, fmt.Errorf("reason: %w", err)
		}
	}
	d.Unseal() // the chain shows artifacts by name only; no role is told who wrote them
	return d, nil
}
