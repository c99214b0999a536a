package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/war-room/war-room/reviewlane"
)

// digestSize is the diff the digest figure hashes.
const digestSize = 100 << 20

// digest is a review lane's streaming SHA-256 (reviewlane.HashFile, in this process) against
// `openssl dgst -sha256` on the same 100 MB file, once the page cache holds it: ratio is our
// throughput ÷ openssl's, so at least 1 means hashing costs a lane no more than the fastest
// tool on the machine. Each side is the median of b.runs.
func digest() figure {
	return figure{name: "digest of a 100 MB diff vs openssl dgst -sha256", goal: "≥ 1.00× (keep)", limit: 1, atLeast: true,
		measure: func(ctx context.Context, b *bench) (result, error) {
			path := filepath.Join(b.dir, "bench.diff")
			if err := writeDiff(path, digestSize); err != nil {
				return result{}, err
			}
			defer os.Remove(path)
			var ours, theirs []time.Duration
			for range b.runs {
				start := time.Now()
				if _, err := reviewlane.HashFile(path); err != nil {
					return result{}, err
				}
				ours = append(ours, time.Since(start))
				start = time.Now()
				if out, err := exec.CommandContext(ctx, "openssl", "dgst", "-sha256", path).CombinedOutput(); err != nil {
					return result{}, fmt.Errorf("openssl dgst: %w: %s", err, tail(string(out), 300))
				}
				theirs = append(theirs, time.Since(start))
			}
			o, t := medianDuration(ours), medianDuration(theirs)
			mbps := func(d time.Duration) float64 { return digestSize / 1e6 / d.Seconds() }
			return result{value: fmt.Sprintf("%.0f MB/s vs openssl %.0f MB/s", mbps(o), mbps(t)), ratio: float64(t) / float64(o)}, nil
		}}
}

// writeDiff writes a git-style diff of many added files, exactly size bytes.
func writeDiff(path string, size int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	n := 0
	for file := 0; n < size; file++ {
		k, _ := fmt.Fprintf(w, "diff --git a/pkg/f%05d.go b/pkg/f%05d.go\nnew file mode 100644\n--- /dev/null\n+++ b/pkg/f%05d.go\n@@ -0,0 +1,2000 @@\n", file, file, file)
		n += k
		for line := 0; line < 2000 && n < size; line++ {
			k, _ := fmt.Fprintf(w, "+\tx%05d := compute(%d, %q) // line %d\n", line, line*file, "value", line)
			n += k
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Truncate(int64(size)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
