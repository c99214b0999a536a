package queue

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// sqlitePayloads keeps payloads in the SQLite queue file.
type sqlitePayloads struct{ db *sql.DB }

var _ payloadStore[*sql.Tx] = sqlitePayloads{}

// migrate applies the queue's own SQLite migrations not yet applied, in one transaction.
func (s sqlitePayloads) migrate(ctx context.Context) error {
	steps, err := schemaSteps("sqlite")
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS war_room_schema (version INTEGER PRIMARY KEY)`); err != nil {
		return err
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM war_room_schema`).Scan(&have); err != nil {
		return err
	}
	err = applySteps(steps, have, `INSERT INTO war_room_schema (version) VALUES (?)`, func(q string, args ...any) error {
		_, err := tx.ExecContext(ctx, q, args...)
		return err
	})
	if err != nil {
		return err
	}
	return tx.Commit()
}

func (s sqlitePayloads) begin(ctx context.Context) (*sql.Tx, error) { return s.db.BeginTx(ctx, nil) }

func (s sqlitePayloads) commit(_ context.Context, tx *sql.Tx) error { return tx.Commit() }

func (s sqlitePayloads) rollback(_ context.Context, tx *sql.Tx) { _ = tx.Rollback() }

// put stores every payload with one statement.
func (s sqlitePayloads) put(ctx context.Context, tx *sql.Tx, ps []storedPayload, now time.Time) error {
	var q strings.Builder
	q.WriteString(`INSERT INTO ` + payloadTable + ` (delivery_id, job_id, payload, stored_at) VALUES `)
	args := make([]any, 0, 4*len(ps))
	for i, p := range ps {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?)")
		args = append(args, p.deliveryID, p.jobID, p.payload, now.Unix())
	}
	q.WriteString(` ON CONFLICT (delivery_id) DO UPDATE SET job_id = excluded.job_id, payload = excluded.payload, stored_at = excluded.stored_at`)
	_, err := tx.ExecContext(ctx, q.String(), args...)
	return err
}

func (s sqlitePayloads) get(ctx context.Context, id string) ([]byte, error) {
	var p []byte
	err := s.db.QueryRowContext(ctx, `SELECT payload FROM `+payloadTable+` WHERE delivery_id = ?`, id).Scan(&p)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoPayload
	}
	return nonNil(p), err
}

func (s sqlitePayloads) prune(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM `+payloadTable+` AS p WHERE p.stored_at < ?
		AND NOT EXISTS (SELECT 1 FROM river_job j WHERE j.id = p.job_id)
		AND NOT EXISTS (SELECT 1 FROM river_job r WHERE r.kind = ? AND json_extract(r.args, '$.original') = p.job_id)`,
		cutoff.Unix(), rescueKind)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// nonNil makes an empty payload a value, not SQL NULL.
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
