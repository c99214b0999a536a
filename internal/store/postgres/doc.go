// Package postgres is the engine.Store for several processes on several machines: sessions,
// memoised step results, the call ledger, artifacts, gates, adapter records and leases in one
// PostgreSQL schema (pgx, pgxpool). Every App replica pointed at the same database sees the
// same sessions, so a reply handled by any of them resumes from the stored steps.
//
// Each write is one statement in its own transaction, committed (and, under the server's
// default synchronous_commit, flushed to its write-ahead log) before it returns. Statements
// that must not race across processes (ledger numbering, compare-and-swap, leases) are single
// statements whose row locks do the serialising, never a read followed by a write.
package postgres
