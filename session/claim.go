package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// claimKind is the record kind that maps a command to its session.
const claimKind = "session-claim"

// claim makes a command map to exactly one session: the first request for a claim records
// its session id, and every later one (a second delivery of the same comment under another id,
// a retried or re-run job) continues that session instead of starting a second, paid one.
func (r *Runner) claim(ctx context.Context, req *Request) error {
	if req.Claim == "" {
		return nil
	}
	if req.SessionID == "" {
		req.SessionID = engine.NewSessionID()
	}
	err := r.Store.CreateRecord(ctx, claimKind, req.Claim, []byte(req.SessionID))
	if err == nil || !errors.Is(err, engine.ErrExists) {
		return err
	}
	owner, err := r.Store.GetRecord(ctx, claimKind, req.Claim)
	if err != nil {
		return fmt.Errorf("read the session of %s: %w", req.Claim, err)
	}
	req.SessionID = string(owner)
	return nil
}
