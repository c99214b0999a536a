package warroom

import (
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// The panel toolkit's types, under the names this protocol's code and stored steps use.
type (
	// contribution is one expert's answer in one phase.
	contribution = panel.Contribution
	// gap is an expert that produced nothing where it was asked to contribute.
	gap = panel.Gap
	// phaseResult is a phase's memoised aggregate.
	phaseResult = panel.PhaseResult
)

// describe names a gap for a reader.
func describe(g gap) string { return g.Describe(roleTitle) }

// tasks builds one task per seat with build.
func tasks(seats []string, build func(role string) (engine.CallSpec, error)) ([]panel.Task, error) {
	out := make([]panel.Task, 0, len(seats))
	for _, role := range seats {
		spec, err := build(role)
		if err != nil {
			return nil, err
		}
		out = append(out, panel.Task{Name: role, Spec: spec})
	}
	return out, nil
}
