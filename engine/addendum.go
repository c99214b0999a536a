package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/outcome"
)

// VerifyOutcomes checks a decision's chain of outcome addenda against its root, as verify
// reports problems (VerifySession checks a stored chain with it; the publisher a published one).
func VerifyOutcomes(session, root string, chain []outcome.Addendum) []Problem {
	var out []Problem
	for _, p := range outcome.Verify(session, root, chain) {
		out = append(out, Problem{Kind: ProblemOutcome, Name: p.Name, Field: p.Field, Stored: p.Stored, Recomputed: p.Recomputed})
	}
	return out
}

// Outcomes reads a session's outcome addenda (none when nothing was recorded).
func Outcomes(ctx context.Context, st Store, id string) ([]outcome.Addendum, error) {
	raw, err := st.GetArtifact(ctx, id, outcome.Artifact)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the outcomes of %s: %w", id, err)
	}
	var chain []outcome.Addendum
	if err := json.Unmarshal(raw, &chain); err != nil {
		return nil, fmt.Errorf("the outcomes of %s do not read as JSON (edited?): %w", id, err)
	}
	return chain, nil
}

// RecordOutcome adds an outcome to a sealed decision in the store, after verifying the session,
// its outcomes included: an outcome is never added to a record that no longer verifies.
func RecordOutcome(ctx context.Context, st Store, id, verdict, note, by, source string, at time.Time) (outcome.Addendum, error) {
	d, err := VerifiedDecision(ctx, st, id)
	if err != nil {
		return outcome.Addendum{}, err
	}
	chain, err := Outcomes(ctx, st, id)
	if err != nil {
		return outcome.Addendum{}, err
	}
	a, err := outcome.Next(chain, id, d.MerkleRoot, verdict, note, by, source, at)
	if err != nil {
		return outcome.Addendum{}, err
	}
	raw, err := json.MarshalIndent(append(chain, a), "", "  ")
	if err != nil {
		return outcome.Addendum{}, err
	}
	if err := st.PutArtifact(ctx, id, outcome.Artifact, raw); err != nil {
		return outcome.Addendum{}, fmt.Errorf("store the outcome of %s: %w", id, err)
	}
	return a, nil
}
