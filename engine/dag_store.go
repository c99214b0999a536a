package engine

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/war-room/war-room/engine/record"
)

// SaveDAG stores d as the session's record.DAGArtifact.
func SaveDAG(ctx context.Context, s Store, d *record.DAG) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("encode merkle dag: %w", err)
	}
	if err := s.PutArtifact(ctx, d.SessionID, record.DAGArtifact, b); err != nil {
		return fmt.Errorf("store merkle dag: %w", err)
	}
	return nil
}

// LoadDAG reads a session's stored DAG as it is, without checking it (see VerifyDAG).
func LoadDAG(ctx context.Context, s Store, sessionID string) (*record.DAG, error) {
	b, err := s.GetArtifact(ctx, sessionID, record.DAGArtifact)
	if err != nil {
		return nil, fmt.Errorf("read merkle dag of %s: %w", sessionID, err)
	}
	var d record.DAG
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("decode merkle dag of %s: %w", sessionID, err)
	}
	return &d, nil
}
