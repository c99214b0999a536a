package postgres_test

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store/postgres"
)

// raw connects to the test server without the store, for checks the store must not be
// trusted to make about itself.
func raw(t *testing.T, schema string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if _, err := conn.Exec(t.Context(), "SET search_path TO "+pgx.Identifier{schema}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	return conn
}

func TestReopenKeepsDataAndSchemaVersion(t *testing.T) {
	u, schema := pgtest.URL(t), pgtest.SchemaName(t)
	for i := range 3 {
		st, err := postgres.Open(t.Context(), u, postgres.WithSchema(schema))
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		if err := st.PutRecord(t.Context(), "k", strconv.Itoa(i), []byte("kept")); err != nil {
			t.Fatal(err)
		}
		if rs, err := st.ListRecords(t.Context(), "k"); err != nil || len(rs) != i+1 {
			t.Fatalf("open #%d sees %d records (%v), want %d", i+1, len(rs), err, i+1)
		}
		st.Close()
	}
	var n, v int
	if err := raw(t, schema).QueryRow(t.Context(), `SELECT COUNT(*), MAX(version) FROM schema_migrations`).
		Scan(&n, &v); err != nil {
		t.Fatal(err)
	}
	if n != v || n < 1 {
		t.Errorf("schema_migrations has %d rows up to version %d after three opens", n, v)
	}
}

// TestNewerDatabaseIsRefused: a binary must not write into a schema it does not know. The
// error says where and which versions, and never the URL's password.
func TestNewerDatabaseIsRefused(t *testing.T) {
	schema := pgtest.SchemaName(t)
	openAt(t, pgtest.URL(t), schema).Close()
	conn := raw(t, schema)
	var known int
	if err := conn.QueryRow(t.Context(), `SELECT MAX(version) FROM schema_migrations`).Scan(&known); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(t.Context(), `INSERT INTO schema_migrations VALUES ($1, 'from-the-future.sql', now())`,
		known+40); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), "hunter2") // the test server trusts any
	_, err = postgres.Open(t.Context(), u.String(), postgres.WithSchema(schema))
	if err == nil {
		t.Fatal("Open accepted a database with a newer schema")
	}
	for _, want := range []string{schema, strconv.Itoa(known + 40), strconv.Itoa(known)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error %q shows the password", err)
	}
}

// TestConcurrentFreshOpen opens one new schema from many pools at once, as replicas starting
// together do: the advisory lock must let exactly one apply each migration.
func TestConcurrentFreshOpen(t *testing.T) {
	const n = 8
	u, schema := pgtest.URL(t), pgtest.SchemaName(t)
	var wg sync.WaitGroup
	errs := make([]error, n)
	stores := make([]*postgres.Store, n)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			stores[i], errs[i] = postgres.Open(t.Context(), u, postgres.WithSchema(schema))
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Open #%d: %v", i, err)
		}
		defer stores[i].Close()
	}
	var count int
	if err := raw(t, schema).QueryRow(t.Context(), `SELECT COUNT(*) FROM schema_migrations
		WHERE version = 1`).Scan(&count); err != nil || count != 1 {
		t.Errorf("migration 1 recorded %d times (%v)", count, err)
	}
	if err := stores[3].PutRecord(t.Context(), "k", "v", nil); err != nil {
		t.Errorf("store opened concurrently cannot write: %v", err)
	}
}

func TestOpenRefusesOtherURLs(t *testing.T) {
	for _, u := range []string{"", "mysql://u:hunter2@db/x", "/var/lib/war-room/war-room.db"} {
		_, err := postgres.Open(t.Context(), u)
		if err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("Open(%q) = %v; want a refusal without the password", u, err)
		}
	}
}

// TestSchemaFromURL: a URL's search_path chooses the schema, as it does for the job queue.
func TestSchemaFromURL(t *testing.T) {
	u := pgtest.Schema(t)
	st, err := postgres.Open(t.Context(), u)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.PutRecord(t.Context(), "k", "v", []byte("x")); err != nil {
		t.Fatal(err)
	}
	schema := searchPath(t, u)
	var n int
	if err := raw(t, schema).QueryRow(t.Context(), `SELECT COUNT(*) FROM records`).Scan(&n); err != nil || n != 1 {
		t.Errorf("schema %s holds %d records (%v), want 1", schema, n, err)
	}
	if !strings.Contains(st.String(), schema) {
		t.Errorf("String() = %q does not name schema %s", st.String(), schema)
	}
	if _, err := postgres.Open(t.Context(), pgtest.URL(t)+"&search_path=a,b"); err == nil {
		t.Error("a search_path of two schemas was accepted")
	}
}

func searchPath(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil || u.Query().Get("search_path") == "" {
		t.Fatalf("no search_path in %s (%v)", raw, err)
	}
	return u.Query().Get("search_path")
}
