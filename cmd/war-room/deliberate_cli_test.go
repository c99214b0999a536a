package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
)

func TestDeliberatePrintsTheDecisionAndMetrics(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	res := w.run("deliberate", "Which queue should billing adopt?", "--seed", "7")
	if res.code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", res.code, res.stderr)
	}
	for _, want := range []string{"# [War Room] Which queue should billing adopt?", "## Reversibility",
		"**RS 0.72 · type 1A · mode full**", "| Reversal Cost | 4/5 | weeks of rework |", "Borda points", "(selected)", "## Panel", "merkle root ",
		"## Metrics", "| mode_match | yes |", "| expert_failures | 0 |", "scripted — not a model"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
		}
	}
	if !strings.Contains(res.stderr, "Phase 4: challenge") {
		t.Errorf("progress on stderr lacks the phases:\n%s", res.stderr)
	}
}

func TestDeliberateJSONIsTheStoredDecision(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	res := w.run("deliberate", "Which queue?", "--seed", "7", "--json")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var d decision.Decision
	if err := json.Unmarshal([]byte(res.stdout), &d); err != nil {
		t.Fatalf("stdout is not a decision: %v\n%s", err, res.stdout)
	}
	stored, err := w.store().GetArtifact(context.Background(), d.SessionID, "decision.json")
	if err != nil {
		t.Fatal(err)
	}
	var s decision.Decision
	json.Unmarshal(stored, &s)
	if d.MerkleRoot == "" || d.MerkleRoot != s.MerkleRoot || d.Seed != 7 || len(d.Alternatives) != 5 {
		t.Fatalf("printed %+v\nstored root %s", d, s.MerkleRoot)
	}
}

func TestDeliberateSameSeedSameRoot(t *testing.T) {
	roots := map[string]bool{}
	for range 2 {
		w := newWarRoomEnv(t, "council.yaml")
		res := w.run("deliberate", "Which queue?", "--seed", "11", "--json")
		var d decision.Decision
		if err := json.Unmarshal([]byte(res.stdout), &d); err != nil {
			t.Fatal(err, res.stderr)
		}
		roots[contributionsRoot(t, w.store(), d.SessionID)] = true
	}
	if len(roots) != 1 {
		t.Fatalf("two runs with --seed 11 reached different contributions roots: %v", roots)
	}
}

func TestDeliberateFeedsContextFilesFenced(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	ctxFile := filepath.Join(w.dir, "design.md")
	os.WriteFile(ctxFile, []byte("We already run Postgres 16."), 0o600)
	res := w.run("deliberate", "Which queue?", "--context", ctxFile, "--seed", "1")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	ledger, _ := w.store().Ledger(context.Background(), w.onlySession())
	for _, e := range ledger {
		if !strings.Contains(strings.Join(e.Inputs, ","), "context:"+ctxFile) {
			t.Fatalf("call %s/%s was not fed the context file: %v", e.Step, e.Role, e.Inputs)
		}
	}
	s, _ := w.store().GetSession(context.Background(), w.onlySession())
	if text, ok := s.Input("context:" + ctxFile); !ok || text != "We already run Postgres 16." {
		t.Fatalf("context not stored verbatim: %q", text)
	}
}

func TestDeliberateDryRunMakesNoSessionAndNoCall(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	res := w.run("deliberate", "Which queue?", "--dry-run", "--preset", "regulated")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	for _, want := range []string{"no session, no call", "thresholds 0.25,0.45,0.65 (preset regulated)",
		"Supreme Commander", "Intelligence Officer  gemini", "express, lightweight, full, delphi"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("dry run lacks %q:\n%s", want, res.stdout)
		}
	}
	ss, _ := w.store().ListSessions(context.Background(), "", 0)
	if len(ss) != 0 {
		t.Fatalf("dry run created %d session(s)", len(ss))
	}
}

func TestDeliberateUsageErrors(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	for name, args := range map[string][]string{
		"no question":         {},
		"bad mode":            {"Q?", "--mode", "fast"},
		"preset and explicit": {"Q?", "--preset", "startup", "--thresholds", "0.3,0.5,0.7"},
		"bad thresholds":      {"Q?", "--thresholds", "0.6,0.4,0.8"},
		"unknown preset":      {"Q?", "--preset", "yolo"},
		"bad seed":            {"Q?", "--seed", "-1"},
		"resume and question": {"Q?", "--resume", "wr-x"},
		"missing context":     {"Q?", "--context", "/nonexistent/file"},
	} {
		if res := w.run("deliberate", args...); res.code != exitUsage {
			t.Errorf("%s: exit %d, want %d\n%s", name, res.code, exitUsage, res.stderr)
		}
	}
}

// TestDryRunShowsTheEffortEachModelIsSent: a profile whose model takes only some levels shows
// the level each seat would really be sent, and one that takes none shows none.
func TestDryRunShowsTheEffortEachModelIsSent(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	b, err := os.ReadFile(w.config)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), "  claude: {type: script,", "  claude: {type: script, effort_levels: [low],", 1)
	text = strings.Replace(text, "  gemini: {type: script,", "  gemini: {type: script, effort_levels: [],", 1)
	if err := os.WriteFile(w.config, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	res := w.run("deliberate", "Which queue?", "--dry-run", "--json")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var out struct {
		Panel struct {
			Members []struct{ Role, Profile, Effort string } `json:"members"`
		} `json:"panel"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &out); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, m := range out.Panel.Members {
		switch m.Profile {
		case "claude":
			wantEq(t, "low", m.Effort)
		case "gemini":
			wantEq(t, "", m.Effort)
		}
		seen[m.Profile] = true
	}
	if !seen["claude"] || !seen["gemini"] {
		t.Fatalf("the panel seats neither profile: %+v", out.Panel.Members)
	}
}

// --agent-teams reaches the session's options and its forecast: the dry run says what the
// mode does and counts the full council's exchanges (26 calls, and 6 more at most).
func TestDeliberateAgentTeamsDryRun(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	plain := w.run("deliberate", "Which queue?", "--dry-run", "--mode", "full")
	teams := w.run("deliberate", "Which queue?", "--dry-run", "--mode", "full", "--agent-teams")
	if plain.code != 0 || teams.code != 0 {
		t.Fatalf("exit %d/%d: %s%s", plain.code, teams.code, plain.stderr, teams.stderr)
	}
	if !strings.Contains(plain.stdout, "~26 calls") || strings.Contains(plain.stdout, "agent-teams") {
		t.Errorf("plain dry run:\n%s", plain.stdout)
	}
	for _, want := range []string{"agent-teams: on — in the full council and Delphi the red team questions the authors", "~32 calls"} {
		if !strings.Contains(teams.stdout, want) {
			t.Errorf("agent-teams dry run lacks %q:\n%s", want, teams.stdout)
		}
	}
}
