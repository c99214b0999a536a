package engine

import (
	"context"
	"fmt"
	"sync"

	"github.com/war-room/war-room/engine/ledger"
)

// StepLedgerWriter is a Store that can store a step's result together with the ledger rows of
// the calls whose answers it holds, in one transaction: one synced commit per call instead of
// two, and no state on disk where a call is recorded but its step is not. Step uses it when
// the run's store has it and falls back to AppendLedger and PutStep otherwise.
type StepLedgerWriter interface {
	// PutStepWithLedger appends entries (in order, each numbered as AppendLedger numbers it,
	// its Seq written back) and stores the step as PutStep does, all or nothing: it returns
	// after the commit is durable (for a Derived ctx, once it is ordered before the next write
	// that is not), and on an error nothing of it is stored. entries may be
	// empty. A key already stored keeps its first value; the entries are appended all the same.
	PutStepWithLedger(ctx context.Context, sessionID, key string, result []byte, entries []*ledger.Entry) error
}

// PutStepWithLedger stores a step and its calls' ledger rows through st: in one transaction
// when st is a StepLedgerWriter, else as AppendLedger for each entry then PutStep. A Store
// that wraps another forwards its own PutStepWithLedger here so as not to hide the ability.
func PutStepWithLedger(ctx context.Context, st Store, sessionID, key string, result []byte, entries []*ledger.Entry) error {
	if w, ok := st.(StepLedgerWriter); ok {
		return w.PutStepWithLedger(ctx, sessionID, key, result, entries)
	}
	for _, e := range entries {
		if err := st.AppendLedger(ctx, e); err != nil {
			return fmt.Errorf("record ledger entry for role %s: %w", e.Role, err)
		}
	}
	return st.PutStep(ctx, sessionID, key, result)
}

type heldCtx struct{}

// heldRows are the ledger rows of the answered calls a step made, held until the step's result
// is stored with them. A row that records a failure is never held: the attempt was spent and
// the budget must see it at once, whatever becomes of the step, so it is written at once with
// every row held before it (the ledger keeps the order the step made its calls in).
type heldRows struct {
	mu      sync.Mutex
	entries []*ledger.Entry
	closed  bool
}

// holdLedger gives ctx a place for the rows of fn's answered calls when the store can write
// them with the step; nil means there is none and rows are written as they come.
func (r *Run) holdLedger(ctx context.Context) (context.Context, *heldRows) {
	if _, ok := r.cfg.Store.(StepLedgerWriter); !ok {
		return ctx, nil
	}
	h := &heldRows{}
	return context.WithValue(ctx, heldCtx{}, h), h
}

// record writes attempt e's ledger row (or holds it for its step's commit when the attempt
// answered) and returns callErr, or the store's error, which wins.
func (r *Run) record(ctx context.Context, e *ledger.Entry, callErr error) error {
	h, _ := ctx.Value(heldCtx{}).(*heldRows)
	if h != nil {
		h.mu.Lock()
		defer h.mu.Unlock()
		if !h.closed {
			h.entries = append(h.entries, e)
			if callErr == nil {
				return nil
			}
			return r.writeHeld(ctx, h, callErr)
		}
	}
	if err := r.cfg.Store.AppendLedger(context.WithoutCancel(ctx), e); err != nil {
		return fmt.Errorf("record ledger entry for role %s: %w", e.Role, err)
	}
	return callErr
}

// writeHeld appends the held rows one by one; h.mu is held.
func (r *Run) writeHeld(ctx context.Context, h *heldRows, callErr error) error {
	for len(h.entries) > 0 {
		e := h.entries[0]
		if err := r.cfg.Store.AppendLedger(context.WithoutCancel(ctx), e); err != nil {
			return fmt.Errorf("record ledger entry for role %s: %w", e.Role, err)
		}
		h.entries = h.entries[1:]
	}
	return callErr
}

// release writes the held rows on their own: the step failed and stores no result, but its
// answered calls were made and paid for. Rows recorded later are written as they come.
func (r *Run) release(ctx context.Context, h *heldRows, stepErr error) error {
	if h == nil {
		return stepErr
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	if err := r.writeHeld(ctx, h, nil); err != nil {
		return fmt.Errorf("%w (and %w)", stepErr, err)
	}
	return stepErr
}

// putStep stores a step's result with the rows held for it, in one transaction when the store
// can do that.
func (r *Run) putStep(ctx context.Context, key string, b []byte, h *heldRows) error {
	if h == nil {
		return r.cfg.Store.PutStep(ctx, r.session.ID, key, b)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	wctx := context.WithoutCancel(ctx)
	if len(h.entries) == 0 {
		// No answered call of its own (its calls, if any, were its members' and are stored
		// with them): made again from stored steps if a power loss took it.
		wctx = Derived(wctx)
	}
	if err := PutStepWithLedger(wctx, r.cfg.Store, r.session.ID, key, b, h.entries); err != nil {
		// Nothing was stored: the step runs again on resume, but its calls were paid for.
		return r.writeHeld(ctx, h, err)
	}
	h.entries = nil
	return nil
}
