package postgres_test

import (
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/store/storetest"
)

// TestConformance runs the shared suite with one schema for the whole run, so that each
// subtest's store is a new pool on tables the earlier ones wrote to, as replicas share them.
func TestConformance(t *testing.T) {
	url, schema := pgtest.URL(t), pgtest.SchemaName(t)
	storetest.Run(t, func(t *testing.T) engine.Store {
		return openAt(t, url, schema)
	})
}

// openAt opens a store on schema, closed when t ends.
func openAt(t testing.TB, url, schema string, opts ...postgres.Option) *postgres.Store {
	t.Helper()
	st, err := postgres.Open(t.Context(), url, append(opts, postgres.WithSchema(schema))...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// openFresh opens a store on a schema of its own.
func openFresh(t testing.TB, opts ...postgres.Option) *postgres.Store {
	t.Helper()
	return openAt(t, pgtest.URL(t), pgtest.SchemaName(t), opts...)
}
