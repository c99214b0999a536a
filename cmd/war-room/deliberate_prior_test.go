package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
)

// priorEnv is a scripted war-room panel with a fake GitHub whose decisions category already
// holds #1 on the question's topic.
type priorEnv struct {
	*warRoomEnv
	f    *githubfake.Fake
	vars map[string]string
}

const priorTopic = "Which queue should billing adopt?"

func newPriorEnv(t *testing.T) *priorEnv {
	t.Helper()
	w := newWarRoomEnv(t, "council.yaml")
	cfg, err := os.ReadFile(w.config)
	if err == nil {
		cfg = append(cfg, "github:\n  write_spacing: 0s\n"...)
		err = os.WriteFile(w.config, cfg, 0o600)
	}
	if err != nil {
		t.Fatal(err)
	}
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
	f.AddToken("tok", "alice")
	f.SetPermission("acme/widgets", "alice", "write")
	body := recordBody("wr-00000000000000b1", "Billing adopts a managed queue.")
	f.AddDiscussion("acme/widgets", githubfake.DiscussionSpec{Number: 1, Category: "decisions", Author: "alice",
		Title: "[War Room] Which queue should billing adopt?", Body: body, CreatedAt: time.Date(2026, 2, 15, 9, 0, 0, 0, time.UTC)})
	return &priorEnv{warRoomEnv: w, f: f, vars: map[string]string{
		"GITHUB_TOKEN": "tok", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}}
}

// run runs a command with the fake's environment; tty answers the prompts from stdin.
func (p *priorEnv) run(tty bool, stdin string, name string, args ...string) cliResult {
	p.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(stdin), isTTY: tty,
		getenv: func(k string) string { return p.vars[k] }}
	code := run(context.Background(), e, append([]string{name, "--config", p.config, "--db", p.db}, args...))
	return cliResult{out.String(), errb.String(), code}
}

func (p *priorEnv) decision(id string) decision.Decision {
	p.t.Helper()
	raw, err := p.store().GetArtifact(context.Background(), id, "decision.json")
	if err != nil {
		p.t.Fatal(err)
	}
	var d decision.Decision
	if err := json.Unmarshal(raw, &d); err != nil {
		p.t.Fatal(err)
	}
	return d
}

