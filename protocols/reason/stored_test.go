package reason

import (
	"context"
	"errors"
	"testing"

	"github.com/war-room/war-room/engine"
)

// The plan a report prints after a resume is the one the run stored, seed for seed.
func TestStoredPlanIsTheAssignmentThatRan(t *testing.T) {
	for _, seed := range []int64{2, 3} {
		h := newHarness(t, conformingScript(), twoFamilies)
		opts := deep("claude", "gpt")
		res := h.start(opts, seed, "", nil)
		noErr(t, res.err)
		got, err := storedPlan(context.Background(), h.store, res.run.Session().ID)
		noErr(t, err)
		want, err := Assign(opts, seed, Families(h.profiles))
		noErr(t, err)
		eq(t, want, got, "seed", seed)
		eq(t, res.decision.Independence, got.Independence)
	}
	h := newHarness(t, conformingScript(), twoFamilies)
	if _, err := storedPlan(context.Background(), h.store, "wr-none"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("want ErrNotFound for an unknown session, got %v", err)
	}
}
