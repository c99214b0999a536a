package reason

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// storedPlan returns the plan a session was run with, as its first step stored it, so that
// a report printed after a resume shows the assignment that actually ran.
func storedPlan(ctx context.Context, st engine.Store, sessionID string) (Plan, error) {
	b, err := st.GetStep(ctx, sessionID, keyPlan)
	if err != nil {
		return Plan{}, fmt.Errorf("reason: plan of %s: %w", sessionID, err)
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return Plan{}, fmt.Errorf("reason: plan of %s: %w", sessionID, err)
	}
	return p, nil
}
