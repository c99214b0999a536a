package main

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"time"
)

// listSessions is how many finished sessions the browsing figure lists.
const listSessions = 1000

// listGoal is the CPU `decisions list` may spend on them.
const listGoal = 50 * time.Millisecond

// decisionsList is the CPU of `war-room decisions list` over a store of 1,000 finished
// sessions: one real convene session (a decision with its dissent, its steps and artifacts),
// copied under 999 more identifiers. The value is the whole process's CPU, start-up included.
func decisionsList() figure {
	return figure{name: "decisions list, 1,000 sessions: process CPU", goal: "≤ 50 ms", limit: 1,
		measure: func(ctx context.Context, b *bench) (result, error) {
			d := conveneRun(fiveVendors, 0)
			dir, err := b.tempDir("list")
			if err != nil {
				return result{}, err
			}
			cfg, err := d.panel.write(dir)
			if err != nil {
				return result{}, err
			}
			db := filepath.Join(dir, "state.db")
			if _, err := b.war(ctx, dir, nil, append([]string{d.args[0], "--config", cfg, "--db", db}, d.args[1:]...)...); err != nil {
				return result{}, err
			}
			if err := copySessions(ctx, db, listSessions-1); err != nil {
				return result{}, err
			}
			var cpu []time.Duration
			var rss []float64
			for range b.runs {
				p, err := b.war(ctx, dir, nil, "decisions", "list", "--config", cfg, "--db", db)
				if err != nil {
					return result{}, err
				}
				cpu, rss = append(cpu, p.cpu), append(rss, float64(p.maxRSS)/(1<<20))
			}
			m := medianDuration(cpu)
			return result{value: fmt.Sprintf("%s CPU, peak RSS %.0f MB", ms(m), median(rss)), ratio: float64(m) / float64(listGoal)}, nil
		}}
}

// copySessions copies the one session of db, with its steps and artifacts, n times.
func copySessions(ctx context.Context, db string, n int) error {
	h, err := sql.Open("sqlite", db+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer h.Close()
	tx, err := h.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var src string
	if err := tx.QueryRowContext(ctx, `SELECT id FROM sessions`).Scan(&src); err != nil {
		return fmt.Errorf("the seed session: %w", err)
	}
	copies := []string{
		`INSERT INTO sessions (id, protocol, title, inputs, seed, seed_source, options, status, error, created_at, updated_at)
			 SELECT ?1, protocol, title, inputs, seed, seed_source, options, status, error, created_at, updated_at FROM sessions WHERE id = ?2`,
		`INSERT INTO steps (session_id, key, result, created_at, sha256)
			 SELECT ?1, key, result, created_at, sha256 FROM steps WHERE session_id = ?2`,
		`INSERT INTO artifacts (session_id, name, body, created_at, updated_at)
			 SELECT ?1, name, body, created_at, updated_at FROM artifacts WHERE session_id = ?2`,
	}
	// The summary browsing reads, where the binary that ran the seed session keeps one.
	var summaries int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE name = 'decision_summaries'`).Scan(&summaries); err != nil {
		return err
	}
	if summaries > 0 {
		copies = append(copies, `INSERT INTO decision_summaries (session_id, class, title, text)
			 SELECT ?1, class, title, text FROM decision_summaries WHERE session_id = ?2`)
	}
	for i := 1; i <= n; i++ {
		id := fmt.Sprintf("wr-%016x", 0xbe00000+i)
		for _, q := range copies {
			if _, err := tx.ExecContext(ctx, q, id, src); err != nil {
				return fmt.Errorf("copy session %s: %w", src, err)
			}
		}
	}
	return tx.Commit()
}
