package queue

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"
	"github.com/war-room/war-room/bot/webhook"
)

// Queue is the App's job queue on River: the webhook intake inserts one job per delivery,
// and its workers hand each to the Worker. The delivery id is the job's unique key, so the
// job row is also the record that a delivery was seen. The payload is stored beside the job,
// in the same transaction (payload.go).
type Queue struct {
	batch *batcher
	start func(context.Context) error
	stop  func(context.Context) error
	list  func(context.Context) ([]*rivertype.JobRow, error)
	// payloads reads the stored payloads; prune deletes those no job carries any more (what
	// the periodic prune runs).
	payloads payloadReader
	prune    func(ctx context.Context, cutoff time.Time) (int64, error)
	close    func()
}

var _ webhook.Enqueuer = (*Queue)(nil)

// Queue defaults.
const (
	DefaultWorkers    = 4
	defaultJobTimeout = time.Hour
	// defaultRemember keeps finished jobs, and with them their delivery ids, for 30 days:
	// a redelivery within that window is a duplicate.
	defaultRemember = 30 * 24 * time.Hour
	// DefaultStopGrace is how long a stop waits for running jobs before cancelling them.
	DefaultStopGrace = 30 * time.Second
	// rescueMargin is how long past its timeout a running job is taken for abandoned.
	rescueMargin = 10 * time.Minute
)

// Config tunes the queue; zero values take the defaults.
type Config struct {
	Workers    int
	JobTimeout time.Duration
	Remember   time.Duration
	StopGrace  time.Duration
	// Retry decides when a failed job runs again (nil: River's exponential backoff).
	Retry river.ClientRetryPolicy
	// Poll is how often idle workers look for jobs (0: River's default, one second, on
	// PostgreSQL, whose inserts also wake the workers; sqliteFetchPoll on SQLite).
	Poll time.Duration
	Log  *slog.Logger
	// ID names this process among the queue's clients (River's client id, at most 100
	// bytes; "" : River makes one up). With Liveness it is also the name of the process's
	// heartbeat.
	ID string
	// Liveness, when set, keeps this process's heartbeat and rescues the jobs of processes
	// whose heartbeat has lapsed, within about Liveness.TTL and a half.
	Liveness *Liveness
	// Observer, when set, is told when each job starts and how it ended.
	Observer Observer
}

// Enqueue stores a delivery as a job; a delivery id already stored is a duplicate.
func (q *Queue) Enqueue(ctx context.Context, d webhook.Delivery) (bool, error) {
	dup, err := q.batch.enqueue(ctx, deliveryArgs{Event: d.Event, DeliveryID: d.ID, Installation: d.Installation,
		Repo: d.Repo, Payload: d.Payload})
	if err != nil {
		return false, fmt.Errorf("enqueue delivery %s: %w", d.ID, err)
	}
	return dup, nil
}

// Jobs lists the queue's delivery and rescue jobs as River keeps them, however they ended (the
// first 10,000): what an operator's tool or a test looks at.
func (q *Queue) Jobs(ctx context.Context) ([]*rivertype.JobRow, error) { return q.list(ctx) }

// Start starts the workers; they run until Stop.
func (q *Queue) Start(ctx context.Context) error { return q.start(ctx) }

// Stop stops fetching jobs and waits for running ones (cancelling them after the stop
// grace); a cancelled job is retried at the next start.
func (q *Queue) Stop(ctx context.Context) error { return q.stop(ctx) }

// Close stops the intake's writer and releases the database; call it after Stop.
func (q *Queue) Close() {
	q.batch.close()
	q.close()
}

