package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// OpenForReading opens the store target names for a command that only reads it (decisions,
// verify, doctor). A SQLite file this process cannot write, or whose directory takes no new
// file (a read-only mount, a file another user owns), is opened read-only rather than
// refused; any other target opens as Open does. A read-only store refuses every write with a
// *ReadOnlyError naming the file; a derived write (engine.Derived: made again from stored
// steps at no cost) is skipped instead, so that what a read recomputes need not be kept.
func OpenForReading(ctx context.Context, target string) (engine.Store, error) {
	if postgres.IsURL(target) {
		return Open(ctx, target)
	}
	why := unwritable(target)
	if why == nil {
		return Open(ctx, target)
	}
	if _, err := os.Stat(target); err != nil {
		return nil, fmt.Errorf("open state file %s: there is none, and none can be made here (%v)", target, why)
	}
	st, err := sqlite.OpenReadOnly(ctx, target)
	if err != nil {
		return nil, fmt.Errorf("open state file %s read-only (%v): %w", target, why, err)
	}
	return ReadOnly(st, target, why), nil
}

// unwritable says why path, or the directory it is in, cannot be written by this process
// (nil when both can). SQLite writes beside the file (its write-ahead log), so a writable
// file in a read-only directory is read-only too.
func unwritable(path string) error {
	dir := filepath.Dir(path)
	for { // a directory still to be made is made in the nearest one that exists
		if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	if err := canWrite(dir); err != nil {
		return fmt.Errorf("directory %s: %w", dir, err)
	}
	if _, err := os.Stat(path); err == nil {
		if err := canWrite(path); err != nil {
			return fmt.Errorf("the file: %w", err)
		}
	}
	return nil
}

// ReadOnlyError is a write asked of a store opened read-only.
type ReadOnlyError struct {
	// Where names the store; Op says what the command needed ("needs to store a step");
	// Why is why the store is read-only.
	Where, Op string
	Why       error
}

func (e *ReadOnlyError) Error() string {
	return fmt.Sprintf("the store %s is read-only (%v): this command %s; run it where the state file can be written",
		e.Where, e.Why, e.Op)
}

// ErrReadOnly matches every *ReadOnlyError with errors.Is.
var ErrReadOnly = errors.New("read-only store")

func (e *ReadOnlyError) Is(target error) bool { return target == ErrReadOnly }

// ReadOnly wraps st so that it refuses every write with a *ReadOnlyError (derived writes are
// skipped) and reads as st does, the optional engine.HeadLister included.
func ReadOnly(st engine.Store, where string, why error) engine.Store {
	ro := readOnly{Store: st, where: where, why: why}
	if h, ok := st.(engine.HeadLister); ok {
		return readOnlyHeads{readOnly: ro, HeadLister: h}
	}
	return ro
}

// readOnly embeds the engine.Store interface, never a concrete store: an optional write
// interface of the store underneath (engine.StepLedgerWriter) must not show through.
type readOnly struct {
	engine.Store
	where string
	why   error
}

type readOnlyHeads struct {
	readOnly
	engine.HeadLister
}

func (s readOnly) refuse(ctx context.Context, op string) error {
	if engine.IsDerived(ctx) {
		return nil
	}
	return &ReadOnlyError{Where: s.where, Op: op, Why: s.why}
}

func (s readOnly) CreateSession(ctx context.Context, _ *engine.Session) error {
	return s.refuse(ctx, "needs to create a session")
}

func (s readOnly) SetStatus(ctx context.Context, _ string, _ engine.Status, _ string) error {
	return s.refuse(ctx, "needs to set a session's status")
}

func (s readOnly) PutStep(ctx context.Context, _, _ string, _ []byte) error {
	return s.refuse(ctx, "needs to store a step")
}

func (s readOnly) AppendLedger(ctx context.Context, _ *ledger.Entry) error {
	return s.refuse(ctx, "needs to record a call")
}

func (s readOnly) PutArtifact(ctx context.Context, _, name string, _ []byte) error {
	return s.refuse(ctx, "needs to store the artifact "+name)
}

func (s readOnly) PutSummary(ctx context.Context, _ *decision.DecisionSummary) error {
	return s.refuse(ctx, "needs to store a decision summary")
}

func (s readOnly) OpenGate(ctx context.Context, _ *engine.GateRecord) error {
	return s.refuse(ctx, "needs to open a gate")
}

func (s readOnly) AnswerGate(ctx context.Context, _, key, _ string) error {
	return s.refuse(ctx, "needs to answer the gate "+key)
}

func (s readOnly) PutRecord(ctx context.Context, kind, _ string, _ []byte) error {
	return s.refuse(ctx, "needs to store a "+kind+" record")
}

func (s readOnly) CreateRecord(ctx context.Context, kind, _ string, _ []byte) error {
	return s.refuse(ctx, "needs to create a "+kind+" record")
}

func (s readOnly) SwapRecord(ctx context.Context, kind, _ string, _, _ []byte) (bool, error) {
	return false, s.refuse(ctx, "needs to update a "+kind+" record")
}

func (s readOnly) AcquireLease(ctx context.Context, name, _ string, _ time.Time, _ time.Duration) (bool, error) {
	return false, s.refuse(ctx, "needs to take the lease "+name)
}

func (s readOnly) ReleaseLease(ctx context.Context, name, _ string) error {
	return s.refuse(ctx, "needs to release the lease "+name)
}
