package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// pubEnv is a state file with recorded sessions, a fake GitHub and the CLI's environment.
type pubEnv struct {
	t    testing.TB
	f    *githubfake.Fake
	db   string
	cfg  string
	vars map[string]string
}

func newPubEnv(t testing.TB) *pubEnv {
	t.Helper()
	f := githubfake.New(t)
	f.SetMutationSpacing(10*time.Millisecond, true)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
	f.AddLabel("acme/widgets", "war-room")
	f.AddToken("tok", "alice")
	f.SetPermission("acme/widgets", "alice", "write")
	dir := t.TempDir()
	cfg := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(cfg, []byte("version: 1\ngithub:\n  write_spacing: 10ms\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &pubEnv{t: t, f: f, db: filepath.Join(dir, "state.db"), cfg: cfg, vars: map[string]string{
		"GITHUB_TOKEN": "tok", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}}
}

// record stores a finished session with its decision, and the prior check's answer if any.
func (p *pubEnv) record(id, title, priorAnswer string, choices ...string) *decision.Decision {
	p.t.Helper()
	d := &decision.Decision{Protocol: "war-room", Title: title, Question: "Which store should the App use?",
		Outcome: "PostgreSQL", Class: "type 1B", Labels: []string{"type-1b"}, SessionID: id, Seed: 9,
		CreatedAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC),
		Phases:    []decision.PhaseSummary{{Key: "synthesis", Title: "Synthesis", Body: "Use PostgreSQL."}}}
	// Sealed as a session ends: publish refuses a decision whose record does not verify.
	p.finished(id, title, func(ctx context.Context, r *engine.Run) error { return r.Seal(ctx, d, nil) }, priorAnswer, choices...)
	return d
}

// recordRaw stores a finished session whose decision.json is raw, as an older war-room that
// sealed no record wrote it.
func (p *pubEnv) recordRaw(id, title string, raw []byte, priorAnswer string, choices ...string) {
	p.t.Helper()
	p.finished(id, title, func(ctx context.Context, r *engine.Run) error {
		return r.PutArtifact(ctx, engine.DecisionArtifact, raw)
	}, priorAnswer, choices...)
}

// finished stores a finished session whose decision decide writes.
func (p *pubEnv) finished(id, title string, decide func(context.Context, *engine.Run) error, priorAnswer string, choices ...string) {
	p.t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, p.db)
	if err != nil {
		p.t.Fatal(err)
	}
	defer st.Close()
	s := &engine.Session{ID: id, Protocol: "war-room", Title: title, Seed: 9,
		Inputs: []engine.Input{engine.NewInput("question", "Which store should the App use?")}}
	r, err := engine.Start(ctx, engine.RunConfig{Store: st}, s)
	if err != nil {
		p.t.Fatal(err)
	}
	if err := decide(ctx, r); err != nil {
		p.t.Fatal(err)
	}
	if err := r.Finish(ctx, nil); err != nil {
		p.t.Fatal(err)
	}
	if priorAnswer != "" {
		g := &engine.GateRecord{SessionID: id, Key: discussions.PriorGateKey, Question: "earlier decisions?", Choices: choices, OpenedAt: time.Now()}
		if err := st.OpenGate(ctx, g); err != nil {
			p.t.Fatal(err)
		}
		if err := st.AnswerGate(ctx, id, discussions.PriorGateKey, priorAnswer); err != nil {
			p.t.Fatal(err)
		}
	}
}

func (p *pubEnv) run(args ...string) (int, string, string) {
	e, out, errb := testEnv(p.vars)
	code := run(context.Background(), e, append(args, "--db", p.db, "--config", p.cfg))
	return code, out.String(), errb.String()
}

