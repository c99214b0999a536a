// Package sqlite is the default engine.Store: one SQLite file (modernc.org/sqlite, pure Go, no
// cgo) holding sessions, memoised step results, the call ledger, artifacts, gates and adapter
// records. It is safe for concurrent use by one process, and several processes may open the same
// file (the CLI while an Action job runs, two App replicas on one volume): SQLite's own file
// locks serialise writers across processes, and every write is on disk before it returns.
package sqlite
