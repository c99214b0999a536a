package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
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
	ttl = leaseTTL(ttl)
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

// lease takes the session's lease for this runner's holder. Without a holder (the Action:
// one job, one store of its own) it is a no-op. A lease held by a process of this host that no
// longer runs (a killed `war-room resume`) is taken over at once; one held by a live process
// or another host (an App replica) is waited for when the runner waits (the CLI), and refused
// with ErrBusy otherwise (the App, whose queue retries the job).
func (r *Runner) lease(ctx context.Context, id string) (release func(), err error) {
	if r.Holder == "" {
		return func() {}, nil
	}
	name, told := SessionLease(id), false
	for takeovers := 0; ; {
		release, ok, err := Hold(ctx, r.Store, name, r.Holder, r.LeaseTTL, r.now, r.warn)
		if err != nil {
			return nil, err
		}
		if ok {
			return release, nil
		}
		holder, err := r.Store.LeaseHolder(ctx, name, r.now())
		if err != nil {
			return nil, err
		}
		switch {
		case holder == "":
			continue // released or expired since: try again
		case HolderGone(holder) && takeovers < 3:
			takeovers++
			r.warn(fmt.Sprintf("session %s was held by %s, which no longer runs; taking it over", id, holder))
			if err := r.Store.ReleaseLease(ctx, name, holder); err != nil {
				return nil, err
			}
			continue
		case !r.Wait:
			return nil, fmt.Errorf("session %s: %w (%s)", id, ErrBusy, holder)
		}
		if !told {
			r.warn(fmt.Sprintf("session %s is running in %s; waiting for it to finish or stop (interrupt to give up)", id, holder))
			told = true
		}
		if err := r.sleep(ctx, leaseTTL(r.LeaseTTL)/3); err != nil {
			return nil, err
		}
	}
}

// leaseTTL is d, or DefaultLeaseTTL when d is unset.
func leaseTTL(d time.Duration) time.Duration {
	if d <= 0 {
		return DefaultLeaseTTL
	}
	return d
}

func (r *Runner) sleep(ctx context.Context, d time.Duration) error {
	if r.Sleep != nil {
		return r.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// LocalHolder names this process as a lease holder: "cli", the host and the process id, so
// that a later process on the same host can tell when the holder no longer runs.
func LocalHolder() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("cli %s pid %d", host, os.Getpid())
}

var localHolder = regexp.MustCompile(`^cli (\S+) pid (\d+)$`)

// HolderGone reports whether holder is a LocalHolder of this host whose process has ended. A
// holder of another host, or of another kind (an App worker), is never judged gone: its lease
// expires on its own once it stops renewing.
func HolderGone(holder string) bool {
	m := localHolder.FindStringSubmatch(holder)
	if m == nil {
		return false
	}
	host, err := os.Hostname()
	if err != nil || host != m[1] {
		return false
	}
	pid, err := strconv.Atoi(m[2])
	if err != nil || pid == os.Getpid() {
		return false
	}
	return processGone(pid)
}
