package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/record"
)

var hexRun = regexp.MustCompile(`\b[0-9a-f]{16,64}\b`)

// maskHex replaces hashes and node ids, which depend on the run, with their length.
func maskHex(s string) string {
	return hexRun.ReplaceAllStringFunc(s, func(h string) string { return "<hex" + itoa(len(h)) + ">" })
}

// wantGolden compares got with testdata/warroom/<name>; UPDATE_GOLDEN=1 rewrites the file.
func wantGolden(t *testing.T, name, got string) {
	t.Helper()
	wantGoldenIn(t, "warroom", name, got)
}

// wantGoldenIn compares got with testdata/<dir>/<name>; UPDATE_GOLDEN=1 rewrites the file.
func wantGoldenIn(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", dir, name)
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (UPDATE_GOLDEN=1 to accept):\n--- want\n%s\n--- got\n%s", name, want, got)
	}
}

func TestDeliberateDryRunGolden(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	res := w.run("deliberate", "Which queue?", "--dry-run", "--plan-review")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	wantGolden(t, "dry-run.golden", res.stdout)
}

// The verify report of a tampered session, with the session's random id and hashes masked.
func TestVerifyReportGolden(t *testing.T) {
	w, id := deliberated(t)
	tamper(t, w, id, func(d *record.DAG) { d.Nodes[0].Content = "forged" })
	res := w.run("verify", id)
	if res.code != exitFailure {
		t.Fatalf("exit %d", res.code)
	}
	out := strings.ReplaceAll(res.stdout, id, "SESSION")
	wantGolden(t, "verify-tampered.golden", maskHex(out))
}

func itoa(n int) string { return strconv.Itoa(n) }
