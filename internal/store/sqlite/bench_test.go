package sqlite_test

import (
	"testing"

	"github.com/war-room/war-room/internal/store/storetest"
)

// BenchmarkStore runs the stores' shared benchmarks on a temporary file. Each write commits
// and syncs (synchronous=FULL), so these numbers mostly measure the file system's fsync.
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, openTemp(b))
}
