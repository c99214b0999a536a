package postgres_test

import (
	"testing"

	"github.com/war-room/war-room/internal/store/storetest"
)

// BenchmarkStore runs the stores' shared benchmarks on the test server; compare with the
// SQLite store's BenchmarkStore. Each write is a round trip and a commit that waits for the
// server's WAL flush (synchronous_commit=on, the default).
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, openFresh(b))
}
