package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// failing records what Check reports instead of failing the real test.
type failing struct {
	testing.TB
	errors []string
	fatal  bool
}

func (f *failing) Helper()                        {}
func (f *failing) Errorf(format string, a ...any) { f.errors = append(f.errors, format) }
func (f *failing) Fatalf(format string, a ...any) {
	f.fatal = true
	f.errors = append(f.errors, format)
}

// A matching file passes, a different one fails naming the file, a missing one says how to
// create it, and UPDATE_GOLDEN=1 writes the file (its folders too) so the next check passes.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "golden", "a.md")
	t.Setenv("UPDATE_GOLDEN", "")
	f := &failing{TB: t}
	Check(f, path, "text")
	if !f.fatal || !strings.Contains(f.errors[0], "UPDATE_GOLDEN=1") {
		t.Errorf("a missing file: %v", f.errors)
	}
	t.Setenv("UPDATE_GOLDEN", "1")
	Check(t, path, "text")
	if b, err := os.ReadFile(path); err != nil || string(b) != "text" {
		t.Fatalf("UPDATE_GOLDEN=1 wrote %q (%v)", b, err)
	}
	t.Setenv("UPDATE_GOLDEN", "")
	Check(t, path, "text")
	f = &failing{TB: t}
	Check(f, path, "other")
	if len(f.errors) != 1 || f.fatal || !strings.Contains(f.errors[0], "differs") {
		t.Errorf("a changed text: %v", f.errors)
	}
}
