package reviewlane

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// benchSize is the diff size the benchmarks hash and build lanes for.
const benchSize = 100 << 20

var (
	benchOnce sync.Once
	benchPath string
	benchTmp  string
	benchErr  error
)

// benchDiff returns a 100 MB diff file: $WAR_ROOM_BENCH_DIFF (written there if missing, so
// bench/digest.sh can hash the same file with sha256sum), else a temporary one.
func benchDiff(b *testing.B) string {
	benchOnce.Do(func() {
		benchPath = os.Getenv("WAR_ROOM_BENCH_DIFF")
		if benchPath == "" {
			if benchTmp, benchErr = os.MkdirTemp("", "war-room-bench-"); benchErr != nil {
				return
			}
			benchPath = filepath.Join(benchTmp, "bench.diff")
		}
		if _, err := os.Stat(benchPath); err != nil {
			benchErr = writeBenchDiff(benchPath, benchSize)
		}
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchPath
}

// writeBenchDiff writes a git-style diff of many added files, size bytes or a little more.
func writeBenchDiff(path string, size int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var n int64
	for file := 0; n < size; file++ {
		k, _ := fmt.Fprintf(w, "diff --git a/pkg/f%05d.go b/pkg/f%05d.go\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/f%05d.go\n@@ -0,0 +1,2000 @@\n", file, file, file)
		n += int64(k)
		for line := 0; line < 2000 && n < size; line++ {
			k, _ = fmt.Fprintf(w, "+\tx%05d := compute(%d, %q) // line %d\n", line, file*line, "some text", line)
			n += int64(k)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func TestMain(m *testing.M) {
	code := m.Run()
	if benchTmp != "" {
		os.RemoveAll(benchTmp)
	}
	os.Exit(code)
}

// BenchmarkDigest100MB is the streaming SHA-256 every lane applies to its diff.
func BenchmarkDigest100MB(b *testing.B) {
	path := benchDiff(b)
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	b.ResetTimer()
	for b.Loop() {
		if _, err := HashFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// fileSource serves a pull request whose diff streams from a file, so building a lane goes
// through BuildFromPR exactly as for GitHub, minus the network.
type fileSource struct{ path string }

func (s fileSource) Pull(context.Context, string, int) (pullInfo, error) {
	return pullInfo{Repository: "acme/widgets", Number: 7, BaseSHA: baseSHA, HeadSHA: headSHA, AuthorLogin: "octocat"}, nil
}
func (s fileSource) PullDiff(_ context.Context, _ string, _ int, w io.Writer) error {
	f, err := os.Open(s.path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(w, f)
	return err
}
func (s fileSource) FileAt(context.Context, string, string, string) ([]byte, bool, error) {
	return nil, false, nil
}
func (s fileSource) CommitMessages(context.Context, string, int) ([]string, error) { return nil, nil }

// BenchmarkBuildLane100MB builds a lane for the 100 MB diff (stream to disk, hash, write the
// request) and then makes dispatch's verification pass (re-hash plus coverage), reporting the
// peak heap above the starting point: it must stay flat whatever the diff's size.
func BenchmarkBuildLane100MB(b *testing.B) {
	src := fileSource{path: benchDiff(b)}
	fi, _ := os.Stat(src.path)
	b.SetBytes(fi.Size())
	b.ReportAllocs()
	var peak int64
	for b.Loop() {
		b.StopTimer()
		dir := filepath.Join(b.TempDir(), "evidence")
		o := BuildOptions{EvidenceDir: dir, Lanes: []laneSpec{{Name: "gpt", Profile: "gpt", Family: "openai"}},
			Diversity: "cross-family", MaxDiffBytes: 1 << 20}
		stop := sampleHeap()
		b.StartTimer()
		built, err := BuildFromPR(context.Background(), src, "acme/widgets", 7, PullOptions{}, o)
		if err != nil {
			b.Fatal(err)
		}
		req, _, err := ReadRequest(built.Requests[0])
		if err != nil {
			b.Fatal(err)
		}
		s, err := scanDiff(req.Diff.Path, req.MaxDiff, req.Paths)
		if err != nil || s.digest.SHA256 != req.Diff.SHA256 {
			b.Fatalf("verification pass: %v", err)
		}
		b.StopTimer()
		peak = max(peak, stop())
		os.RemoveAll(dir)
		b.StartTimer()
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// sampleHeap watches the live heap until the returned function is called, which reports the
// highest reading above the starting one.
func sampleHeap() func() int64 {
	runtime.GC()
	read := func() int64 {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(s)
		return int64(s[0].Value.Uint64())
	}
	base := read()
	var peak atomic.Int64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			if v := read() - base; v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	return func() int64 { close(done); wg.Wait(); return peak.Load() }
}