// newQueue migrates the database to River's schema and builds the client over any driver.
// ps keeps the deliveries' payloads in the same database (payload.go).
func newQueue[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], ps payloadStore[TTx], w Worker, cfg Config, closeDB func()) (*Queue, error) {
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	m, err := rivermigrate.New(drv, &rivermigrate.Config{Logger: log})
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return nil, fmt.Errorf("job queue: migrate: %w", err)
	}
	if err := ps.migrate(ctx); err != nil {
		return nil, fmt.Errorf("job queue: migrate the payload table: %w", err)
	}
	workers := river.NewWorkers()
	dw := &deliveryWorker{worker: w, payloads: ps, observer: cfg.Observer, log: log,
		timeout: orDuration(cfg.JobTimeout, defaultJobTimeout)}
	if err := river.AddWorkerSafely(workers, dw); err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &rescueWorker{delivery: dw}); err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	if err := river.AddWorkerSafely(workers, &pruneWorker{prune: ps.prune, now: time.Now}); err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	rc, err := river.NewClient(drv, cfg.river(workers, log))
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	q := &Queue{
		batch: newBatcher(func(ctx context.Context, as []deliveryArgs) ([]*rivertype.JobInsertResult, error) {
			return insertDeliveries(ctx, rc, ps, as, time.Now())
		}),
		payloads: ps,
		prune:    ps.prune,
		start:    rc.Start,
		stop:     rc.Stop,
		list: func(ctx context.Context) ([]*rivertype.JobRow, error) {
			res, err := rc.JobList(ctx, river.NewJobListParams().Kinds(deliveryKind, rescueKind).First(10_000))
			if err != nil {
				return nil, err
			}
			return res.Jobs, nil
		},
		close: closeDB,
	}
	if cfg.Liveness != nil {
		r := &rescuer{live: cfg.Liveness, id: rc.ID(), log: log,
			running: func(ctx context.Context) ([]*rivertype.JobRow, error) {
				res, err := rc.JobList(ctx, river.NewJobListParams().Kinds(deliveryKind, rescueKind).
					States(rivertype.JobStateRunning).First(10_000))
				if err != nil {
					return nil, err
				}
				return res.Jobs, nil
			},
			rescue: func(ctx context.Context, a rescueArgs) (*rivertype.JobInsertResult, error) {
				return rc.Insert(ctx, a, nil)
			},
			cancel: func(ctx context.Context, id int64) error {
				_, err := rc.JobCancel(ctx, id)
				return err
			},
		}
		q.withRescuer(r)
	}
	return q, nil
}

// withRescuer starts the heartbeat and the sweep before the workers, and ends them after.
func (q *Queue) withRescuer(r *rescuer) {
	start, stop := q.start, q.stop
	var end func()
	q.start = func(ctx context.Context) error {
		var err error
		if end, err = r.start(ctx); err != nil {
			return err
		}
		if err := start(ctx); err != nil {
			end()
			end = nil
			return err
		}
		return nil
	}
	q.stop = func(ctx context.Context) error {
		err := stop(ctx)
		if end != nil {
			end()
			end = nil
		}
		return err
	}
}

func (c Config) river(workers *river.Workers, log *slog.Logger) *river.Config {
	n, timeout := orInt(c.Workers, DefaultWorkers), orDuration(c.JobTimeout, defaultJobTimeout)
	keep, grace := orDuration(c.Remember, defaultRemember), orDuration(c.StopGrace, DefaultStopGrace)
	return &river.Config{
		ID:         c.ID,
		Queues:     map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: n}},
		Workers:    workers,
		JobTimeout: timeout,
		// A job still "running" past its timeout was left by a process that died: run it
		// again soon rather than after River's default extra hour.
		RescueStuckJobsAfter:        timeout + rescueMargin,
		CompletedJobRetentionPeriod: keep,
		CancelledJobRetentionPeriod: keep,
		DiscardedJobRetentionPeriod: keep,
		SoftStopTimeout:             grace,
		RetryPolicy:                 c.Retry,
		FetchPollInterval:           c.Poll,
		FetchCooldown:               min(c.Poll, river.FetchCooldownDefault),
		PeriodicJobs:                []*river.PeriodicJob{prunePeriodically()},
		Logger:                      log,
	}
}

func orInt(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}

func orDuration(v, d time.Duration) time.Duration {
	if v <= 0 {
		return d
	}
	return v
}