func TestPublishCommand(t *testing.T) {
	p := newPubEnv(t)
	d := p.record("wr-00000000000000c1", "[War Room] Pick the App's store", "")
	code, out, errOut := p.run("publish", d.SessionID, "--repo", "acme/widgets")
	if code != exitOK || !strings.HasPrefix(out, "published #1 https://github.com/acme/widgets/discussions/1\n") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	ds := p.f.Discussions("acme/widgets")
	if len(ds) != 2 || ds[0].Title != "[War Room] Pick the App's store" || ds[1].Title != discussions.LogTitle || ds[0].AnswerID == "" {
		t.Fatalf("discussions %+v", ds)
	}
	if !strings.Contains(errOut, "warning: labels missing") || !strings.Contains(errOut, "type-1b") {
		t.Errorf("the missing type label was not reported: %q", errOut)
	}
	if !strings.Contains(errOut, "publishing: creating the discussion in acme/widgets\npublishing: created #1 ") ||
		!strings.Contains(errOut, "publishing: comment 1 of ") {
		t.Errorf("publish says nothing while it writes: %q", errOut)
	}
	calls := len(p.f.Calls())
	code, out2, _ := p.run("publish", d.SessionID, "--repo", "acme/widgets", "--json")
	var res discussions.Result
	if code != exitOK || json.Unmarshal([]byte(out2), &res) != nil || res.Number != 1 {
		t.Fatalf("re-run: exit %d %s", code, out2)
	}
	// Re-publishing asks GitHub, not its memory, whether the discussion is still there: one
	// lookup, no write.
	for _, c := range p.f.Calls()[calls:] {
		if c.Mutation {
			t.Errorf("re-publishing a published session wrote: %+v", c)
		}
	}
	if n := len(p.f.Calls()) - calls; n != 1 {
		t.Errorf("re-publishing a published session sent %d requests, want one lookup", n)
	}
	if v := p.f.SpacingViolations(); v != 0 {
		t.Errorf("%d spacing violations", v)
	}
}

// The prior-decision answer stored with the session decides what publish does.
func TestPublishCommandFollowsThePriorCheck(t *testing.T) {
	p := newPubEnv(t)
	old := p.record("wr-00000000000000c2", "[War Room] Keep SQLite", "")
	if code, out, errOut := p.run("publish", old.SessionID, "--repo", "acme/widgets"); code != exitOK {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	newer := p.record("wr-00000000000000c3", "[War Room] Move to PostgreSQL", "proceed", "reaffirm #1", "proceed", "skip")
	if code, out, errOut := p.run("publish", newer.SessionID, "--repo", "acme/widgets"); code != exitOK || !strings.Contains(out, "published #3") {
		t.Fatalf("%d %s %s", code, out, errOut)
	}
	ds := p.f.Discussions("acme/widgets")
	if !strings.Contains(ds[2].Body, "**Supersedes:** #1") {
		t.Error("the new decision does not name the one it supersedes")
	}
	// #1's comments: its synthesis, its record, then the forward link, once.
	if cs := p.f.Comments(ds[0].ID); len(cs) != 3 || !strings.Contains(cs[len(cs)-1].Body, "Superseded by #3") {
		t.Errorf("no forward link on #1: %+v", cs)
	}
	again := p.record("wr-00000000000000c4", "[War Room] Move to PostgreSQL again", "reaffirm #3", "reaffirm #3", "proceed", "skip")
	code, out, _ := p.run("publish", again.SessionID, "--repo", "acme/widgets")
	if code != exitOK || !strings.Contains(out, "reaffirmed #3") || len(p.f.Discussions("acme/widgets")) != 3 {
		t.Fatalf("reaffirm: %d %s", code, out)
	}
}

func TestPublishCommandErrors(t *testing.T) {
	p := newPubEnv(t)
	if code, _, errOut := p.run("publish", "wr-nope", "--repo", "acme/widgets"); code != exitUsage || !strings.Contains(errOut, "no session wr-nope") {
		t.Errorf("unknown session: %d %s", code, errOut)
	}
	if code, _, _ := p.run("publish", "wr-x"); code != exitUsage {
		t.Errorf("missing --repo: %d", code)
	}
	if code, _, _ := p.run("publish", "wr-x", "--repo", "not-a-repo"); code != exitUsage {
		t.Errorf("bad --repo: %d", code)
	}
	d := p.record("wr-00000000000000c5", "[War Room] x", "")
	delete(p.vars, "GITHUB_TOKEN")
	if code, _, errOut := p.run("publish", d.SessionID, "--repo", "acme/widgets"); code != exitUsage || !strings.Contains(errOut, "GITHUB_TOKEN") {
		t.Errorf("no token: %d %s", code, errOut)
	}
}

func TestGraphQLURLFor(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.github.com":      "https://api.github.com/graphql",
		"https://ghe.example/api/v3":  "https://ghe.example/api/graphql",
		"https://ghe.example/api/v3/": "https://ghe.example/api/graphql",
	} {
		if got := graphQLURLFor(in); got != want {
			t.Errorf("%s → %s, want %s", in, got, want)
		}
	}
}
