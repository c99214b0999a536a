// Package golden compares what a test produced with a file kept beside it: the text people
// read (a Discussion, a progress comment, a check run, a doctor table), pinned so that a
// change to it shows in review as a diff. UPDATE_GOLDEN=1 rewrites the files instead.
package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// Check compares got with the file at path (relative to the test's package); with
// UPDATE_GOLDEN=1 set, it writes got there and passes.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (UPDATE_GOLDEN=1 to accept the new text):\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}
