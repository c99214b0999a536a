package queue

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// A delivery's payload is not in its job's arguments: River JSON-encodes every job's
// arguments on insert (and SQLite parses them again), and the payload, base64 in JSON, is
// nearly all of their bytes; that was most of the intake writer's time, which every delivery
// of a burst waits for. The payload goes to war_room_delivery_payload, a table of the queue's
// own, in the same transaction as the job; the job carries the delivery id, and the worker
// reads the payload by it. A delivery acknowledged is therefore a job and its payload, both
// committed, or neither.
//
// A payload is kept as long as River keeps a job that carries its delivery id (the delivery
// job, or a rescue job of it), which is how long it was kept in the job's arguments: a
// finished job, and its payload, for Config.Remember (30 days by default), so that an
// operator can look at what a delivery said, and a discarded job can be retried by hand.
// The prune, a periodic job, deletes payloads no job refers to any more (River's cleaner
// deleted the job that stored it, and there is no rescue job of it), once they are older than
// pruneMargin. It finds the job by the id stored with the payload, so it costs one index
// lookup per payload however many jobs River keeps.

// payloadTable is where the payloads are; schema/ creates it.
const payloadTable = "war_room_delivery_payload"

// pruneEvery is how often the prune runs (on the queue's leader); pruneMargin is how old a
// payload must be before the prune may take it for an orphan.
const (
	pruneEvery  = time.Hour
	pruneMargin = time.Hour
)

// errNoPayload is a job whose payload is not stored (deleted by hand, or a bug): retrying
// cannot bring it back.
var errNoPayload = errors.New("the delivery's payload is not in the queue's database")

// payloadStore keeps payloads in the queue's database, in transactions of River's driver.
type payloadStore[TTx any] interface {
	payloadReader
	// migrate brings the queue's own tables up to date.
	migrate(ctx context.Context) error
	begin(ctx context.Context) (TTx, error)
	commit(ctx context.Context, tx TTx) error
	// rollback ends tx unless it was committed.
	rollback(ctx context.Context, tx TTx)
	// put stores payloads in tx, replacing an orphan of the same delivery id.
	put(ctx context.Context, tx TTx, ps []storedPayload, now time.Time) error
	// prune deletes the payloads stored before cutoff whose job is gone and that no rescue
	// job carries, and counts them.
	prune(ctx context.Context, cutoff time.Time) (int64, error)
}

// storedPayload is one row of the payload table: a delivery's payload and the job storing it.
type storedPayload struct {
	deliveryID string
	jobID      int64
	payload    []byte
}

// payloadReader reads a stored payload by delivery id (errNoPayload when there is none).
type payloadReader interface {
	get(ctx context.Context, deliveryID string) ([]byte, error)
}

// insertDeliveries is the intake's transaction: the jobs, without their payloads, and the
// payloads of those that are not duplicates, committed together.
func insertDeliveries[TTx any](ctx context.Context, rc *river.Client[TTx], ps payloadStore[TTx], as []deliveryArgs, now time.Time) ([]*rivertype.JobInsertResult, error) {
	tx, err := ps.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	defer ps.rollback(ctx, tx)
	params := make([]river.InsertManyParams, len(as))
	byID := make(map[string]deliveryArgs, len(as))
	for i, a := range as {
		byID[a.DeliveryID] = a
		a.Payload = nil
		params[i] = river.InsertManyParams{Args: a}
	}
	res, err := rc.InsertManyTx(ctx, tx, params)
	if err != nil {
		return nil, err
	}
	var fresh []storedPayload
	for _, r := range res {
		if r.UniqueSkippedAsDuplicate {
			continue
		}
		id, err := deliveryIDOf(r.Job.EncodedArgs)
		if err != nil {
			return nil, fmt.Errorf("read back job %d: %w", r.Job.ID, err)
		}
		fresh = append(fresh, storedPayload{deliveryID: id, jobID: r.Job.ID, payload: nonNil(byID[id].Payload)})
	}
	if len(fresh) > 0 {
		if err := ps.put(ctx, tx, fresh, now); err != nil {
			return nil, fmt.Errorf("store the payloads: %w", err)
		}
	}
	if err := ps.commit(ctx, tx); err != nil {
		return nil, fmt.Errorf("commit: %w", err)
	}
	return res, nil
}

// withPayload returns a with its payload, read from r unless the job carries it (a job
// queued before payloads had their table).
func withPayload(ctx context.Context, r payloadReader, a deliveryArgs) (deliveryArgs, error) {
	if len(a.Payload) > 0 || r == nil {
		return a, nil
	}
	p, err := r.get(ctx, a.DeliveryID)
	if err != nil {
		return a, fmt.Errorf("read the payload of delivery %s: %w", a.DeliveryID, err)
	}
	a.Payload = p
	return a, nil
}

// pruneKind names the prune's periodic job in River's tables.
const pruneKind = "war_room_payload_prune"

// pruneArgs is the prune's job: it has no arguments.
type pruneArgs struct{}

// Kind names the job kind.
func (pruneArgs) Kind() string { return pruneKind }

// pruneWorker runs the prune.
type pruneWorker struct {
	river.WorkerDefaults[pruneArgs]
	prune func(ctx context.Context, cutoff time.Time) (int64, error)
	now   func() time.Time
}

func (p *pruneWorker) Work(ctx context.Context, _ *river.Job[pruneArgs]) error {
	if _, err := p.prune(ctx, p.now().Add(-pruneMargin)); err != nil {
		return fmt.Errorf("prune delivery payloads: %w", err)
	}
	return nil
}

// prunePeriodically is the prune's schedule: every pruneEvery, first one pruneEvery after
// the process starts leading.
func prunePeriodically() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(pruneEvery), func() (river.JobArgs, *river.InsertOpts) {
		return pruneArgs{}, nil
	}, nil)
}

//go:embed schema
var queueSchema embed.FS

// schemaStep is one of the queue's own migrations: schema/<dialect>/NNNN_name.sql.
type schemaStep struct {
	version int
	sql     string
}

// schemaSteps lists a dialect's migrations in order.
func schemaSteps(dialect string) ([]schemaStep, error) {
	dir := path.Join("schema", dialect)
	names, err := fs.Glob(queueSchema, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []schemaStep
	for _, n := range names {
		num, _, _ := strings.Cut(path.Base(n), "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("queue migration %s: the name must start with its number", n)
		}
		b, err := queueSchema.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, schemaStep{version: v, sql: string(b)})
	}
	return out, nil
}

// applySteps runs, through exec, the steps after version have, each followed by record (which
// stores the step's version, its one argument).
func applySteps(steps []schemaStep, have int, record string, exec func(q string, args ...any) error) error {
	for _, st := range steps {
		if st.version <= have {
			continue
		}
		if err := exec(st.sql); err != nil {
			return fmt.Errorf("queue migration %d: %w", st.version, err)
		}
		if err := exec(record, st.version); err != nil {
			return fmt.Errorf("queue migration %d: %w", st.version, err)
		}
	}
	return nil
}
