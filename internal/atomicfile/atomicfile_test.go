package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// A write replaces the file whole with the permissions asked, and leaves no temporary file;
// a write that cannot happen leaves the old file as it was.
func TestWriteReplacesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index.html")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "new" {
		t.Fatalf("read %q, %v", b, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v", fi.Mode(), err)
	}
	if err := Write(filepath.Join(dir, "missing", "x"), []byte("y"), 0o644); err == nil {
		t.Fatal("a write into a missing directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Fatalf("left %v in the directory (%v)", entries, err)
	}
}
