package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The variables the tests read.
const (
	EnvURL     = "WAR_ROOM_TEST_DATABASE_URL"
	EnvRequire = "WAR_ROOM_REQUIRE_POSTGRES"
)

// URL returns the test server's URL. Without one it skips t, or fails it when
// $WAR_ROOM_REQUIRE_POSTGRES is set.
func URL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvURL)
	switch {
	case u != "":
		return u
	case os.Getenv(EnvRequire) != "":
		t.Fatalf("%s is set but %s is not: start a server with scripts/postgres-test-server.sh", EnvRequire, EnvURL)
	default:
		t.Skipf("%s is not set (scripts/postgres-test-server.sh starts a server and prints it)", EnvURL)
	}
	return ""
}

// SchemaName returns a schema name no other test uses; the schema itself is not created, and
// is dropped with everything in it when t ends.
func SchemaName(t testing.TB) string {
	t.Helper()
	u := URL(t)
	var b [6]byte
	rand.Read(b[:])
	name := "wrtest_" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		exec(t, u, "DROP SCHEMA IF EXISTS "+pgx.Identifier{name}.Sanitize()+" CASCADE")
	})
	return name
}

// Schema creates a fresh schema (dropped when t ends) and returns the server URL with that
// schema as its search_path, for code that puts its tables in the connection's first schema.
func Schema(t testing.TB) string {
	t.Helper()
	name := SchemaName(t)
	base := URL(t)
	exec(t, base, "CREATE SCHEMA "+pgx.Identifier{name}.Sanitize())
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvURL, err)
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// exec runs one statement on its own connection.
func exec(t testing.TB, dbURL, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
