package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/session"
)

// A job whose process died (kill -9, a lost machine) stays "running" in River's table until
// River's own rescuer gives up on it, an hour and more later, since a job may legitimately
// run that long. The App does not wait for that: every process keeps a heartbeat lease in the
// state store for as long as it lives, and every process sweeps the queue for running jobs
// whose process's heartbeat has lapsed. Such a job is run again at once, as a rescue job
// carrying the same delivery, and the abandoned row is cancelled (River finalises it when its
// own rescuer comes by). Running a delivery twice is safe: the command's claim, the thread's
// and the session's leases and the stored steps make the rescue continue what the dead job
// left, and a rescue of a job that was in fact alive waits for it and then finds its work done.

// rescueKind names the rescue job kind in River's tables; changing it orphans queued jobs.
const rescueKind = "github_delivery_rescue"

// rescueArgs runs a delivery again whose job (Original) was left running by a dead process.
type rescueArgs struct {
	Original int64        `json:"original" river:"unique"`
	Delivery deliveryArgs `json:"delivery"`
}

// Kind names the job kind.
func (rescueArgs) Kind() string { return rescueKind }

// InsertOpts makes the abandoned job's id the rescue's unique key: one rescue per job,
// however many processes sweep.
func (rescueArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: everyState}}
}

// rescueWorker runs a rescue job as the delivery it carries.
type rescueWorker struct {
	river.WorkerDefaults[rescueArgs]
	delivery *deliveryWorker
}

func (r *rescueWorker) Timeout(*river.Job[rescueArgs]) time.Duration {
	return r.delivery.Timeout(nil)
}

func (r *rescueWorker) Work(ctx context.Context, job *river.Job[rescueArgs]) error {
	return r.delivery.Work(ctx, &river.Job[deliveryArgs]{JobRow: job.JobRow, Args: job.Args.Delivery})
}

// Liveness is how the queue's processes tell each other they are alive. Without it (a test
// queue, a process that is alone for sure) nothing is rescued before River's own rescuer.
type Liveness struct {
	// OpenStore opens the state store the heartbeat leases are kept in.
	OpenStore func(ctx context.Context) (engine.Store, error)
	// TTL is a heartbeat's life: a process silent for longer is taken for dead (default
	// session.DefaultLeaseTTL). The sweep runs every TTL/2.
	TTL time.Duration
	// Now is the clock the leases are judged by (nil: time.Now).
	Now func() time.Time
	// Sweeps, when set, replaces the sweep's ticker (tests send to it to sweep now), and
	// Swept, when set, is told how each sweep ended.
	Sweeps <-chan time.Time
	Swept  func(rescued int, err error)
}

func (l *Liveness) ttl() time.Duration { return orDuration(l.TTL, session.DefaultLeaseTTL) }

func (l *Liveness) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

// heartbeatLease names a queue process's heartbeat: its River client id.
func heartbeatLease(clientID string) string { return "process:" + clientID }

// rescuer is one process's heartbeat and sweep over the queue.
type rescuer struct {
	live    *Liveness
	id      string // this process's River client id
	log     *slog.Logger
	running func(context.Context) ([]*rivertype.JobRow, error)
	rescue  func(context.Context, rescueArgs) (*rivertype.JobInsertResult, error)
	cancel  func(context.Context, int64) error
}

