package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
)

func TestDecisionsDeferredListsWhatTheDeliberationCaptured(t *testing.T) {
	w, id := deliberated(t)
	res := w.run("decisions", "deferred", "--json")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	var items []decision.DeferredItem
	if err := json.Unmarshal([]byte(res.stdout), &items); err != nil {
		t.Fatal(err, res.stdout)
	}
	var coas, dissent int
	for _, it := range items {
		if it.SessionID != id {
			t.Errorf("item of session %q", it.SessionID)
		}
		switch {
		case strings.HasPrefix(it.Title, "COA: "):
			coas++
		case strings.Contains(it.Rationale, "revisit self-hosting"):
			dissent++
		}
	}
	// Five options, one selected; the echoed ballots give every rejected one some points.
	if coas != 4 || dissent != 1 {
		t.Fatalf("want 4 rejected COAs and 1 dissent, got %d and %d: %+v", coas, dissent, items)
	}

	table := w.run("decisions", "deferred")
	if table.code != 0 || !strings.Contains(table.stdout, "rejected course of action") || !strings.Contains(table.stdout, id) {
		t.Fatalf("table:\n%s", table.stdout)
	}
	if other := w.run("decisions", "deferred", "--session", "wr-other"); !strings.Contains(other.stdout, "no deferred items") {
		t.Fatalf("--session filter:\n%s", other.stdout)
	}
}

func TestDecisionsDispatch(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	if res := w.run("decisions"); res.code != exitUsage {
		t.Errorf("no subcommand: exit %d", res.code)
	}
	if res := w.run("decisions", "frobnicate"); res.code != exitUsage {
		t.Errorf("unknown subcommand: exit %d", res.code)
	}
	for _, h := range []string{"--help", "-h", "help"} {
		if res := w.run("decisions", h); res.code != 0 || !strings.Contains(res.stderr, "deferred  future work") {
			t.Errorf("decisions %s: exit %d\n%s", h, res.code, res.stderr)
		}
	}
	if res := w.run("decisions", "list"); res.code != 0 {
		t.Errorf("list is dispatched to the browsing commands: exit %d\n%s", res.code, res.stderr)
	}
}