// With nobody at the terminal, the check lists the earlier decision and deliberates; the
// decision notes it, and publishing links nothing.
func TestDeliberatePriorCheckInformsWithoutATerminal(t *testing.T) {
	p := newPriorEnv(t)
	res := p.run(false, "", "deliberate", priorTopic, "--seed", "3", "--repo", "acme/widgets")
	if res.code != 0 || !strings.Contains(res.stderr, "Earlier decisions that may be related: #1 [War Room] Which queue should billing adopt? (2026-02-15)") {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	id := p.onlySession()
	if d := p.decision(id); !strings.Contains(strings.Join(d.Notes, "\n"), "Earlier decisions that may be related: #1") {
		t.Errorf("the decision does not note the earlier one: %v", d.Notes)
	}
	if !strings.Contains(res.stdout, "Earlier decisions that may be related: #1") {
		t.Errorf("the printed decision does not note the earlier one:\n%s", res.stdout)
	}
	if res := p.run(false, "", "publish", id, "--repo", "acme/widgets"); res.code != 0 {
		t.Fatalf("publish: %d %s", res.code, res.stderr)
	}
	if ds := p.f.Discussions("acme/widgets"); strings.Contains(ds[1].Body, "Supersedes") {
		t.Error("an informed session superseded #1")
	}
}

// At a terminal, "proceed" deliberates and the publish supersedes #1 both ways.
func TestDeliberatePriorCheckProceedSupersedes(t *testing.T) {
	p := newPriorEnv(t)
	res := p.run(true, "proceed\n", "deliberate", priorTopic, "--seed", "3", "--repo", "acme/widgets")
	if res.code != 0 || !strings.Contains(res.stderr, "reaffirm #1/proceed/skip") || !strings.Contains(res.stderr, "will supersede #1") {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	id := p.onlySession()
	if res := p.run(false, "", "publish", id, "--repo", "acme/widgets"); res.code != 0 || !strings.Contains(res.stdout, "published #2") {
		t.Fatalf("publish: %d %s %s", res.code, res.stdout, res.stderr)
	}
	ds := p.f.Discussions("acme/widgets")
	if !strings.Contains(ds[1].Body, "**Supersedes:** #1") {
		t.Error("the new decision does not say it supersedes #1")
	}
	if cs := p.f.Comments(ds[0].ID); len(cs) != 1 || !strings.Contains(cs[0].Body, "Superseded by #2") {
		t.Errorf("no forward link on #1: %+v", cs)
	}
}

// At a terminal, "reaffirm #1" ends the session before any model is called; publishing notes
// the reaffirmation on #1 instead of opening a discussion.
func TestDeliberatePriorCheckReaffirmSpendsNothing(t *testing.T) {
	p := newPriorEnv(t)
	res := p.run(true, "reaffirm #1\n", "deliberate", priorTopic, "--repo", "acme/widgets")
	if res.code != 0 || !strings.Contains(res.stdout, "Reaffirmed #1 [War Room] Which queue should billing adopt?") {
		t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	id := p.onlySession()
	if ledger, _ := p.store().Ledger(context.Background(), id); len(ledger) != 0 {
		t.Errorf("%d model calls for a reaffirmed decision", len(ledger))
	}
	if res := p.run(false, "", "publish", id, "--repo", "acme/widgets"); res.code != 0 || !strings.Contains(res.stdout, "reaffirmed #1") {
		t.Fatalf("publish: %d %s %s", res.code, res.stdout, res.stderr)
	}
	if ds := p.f.Discussions("acme/widgets"); len(ds) != 1 || len(p.f.Comments(ds[0].ID)) != 1 {
		t.Errorf("want #1 alone with one reaffirmation comment, have %d discussions", len(ds))
	}
}

// A question left unanswered pauses the session before any call; resuming at a terminal asks
// again without searching again, and "skip" deliberates with no link.
func TestDeliberatePriorCheckUnansweredThenResumed(t *testing.T) {
	p := newPriorEnv(t)
	res := p.run(true, "", "deliberate", priorTopic, "--repo", "acme/widgets")
	id := p.onlySession()
	if res.code != exitAwaiting || !strings.Contains(res.stderr, "answer it at a terminal: war-room deliberate --resume "+id) {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	if ledger, _ := p.store().Ledger(context.Background(), id); len(ledger) != 0 {
		t.Errorf("%d model calls before the question was answered", len(ledger))
	}
	searches := len(p.f.CallsTo("search"))
	res = p.run(true, "skip\n", "deliberate", "--resume", id)
	if res.code != 0 || !strings.Contains(res.stdout, "merkle root") {
		t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
	}
	if n := len(p.f.CallsTo("search")); n != searches {
		t.Errorf("the resumed session searched again (%d → %d)", searches, n)
	}
	g, err := p.store().GetGate(context.Background(), id, discussions.PriorGateKey)
	if err != nil || g.Answer != "skip" {
		t.Errorf("gate %+v, %v", g, err)
	}
}

func TestDeliberatePriorCheckNeedsAToken(t *testing.T) {
	p := newPriorEnv(t)
	delete(p.vars, "GITHUB_TOKEN")
	res := p.run(false, "", "deliberate", priorTopic, "--repo", "acme/widgets")
	if res.code != exitUsage || !strings.Contains(res.stderr, "GITHUB_TOKEN") {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	if ss, _ := p.store().ListSessions(context.Background(), "war-room", 0); len(ss) != 0 {
		t.Error("a session was started without a token to check with")
	}
}
