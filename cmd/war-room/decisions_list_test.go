package main

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// browse runs one decisions subcommand the way decisions.go dispatches it.
func (p *pubEnv) browse(name string, args ...string) (string, error) {
	e, out, _ := testEnv(p.vars)
	err := decisionsBrowse[name](context.Background(), e, append(args, "--db", p.db, "--config", p.cfg))
	return out.String(), err
}

func TestDecisionsLocal(t *testing.T) {
	p := newPubEnv(t)
	a := p.record("wr-00000000000000d1", "[War Room] Pick the App's store", "")
	p.record("wr-00000000000000d2", "[War Room] Pin the Go toolchain", "")
	if code, out, errOut := p.run("publish", a.SessionID, "--repo", "acme/widgets"); code != exitOK {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	out, err := p.browse("list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "SESSION") ||
		!strings.Contains(out, "wr-00000000000000d1  2") || !strings.Contains(out, "acme/widgets#1") ||
		!strings.Contains(out, "[War Room] Pin the Go toolchain") {
		t.Errorf("list:\n%s", out)
	}
	out, err = p.browse("list", "--json")
	var rows []localDecision
	if err != nil || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 2 {
		t.Fatalf("list --json: %v %s", err, out)
	}
	out, err = p.browse("show", a.SessionID)
	if err != nil || !strings.Contains(out, "# [War Room] Pick the App's store") || !strings.Contains(out, "PostgreSQL") {
		t.Errorf("show: %v\n%s", err, out)
	}
	out, err = p.browse("search", "toolchain")
	if err != nil || !strings.Contains(out, "wr-00000000000000d2") || strings.Contains(out, "wr-00000000000000d1") {
		t.Errorf("search: %v\n%s", err, out)
	}
	if _, err := p.browse("show", "wr-missing"); err == nil {
		t.Error("showing a missing session succeeded")
	}
	if _, err := p.browse("search"); exitCode(err) != exitUsage {
		t.Errorf("search without words: %v", err)
	}
}

func TestDecisionsOnGitHub(t *testing.T) {
	p := newPubEnv(t)
	a := p.record("wr-00000000000000d3", "[War Room] Keep SQLite", "")
	b := p.record("wr-00000000000000d4", "[War Room] Move to PostgreSQL", "proceed", "reaffirm #1", "proceed", "skip")
	for _, id := range []string{a.SessionID, b.SessionID} {
		if code, out, errOut := p.run("publish", id, "--repo", "acme/widgets"); code != exitOK {
			t.Fatalf("%d %s %s", code, out, errOut)
		}
	}
	out, err := p.browse("list", "--repo", "acme/widgets")
	if err != nil || !regexp.MustCompile(`(?m)^#3 .* active .*Move to PostgreSQL$`).MatchString(out) ||
		!regexp.MustCompile(`(?m)^#1 .* superseded by #3 .*Keep SQLite$`).MatchString(out) {
		t.Errorf("list --repo: %v\n%s", err, out)
	}
	out, err = p.browse("list", "--repo", "acme/widgets", "--json")
	var rows []discussions.DecisionRow
	if err != nil || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 2 || rows[0].Session != b.SessionID {
		t.Errorf("list --repo --json: %v %s", err, out)
	}
	out, err = p.browse("show", "#3", "--repo", "acme/widgets")
	if err != nil || !strings.HasPrefix(out, "#3 [War Room] Move to PostgreSQL\nhttps://github.com/acme/widgets/discussions/3") ||
		!strings.Contains(out, "**Supersedes:** #1") {
		t.Errorf("show --repo: %v\n%s", err, out)
	}
	out, err = p.browse("search", "postgresql", "--repo", "acme/widgets")
	if err != nil || !strings.Contains(out, "#3") {
		t.Errorf("search --repo: %v\n%s", err, out)
	}
	if _, err := p.browse("show", "abc", "--repo", "acme/widgets"); exitCode(err) != exitUsage {
		t.Errorf("show --repo with a session id: %v", err)
	}
}

func exitCode(err error) int {
	e, _, _ := testEnv(nil)
	return report(e, "decisions", err)
}

// olderDecision is a decision.json stored with no summary beside it; its fields that today's
// Decision does not have (a type, a reversibility object, points) are ignored.
const olderDecision = `{"protocol": "war-room", "title": "[War Room] Keep the queue in Redis",
  "question": "Which queue?", "outcome": "Redis stays.", "type": "1B",
  "reversibility": {"dimensions": [{"name": "Reversal Cost", "score": 3, "rationale": "days"}], "score": 0.52, "type": "1B", "mode": "lightweight"},
  "alternatives": [{"label": "Response A", "title": "Redis", "points": 7, "selected": true}],
  "phases": [{"key": "synthesis", "title": "Synthesis", "body": "Keep Redis."}],
  "session_id": "wr-00000000000000e1", "seed": 3, "created_at": "2026-01-10T09:00:00Z"}`

// Browsing reads the summaries the seal stored, never the decisions: a decision.json
// replaced by bytes nobody can decode still lists, and a word said only in the dissent is
// found. A session sealed before summaries were kept lists and is searched beside them.
func TestDecisionsBrowseTheSummaries(t *testing.T) {
	p := newPubEnv(t)
	d := p.record("wr-00000000000000f1", "[War Room] Pick the App's store", "")
	d.Dissent = []string{"The on-call rota cannot absorb another database."}
	p.finished("wr-00000000000000f2", d.Title, func(ctx context.Context, r *engine.Run) error {
		dd := *d
		dd.SessionID = "wr-00000000000000f2"
		return r.Seal(ctx, &dd, nil)
	}, "")
	p.recordRaw("wr-00000000000000e1", "[War Room] Keep the queue in Redis", []byte(olderDecision), "")
	st, err := sqlite.Open(context.Background(), p.db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.PutArtifact(context.Background(), "wr-00000000000000f1", engine.DecisionArtifact, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	st.Close()
	out, err := p.browse("list")
	for _, id := range []string{"wr-00000000000000f1", "wr-00000000000000f2", "wr-00000000000000e1"} {
		if err != nil || !strings.Contains(out, id) {
			t.Errorf("list lacks %s: %v\n%s", id, err, out)
		}
	}
	out, err = p.browse("search", "ON-CALL", "rota")
	if err != nil || !strings.Contains(out, "wr-00000000000000f2") || strings.Contains(out, "wr-00000000000000f1") || strings.Contains(out, "wr-00000000000000e1") {
		t.Errorf("search in the dissent: %v\n%s", err, out)
	}
	out, err = p.browse("search", "redis")
	if err != nil || !strings.Contains(out, "wr-00000000000000e1") || strings.Contains(out, "wr-00000000000000f") {
		t.Errorf("search an older session: %v\n%s", err, out)
	}
}

// The list is one read of the summaries beside the sessions: summarised sessions and one an
// older binary sealed come out newest first, interleaved; a session with no decision is left
// out; an empty store prints the header alone, and null as JSON.
func TestDecisionsListOrderMixed(t *testing.T) {
	p := newPubEnv(t)
	if out, err := p.browse("list"); err != nil || strings.TrimSpace(out) != "SESSION  DATE  PROTOCOL  CLASS  PUBLISHED  TITLE" {
		t.Errorf("empty list: %v\n%q", err, out)
	}
	if out, err := p.browse("list", "--json"); err != nil || out != "null\n" {
		t.Errorf("empty list --json: %v\n%q", err, out)
	}
	p.record("wr-00000000000000a1", "[War Room] First", "")
	p.recordRaw("wr-00000000000000e1", "[War Room] Keep the queue in Redis", []byte(olderDecision), "")
	p.finished("wr-00000000000000a3", "no decision", func(context.Context, *engine.Run) error { return nil }, "")
	p.record("wr-00000000000000a4", "[War Room] Last", "")
	out, err := p.browse("list")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		ids = append(ids, strings.Fields(line)[0])
	}
	want := []string{"wr-00000000000000a4", "wr-00000000000000e1", "wr-00000000000000a1"}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Errorf("list order %q, want %q:\n%s", ids, want, out)
	}
}
