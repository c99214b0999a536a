package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
)

var _ engine.StepLedgerWriter = (*Store)(nil)

// maxStepBatch bounds how many steps one transaction takes: more than the widest fan-out.
const maxStepBatch = 32

// stepWrite is one PutStepWithLedger waiting for its commit.
type stepWrite struct {
	ctx            context.Context
	derived        bool
	sessionID, key string
	result         []byte
	entries        []*ledger.Entry
	err            error
	done           chan struct{}
}

// Finish answers the write; a failure of its own, set before, wins over the batch's.
func (w *stepWrite) Finish(err error) {
	if w.err == nil && err != nil {
		w.err = fmt.Errorf("put step %s/%s with its ledger: %w", w.sessionID, w.key, err)
	}
	close(w.done)
}

// PutStepWithLedger appends entries and stores the step in one transaction, with the
// statements AppendLedger and PutStep run: one synced commit for a call's rows and its step
// instead of two. The calls of a fan-out that finish together share that commit too: the
// store's writer takes every step waiting and writes each inside a savepoint of its own, so
// one that fails stores nothing of itself and takes none of the others with it. It returns
// once its commit is synced (a write with an engine.Derived ctx: once it is in the log ahead
// of every later commit, see inTx); on an error nothing of it is stored (the entries' Seq then mean
// nothing).
func (s *Store) PutStepWithLedger(ctx context.Context, sessionID, key string, result []byte, entries []*ledger.Entry) error {
	w := &stepWrite{ctx: ctx, derived: engine.IsDerived(ctx) && len(entries) == 0, sessionID: sessionID, key: key, result: result, entries: entries, done: make(chan struct{})}
	if err := s.steps.Hand(ctx, w); err != nil {
		return fmt.Errorf("put step %s/%s with its ledger: %w", sessionID, key, err)
	}
	<-w.done
	return w.err
}

// commitSteps writes a batch in one transaction and answers every write in it.
func (s *Store) commitSteps(batch []*stepWrite) {
	if s.batched != nil {
		s.batched(len(batch))
	}
	err := s.writeSteps(batch)
	for _, w := range batch {
		w.Finish(err)
	}
}

func (s *Store) writeSteps(batch []*stepWrite) error {
	ctx := context.Background()
	// The batch commits unsynced only when every write in it is derived: one answered call
	// among them (a write with ledger rows is never derived) and the commit waits for the disk.
	derived := true
	for _, w := range batch {
		derived = derived && w.derived
	}
	if derived {
		ctx = engine.Derived(ctx)
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		app, put := tx.StmtContext(ctx, s.stmts.appendLedger), tx.StmtContext(ctx, s.stmts.putStep)
		if len(batch) == 1 {
			// Alone in its transaction, a write that fails takes nothing else with it: no
			// savepoint to keep the others (two statements fewer to compile per call).
			w := batch[0]
			if w.err = w.ctx.Err(); w.err == nil {
				w.err = s.writeStep(ctx, app, put, w)
			}
			return w.err
		}
		for _, w := range batch {
			if w.err = w.ctx.Err(); w.err != nil {
				continue
			}
			if _, err := tx.ExecContext(ctx, "SAVEPOINT step"); err != nil {
				return err
			}
			if w.err = s.writeStep(ctx, app, put, w); w.err != nil {
				if _, err := tx.ExecContext(ctx, "ROLLBACK TO step"); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, "RELEASE step"); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeStep runs one write's statements inside the batch's transaction.
func (s *Store) writeStep(ctx context.Context, app, put *sql.Stmt, w *stepWrite) error {
	for _, e := range w.entries {
		if err := appendLedger(ctx, app, e); err != nil {
			return fmt.Errorf("put step %s/%s with its ledger: %w", w.sessionID, w.key, err)
		}
	}
	if _, err := put.ExecContext(ctx, w.sessionID, w.key, blob(w.result), record.SHA256Hex(w.result),
		formatTime(s.now())); err != nil {
		return fmt.Errorf("put step %s/%s: %w", w.sessionID, w.key, err)
	}
	return nil
}
