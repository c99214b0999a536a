package github

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
)

// recordStore is the part of engine.Store a StoreLimiter needs.
type recordStore interface {
	GetRecord(ctx context.Context, kind, key string) ([]byte, error)
	CreateRecord(ctx context.Context, kind, key string, value []byte) error
	SwapRecord(ctx context.Context, kind, key string, old, next []byte) (bool, error)
}

var _ recordStore = engine.Store(nil)

// spacingRecordKind is the record kind StoreLimiter keeps its times under, one record per Key.
const spacingRecordKind = "github-write-spacing"

// maxSwaps bounds the compare-and-swap rounds of one claim; each lost round means another
// process claimed a slot meanwhile, so running out takes a crowd of replicas.
const maxSwaps = 64

// StoreLimiter is a Limiter over a store every replica shares: per Key, one record holds
// "the next write not before" time, claimed with compare-and-swap, so that writes of one
// installation keep their spacing whichever replica sends them.
type StoreLimiter struct{ Store recordStore }

var _ limiter = StoreLimiter{}

// Reserve implements Limiter.
func (l StoreLimiter) Reserve(ctx context.Context, key string, now time.Time, spacing time.Duration) (time.Time, error) {
	for range maxSwaps {
		old, notBefore, err := l.load(ctx, key)
		if errors.Is(err, engine.ErrNotFound) {
			err = l.Store.CreateRecord(ctx, spacingRecordKind, key, encodeTime(now.Add(spacing)))
			if err == nil {
				return now, nil
			}
			if errors.Is(err, engine.ErrExists) {
				continue // another replica created it first
			}
		}
		if err != nil {
			return time.Time{}, fmt.Errorf("claim a write slot for %s: %w", key, err)
		}
		slot := now
		if notBefore.After(slot) {
			slot = notBefore
		}
		ok, err := l.Store.SwapRecord(ctx, spacingRecordKind, key, old, encodeTime(slot.Add(spacing)))
		if err != nil {
			return time.Time{}, fmt.Errorf("claim a write slot for %s: %w", key, err)
		}
		if ok {
			return slot, nil
		}
	}
	return time.Time{}, fmt.Errorf("claim a write slot for %s: %d other claims came first", key, maxSwaps)
}

// Release implements Limiter: the next slot moves to spacing after the answer, unless a
// later claim moved it further already.
func (l StoreLimiter) Release(ctx context.Context, key string, answered time.Time, spacing time.Duration) error {
	want := answered.Add(spacing)
	for range maxSwaps {
		old, notBefore, err := l.load(ctx, key)
		if err != nil {
			return fmt.Errorf("record a write for %s: %w", key, err)
		}
		if !want.After(notBefore) {
			return nil
		}
		ok, err := l.Store.SwapRecord(ctx, spacingRecordKind, key, old, encodeTime(want))
		if err != nil {
			return fmt.Errorf("record a write for %s: %w", key, err)
		}
		if ok {
			return nil
		}
	}
	return fmt.Errorf("record a write for %s: %d other claims came first", key, maxSwaps)
}

func (l StoreLimiter) load(ctx context.Context, key string) ([]byte, time.Time, error) {
	raw, err := l.Store.GetRecord(ctx, spacingRecordKind, key)
	if err != nil {
		return nil, time.Time{}, err
	}
	var t time.Time
	if err := t.UnmarshalText(raw); err != nil {
		return nil, time.Time{}, fmt.Errorf("decode the write spacing record: %w", err)
	}
	return raw, t, nil
}

func encodeTime(t time.Time) []byte {
	b, _ := t.UTC().MarshalText() // a time within year 0–9999 always marshals
	return b
}
