package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
)

// DefaultLeaseTTL is how long a lease lasts unless renewed: a worker that died holding it
// stops blocking the work this long after its last renewal.
const DefaultLeaseTTL = 30 * time.Second

// ErrBusy is a session another worker is running now (it holds the session's lease).
var ErrBusy = errors.New("the session is running on another worker")

// SessionLease is the lease name that serialises work on one session.
func SessionLease(id string) string { return "session:" + id }

// Hold takes the named lease for holder and keeps renewing it (every third of ttl) until the
// returned release is called. ok is false, with nothing held, while another holder has it.
// now is the clock leases are judged by; warn hears of a renewal that failed.
func Hold(ctx context.Context, st engine.Store, name, holder string, ttl time.Duration, now func() time.Time, warn func(string)) (release func(), ok bool, err error) {
	if ttl <= 0 {
		ttl = DefaultLeaseTTL
	}
	ok, err = st.AcquireLease(ctx, name, holder, now(), ttl)
	if err != nil {
		return nil, false, fmt.Errorf("take lease %s: %w", name, err)
	}
	if !ok {
		return nil, false, nil
	}
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if ok, err := st.AcquireLease(context.WithoutCancel(ctx), name, holder, now(), ttl); err != nil || !ok {
					warn(fmt.Sprintf("lease %s: renewal failed (held %v): %v", name, ok, err))
				}
			}
		}
	}()
	return func() {
		close(stop)
		<-done
		if err := st.ReleaseLease(context.WithoutCancel(ctx), name, holder); err != nil {
			warn(fmt.Sprintf("lease %s: release: %v", name, err))
		}
	}, true, nil
}

// lease takes the session's lease for this runner's holder. Without a holder (one process,
// one session at a time: the CLI, the Action) it is a no-op.
func (r *Runner) lease(ctx context.Context, id string) (release func(), err error) {
	if r.Holder == "" {
		return func() {}, nil
	}
	release, ok, err := Hold(ctx, r.Store, SessionLease(id), r.Holder, r.LeaseTTL, r.now, r.warn)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("session %s: %w", id, ErrBusy)
	}
	return release, nil
}
