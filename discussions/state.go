package discussions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// StateStore keeps what the publisher wrote, so that a retry or a later run knows it without
// asking GitHub. Keys are opaque strings chosen by the publisher.
type StateStore interface {
	// Get returns the value stored under key, or an error wrapping engine.ErrNotFound.
	Get(ctx context.Context, key string) ([]byte, error)
	// Put stores value under key durably before returning, replacing any earlier value.
	Put(ctx context.Context, key string, value []byte) error
}

// recordKind is the engine.Store record kind publication state is kept under.
const recordKind = "publication"

// RecordState is a StateStore over engine.Store records of kind RecordKind.
type RecordState struct{ Store engine.Store }

var _ StateStore = RecordState{}

// Get implements StateStore.
func (s RecordState) Get(ctx context.Context, key string) ([]byte, error) {
	return s.Store.GetRecord(ctx, recordKind, key)
}

// Put implements StateStore.
func (s RecordState) Put(ctx context.Context, key string, value []byte) error {
	return s.Store.PutRecord(ctx, recordKind, key, value)
}

// MemoryState is a StateStore in memory, for a one-off publish with nothing to persist.
type MemoryState map[string][]byte

var _ StateStore = MemoryState{}

// Get implements StateStore.
func (m MemoryState) Get(_ context.Context, key string) ([]byte, error) {
	v, ok := m[key]
	if !ok {
		return nil, fmt.Errorf("state %s: %w", key, engine.ErrNotFound)
	}
	return append([]byte(nil), v...), nil
}

// Put implements StateStore.
func (m MemoryState) Put(_ context.Context, key string, value []byte) error {
	m[key] = append([]byte(nil), value...)
	return nil
}

// loadJSON reads key into v; found is false when nothing is stored.
func loadJSON(ctx context.Context, s StateStore, key string, v any) (found bool, err error) {
	raw, err := s.Get(ctx, key)
	if errors.Is(err, engine.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read publication state %s: %w", key, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return false, fmt.Errorf("decode publication state %s: %w", key, err)
	}
	return true, nil
}

func saveJSON(ctx context.Context, s StateStore, key string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode publication state %s: %w", key, err)
	}
	if err := s.Put(ctx, key, raw); err != nil {
		return fmt.Errorf("write publication state %s: %w", key, err)
	}
	return nil
}
