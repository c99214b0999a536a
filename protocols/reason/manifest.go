package reason

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Artifact names beside the role artifacts.
const (
	manifestArtifact = "RUN.json"
	failureArtifact  = "CHAIN_FAILURE.md"
	decisionArtifact = "decision.json"
)

// Manifest says what a run is supposed to be, written before the first call so that a reader
// can check the topology that ran against the one that was asked for.
type Manifest struct {
	RunID         string        `json:"run_id"`
	Protocol      string        `json:"protocol"`
	Profile       effortProfile `json:"profile"`
	Passes        int           `json:"passes"`
	HighAssurance bool          `json:"high_assurance"`
	Seed          int64         `json:"seed"`
	SeedSource    string        `json:"seed_source"`
	// Independence is derived from the resolved profiles, never copied from a label.
	Independence        string        `json:"independence"`
	IndependenceReasons []string      `json:"independence_reasons,omitempty"`
	Orientation         int           `json:"orientation"`
	ExpectedCalls       int           `json:"expected_calls"`
	ExpectedArtifacts   []string      `json:"expected_artifacts"`
	Roles               []Slot        `json:"roles"`
	Inputs              []inputDigest `json:"inputs"`
}

// inputDigest names a verbatim input, the file it is kept in and its SHA-256.
type inputDigest struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	SHA256 string `json:"sha256"`
}

// newManifest describes a session and its plan.
func newManifest(s *engine.Session, p Plan) Manifest {
	m := Manifest{RunID: s.ID, Protocol: Protocol, Profile: p.EffortProfile, Passes: p.Passes,
		HighAssurance: p.HighAssurance, Seed: s.Seed, SeedSource: s.SeedSource,
		Independence: p.Independence, IndependenceReasons: p.IndependenceReasons,
		Orientation: p.Orientation, ExpectedCalls: p.ExpectedCalls(),
		ExpectedArtifacts: p.ExpectedArtifacts(), Roles: p.Slots}
	for _, in := range s.Inputs {
		m.Inputs = append(m.Inputs, inputDigest{Name: in.Name, File: in.Name + ".md", SHA256: in.SHA256})
	}
	return m
}

func putJSON(ctx context.Context, r *engine.Run, name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", name, err)
	}
	return r.PutArtifact(ctx, name, append(b, '\n'))
}
