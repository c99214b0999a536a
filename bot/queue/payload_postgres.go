package queue

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgPayloads keeps payloads in the PostgreSQL database the queue is in.
type pgPayloads struct{ pool *pgxpool.Pool }

var _ payloadStore[pgx.Tx] = pgPayloads{}

// migrate applies the queue's own PostgreSQL migrations not yet applied, in one transaction,
// one process at a time (replicas start together).
func (s pgPayloads) migrate(ctx context.Context) error {
	steps, err := schemaSteps("postgres")
	if err != nil {
		return err
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('war_room_schema'))`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS war_room_schema (version integer PRIMARY KEY)`); err != nil {
		return err
	}
	var have int
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM war_room_schema`).Scan(&have); err != nil {
		return err
	}
	err = applySteps(steps, have, `INSERT INTO war_room_schema (version) VALUES ($1)`, func(q string, args ...any) error {
		_, err := tx.Exec(ctx, q, args...)
		return err
	})
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (s pgPayloads) begin(ctx context.Context) (pgx.Tx, error) { return s.pool.Begin(ctx) }

func (s pgPayloads) commit(ctx context.Context, tx pgx.Tx) error { return tx.Commit(ctx) }

func (s pgPayloads) rollback(ctx context.Context, tx pgx.Tx) { _ = tx.Rollback(ctx) }

// put stores every payload with one statement.
func (s pgPayloads) put(ctx context.Context, tx pgx.Tx, ps []storedPayload, now time.Time) error {
	ids, jobs, payloads := make([]string, len(ps)), make([]int64, len(ps)), make([][]byte, len(ps))
	for i, p := range ps {
		ids[i], jobs[i], payloads[i] = p.deliveryID, p.jobID, p.payload
	}
	_, err := tx.Exec(ctx, `INSERT INTO `+payloadTable+` (delivery_id, job_id, payload, stored_at)
		SELECT d, j, p, $4 FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS t(d, j, p)
		ON CONFLICT (delivery_id) DO UPDATE SET job_id = excluded.job_id, payload = excluded.payload, stored_at = excluded.stored_at`,
		ids, jobs, payloads, now)
	return err
}

func (s pgPayloads) get(ctx context.Context, id string) ([]byte, error) {
	var p []byte
	err := s.pool.QueryRow(ctx, `SELECT payload FROM `+payloadTable+` WHERE delivery_id = $1`, id).Scan(&p)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoPayload
	}
	return nonNil(p), err
}

func (s pgPayloads) prune(ctx context.Context, cutoff time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM `+payloadTable+` p WHERE p.stored_at < $1
		AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.id = p.job_id)
		AND NOT EXISTS (SELECT 1 FROM river_job r WHERE r.kind = $2 AND (r.args->>'original')::bigint = p.job_id)`,
		cutoff, rescueKind)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
