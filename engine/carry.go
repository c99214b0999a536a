package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine/ledger"
)

// Carried is what a session had stored when it paused or failed, for a runner whose store does
// not outlive its job (the Action keeps it in the thread's state): its steps and its ledger.
// Put back under the same session, a continuation reads the answered calls instead of paying
// for them again, and the record and the call count hold every call the session made.
type Carried struct {
	Steps  []carriedStep  `json:"steps"`
	Ledger []ledger.Entry `json:"ledger,omitempty"`
}

// carriedStep is one stored step: its key and its result as stored (JSON).
type carriedStep struct {
	Key    string          `json:"key"`
	Result json.RawMessage `json:"result"`
}

// Carry reads what the store holds of session id, to be carried to the next job.
func Carry(ctx context.Context, st Store, id string) (*Carried, error) {
	steps, err := st.Steps(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("carry session %s: read steps: %w", id, err)
	}
	entries, err := st.Ledger(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("carry session %s: read ledger: %w", id, err)
	}
	c := &Carried{Ledger: entries}
	for _, s := range steps {
		if !json.Valid(s.Result) {
			return nil, fmt.Errorf("carry session %s: step %s is not JSON", id, s.Key)
		}
		c.Steps = append(c.Steps, carriedStep{Key: s.Key, Result: s.Result})
	}
	return c, nil
}

// Calls counts the carried calls that answered.
func (c *Carried) Calls() int {
	n := 0
	for _, e := range c.Ledger {
		if e.Outcome == ledger.OutcomeOK {
			n++
		}
	}
	return n
}

// StartCarried creates session s in cfg.Store with what an earlier job of it stored, and
// resumes it from there. A carried call of another session, or a step without a key, is
// refused before anything is written. The record's
// notes say that the carried calls were made by an earlier job and came through the place
// they were kept (where, in words) — who can edit that place can edit what was carried.
func StartCarried(ctx context.Context, cfg RunConfig, s *Session, c *Carried, where string) (*Run, error) {
	for _, st := range c.Steps {
		if st.Key == "" {
			return nil, fmt.Errorf("carried state of session %s holds a step without a key", s.ID)
		}
	}
	for _, e := range c.Ledger {
		if e.SessionID != s.ID {
			return nil, fmt.Errorf("carried state of session %s holds a call of session %q", s.ID, e.SessionID)
		}
	}
	run, err := Start(ctx, cfg, s)
	if err != nil {
		return nil, err
	}
	for _, st := range c.Steps {
		if err := cfg.Store.PutStep(ctx, s.ID, st.Key, st.Result); err != nil {
			return nil, fmt.Errorf("restore carried step %s: %w", st.Key, err)
		}
	}
	for i := range c.Ledger {
		e := c.Ledger[i]
		e.Seq = 0
		if err := cfg.Store.AppendLedger(ctx, &e); err != nil {
			return nil, fmt.Errorf("restore carried call %d: %w", i+1, err)
		}
	}
	if len(c.Steps) == 0 && len(c.Ledger) == 0 {
		return run, nil
	}
	resumed, err := Resume(ctx, cfg, s.ID)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("continue session %s from its carried state", s.ID), err)
	}
	if n := len(c.Ledger); n > 0 {
		resumed.AddNotes(fmt.Sprintf("%d call record(s) (%d answered) were made by an earlier job of this session and "+
			"carried to this one in %s; whoever can edit that can edit what was carried.", n, c.Calls(), where))
	}
	return resumed, nil
}
