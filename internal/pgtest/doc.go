// Package pgtest gives tests a PostgreSQL server to run against, and a schema of their own on
// it so that tests run in parallel and repeatedly against one server without seeing each
// other's tables.
//
// The server is named by $WAR_ROOM_TEST_DATABASE_URL (scripts/postgres-test-server.sh starts
// one and prints the variable). Without it a test that needs PostgreSQL is skipped, unless
// $WAR_ROOM_REQUIRE_POSTGRES is set, as .ci/run sets it: then it fails, so CI cannot pass by
// silently skipping the PostgreSQL tests.
package pgtest
