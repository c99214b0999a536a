package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/session"
)

// claimKind is the record kind that maps a command comment to the session it started.
const claimKind = "command-claim"

// errThreadBusy is a job that found another job working on its thread: the App retries it
// later, so that two jobs on one thread never interleave their replies.
var errThreadBusy = errors.New("another job is working on this thread")

// commandClaim names one command comment wherever it is delivered from.
func commandClaim(repo Repo, commentID int64) string {
	return fmt.Sprintf("comment:%s:%d", repo, commentID)
}

// claimed is what the first job for a command recorded: the session it starts, and its seed,
// so that a retry of that job after a crash continues the same session.
type claimed struct {
	Session string `json:"session"`
	Seed    int64  `json:"seed"`
}

// claimCommand records that the command starts session st (first is true), or returns the
// session an earlier delivery of it claimed.
func claimCommand(ctx context.Context, store engine.Store, claim string, st thread.State) (claimed, bool, error) {
	c := claimed{Session: st.Session, Seed: st.Seed}
	raw, _ := json.Marshal(c)
	err := store.CreateRecord(ctx, claimKind, claim, raw)
	if err == nil {
		return c, true, nil
	}
	if !errors.Is(err, engine.ErrExists) {
		return c, false, fmt.Errorf("claim %s: %w", claim, err)
	}
	raw, err = store.GetRecord(ctx, claimKind, claim)
	if err != nil {
		return c, false, fmt.Errorf("read claim %s: %w", claim, err)
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, false, fmt.Errorf("read claim %s: %w", claim, err)
	}
	return c, false, nil
}

// holds takes the named lease for this worker, renewed while held (no holder: the Action,
// one job per process, takes none) and returns its release.
func (d *Deps) holds(ctx context.Context, store engine.Store, name string) (func(), bool, error) {
	if d.Holder == "" {
		return func() {}, true, nil
	}
	return session.Hold(ctx, store, name, d.Holder, d.LeaseTTL, d.now, func(msg string) { d.log().Warn(msg) })
}

func threadLease(repo Repo, n int) string { return fmt.Sprintf("thread:%s#%d", repo, n) }
