package main

import (
	"context"
	"strings"
	"testing"
)

// A deliberation whose decider fails stops with exit 1 and tells how to continue; resuming
// with the decider back makes only the missing call and prints the decision.
func TestDeliberateResumeAfterAFailedSynthesis(t *testing.T) {
	dir := t.TempDir()
	broken := warRoomEnvAt(t, dir, councilWith(t, "  - {role: supreme-commander, match: 'Phase 7', error: transport}\n"))
	res := broken.run("deliberate", "Which queue?", "--seed", "3")
	if res.code != exitFailure {
		t.Fatalf("exit %d, want %d\n%s", res.code, exitFailure, res.stderr)
	}
	id := broken.onlySession()
	if !strings.Contains(res.stderr, "war-room deliberate --resume "+id) {
		t.Fatalf("stderr does not say how to resume:\n%s", res.stderr)
	}
	before, _ := broken.store().Ledger(context.Background(), id)

	fixed := newWarRoomEnv(t, "council.yaml")
	fixed.db = broken.db
	res = fixed.run("deliberate", "--resume", id, "--json")
	if res.code != 0 {
		t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
	}
	if !strings.Contains(res.stdout, `"merkle_root"`) {
		t.Fatalf("no decision printed:\n%s", res.stdout)
	}
	after, _ := fixed.store().Ledger(context.Background(), id)
	for _, e := range after[len(before):] {
		if e.Step != "p7-synthesis" {
			t.Errorf("resume repeated a call for %s", e.Step)
		}
	}
	if len(after) != len(before)+1 {
		t.Errorf("resume made %d calls, want 1", len(after)-len(before))
	}
	// Resuming a completed session is the one resume path too: it prints the sealed
	// decision again (and would finish a publication), calling nothing.
	res = fixed.run("deliberate", "--resume", id, "--json")
	if res.code != 0 || !strings.Contains(res.stdout, `"merkle_root"`) {
		t.Errorf("resuming a completed session: exit %d\n%s", res.code, res.stderr)
	}
	if again, _ := fixed.store().Ledger(context.Background(), id); len(again) != len(after) {
		t.Errorf("resuming a completed session made %d call(s)", len(again)-len(after))
	}
}

func TestDeliberateResumeRefusesOtherProtocolsAndUnknownSessions(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	if res := w.run("deliberate", "--resume", "wr-nope"); res.code != exitUsage {
		t.Fatalf("unknown session: exit %d\n%s", res.code, res.stderr)
	}
}