// start takes this process's heartbeat, then sweeps until ctx ends; stop ends both and
// releases the heartbeat.
func (r *rescuer) start(ctx context.Context) (stop func(), err error) {
	st, err := r.live.OpenStore(ctx)
	if err != nil {
		return nil, fmt.Errorf("job queue: heartbeat: open the state store: %w", err)
	}
	warn := func(msg string) { r.log.Warn("job queue: heartbeat: " + msg) }
	release, ok, err := session.Hold(ctx, st, heartbeatLease(r.id), r.id, r.live.ttl(), r.live.now, warn)
	if err != nil || !ok {
		st.Close()
		return nil, fmt.Errorf("job queue: heartbeat of %s: taken by another process (%v)", r.id, err)
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		ticks := r.live.Sweeps
		if ticks == nil {
			t := time.NewTicker(r.live.ttl() / 2)
			defer t.Stop()
			ticks = t.C
		}
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticks:
				n, err := r.sweep(ctx, st)
				if err != nil {
					r.log.Warn("job queue: sweep for abandoned jobs", "err", err)
				}
				if r.live.Swept != nil {
					r.live.Swept(n, err)
				}
			}
		}
	}()
	return func() {
		cancel()
		<-done
		release()
		st.Close()
	}, nil
}

// sweep rescues every running job whose process's heartbeat has lapsed, and returns how many
// it rescued.
func (r *rescuer) sweep(ctx context.Context, st engine.Store) (int, error) {
	jobs, err := r.running(ctx)
	if err != nil {
		return 0, fmt.Errorf("list running jobs: %w", err)
	}
	n := 0
	dead := map[string]bool{}
	for _, j := range jobs {
		owner := lastAttempt(j)
		if owner == "" || owner == r.id || cancelRequested(j) {
			continue
		}
		gone, seen := dead[owner]
		if !seen {
			if gone, err = r.lapsed(ctx, st, owner); err != nil {
				return n, err
			}
			dead[owner] = gone
		}
		if !gone {
			continue
		}
		args, err := deliveryOf(j)
		if err != nil {
			r.log.Error("job queue: a job left running cannot be read; River's own rescuer will retry it", "job", j.ID, "err", err)
			continue
		}
		if _, err := r.rescue(ctx, rescueArgs{Original: j.ID, Delivery: args}); err != nil {
			return n, fmt.Errorf("rescue job %d: %w", j.ID, err)
		}
		if err := r.cancel(ctx, j.ID); err != nil {
			return n, fmt.Errorf("cancel abandoned job %d: %w", j.ID, err)
		}
		r.log.Info("job queue: rescued a job its dead process left running", "job", j.ID, "process", owner,
			"delivery", args.DeliveryID)
		n++
	}
	return n, nil
}

// lapsed reports whether process owner's heartbeat has lapsed: its lease can be taken. The
// probe gives it back at once, so a process that was only slow renews it again.
func (r *rescuer) lapsed(ctx context.Context, st engine.Store, owner string) (bool, error) {
	probe := "sweep:" + r.id
	ok, err := st.AcquireLease(ctx, heartbeatLease(owner), probe, r.live.now(), time.Millisecond)
	if err != nil {
		return false, fmt.Errorf("heartbeat of %s: %w", owner, err)
	}
	if ok {
		if err := st.ReleaseLease(ctx, heartbeatLease(owner), probe); err != nil {
			return true, fmt.Errorf("heartbeat of %s: %w", owner, err)
		}
	}
	return ok, nil
}

// lastAttempt is the client id of the process working the job now.
func lastAttempt(j *rivertype.JobRow) string {
	if len(j.AttemptedBy) == 0 {
		return ""
	}
	return j.AttemptedBy[len(j.AttemptedBy)-1]
}

// cancelRequested reports whether the job was cancelled already (by an earlier sweep).
func cancelRequested(j *rivertype.JobRow) bool {
	var m struct {
		CancelAttemptedAt *time.Time `json:"cancel_attempted_at"`
	}
	return json.Unmarshal(j.Metadata, &m) == nil && m.CancelAttemptedAt != nil
}

// deliveryOf reads the delivery a delivery or rescue job carries.
func deliveryOf(j *rivertype.JobRow) (deliveryArgs, error) {
	if j.Kind == rescueKind {
		var a rescueArgs
		err := json.Unmarshal(j.EncodedArgs, &a)
		return a.Delivery, err
	}
	var a deliveryArgs
	err := json.Unmarshal(j.EncodedArgs, &a)
	return a, err
}
