package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/testprotocol"
)

// A fourth protocol registered with one line gets a CLI command — listed in --help, with its
// own flags checked before anything runs — that runs a session to its decision, and war-room
// resume finishes its sessions like any other's: no file of cmd/ names it. (Not parallel: it
// changes the registry while it runs.)
func TestARegisteredProtocolGetsItsCommandAndResume(t *testing.T) {
	defer testprotocol.Register()()
	_, cfg, db, cli := tallyWorld(t)

	help := cli("--help")
	assert.Contains(t, help.stdout, "tally       ask two seats on two families and tally their answers")
	own := cli("tally", "--help")
	assert.Contains(t, own.stdout+own.stderr, "Examples:\n  war-room tally \"Should we …?\"\n  war-room tally --dry-run \"Should we …?\"",
		"a protocol registered without examples gets a question and its dry run")

	bad := cli("tally", "--config", cfg, "--db", db, "Cron or queue?", "--tone", "shout")
	assert.Equal(t, exitUsage, bad.code)
	assert.Contains(t, bad.stderr, "--tone wants plain or loud")

	dry := cli("tally", "--config", cfg, "--db", db, "--dry-run", "--seed", "7", "Cron or queue?")
	require.Equal(t, exitOK, dry.code, dry.stderr)
	assert.Contains(t, dry.stdout, "war-room tally (dry run: no session, no call)")
	assert.Regexp(t, `first +first +script +anthropic`, dry.stdout)
	assert.Regexp(t, `second +second +script +openai`, dry.stdout)
	assert.Contains(t, dry.stdout, "independence: conforming")
	assert.Contains(t, dry.stdout, "estimate: 2 calls")
	st := (&warRoomEnv{t: t, db: db}).store()
	ss, err := st.ListSessions(context.Background(), testprotocol.Name, 0)
	require.NoError(t, err)
	assert.Empty(t, ss, "a dry run writes no session where sessions are kept")

	res := cli("tally", "--config", cfg, "--db", db, "--json", "Cron or queue?", "--tone", "loud")
	require.Equal(t, exitOK, res.code, res.stderr)
	assert.Contains(t, res.stdout, "use a queue; keep the cron jobs")

	ss, err = st.ListSessions(context.Background(), testprotocol.Name, 0)
	require.NoError(t, err)
	require.Len(t, ss, 1)
	assert.JSONEq(t, `{"tone":"loud"}`, string(ss[0].Options), "the flag reached the session")
	ledger, err := st.Ledger(context.Background(), ss[0].ID)
	require.NoError(t, err)
	assert.Len(t, ledger, 2, "one call a seat")

	again := cli("resume", "--config", cfg, "--db", db, "--json", ss[0].ID)
	require.Equal(t, exitOK, again.code, again.stderr)
	assert.Contains(t, again.stdout, "use a queue; keep the cron jobs")
	ledger, err = st.Ledger(context.Background(), ss[0].ID)
	require.NoError(t, err)
	assert.Len(t, ledger, 2, "a resume of a finished session calls nothing")
}

// A registered protocol that ends its own way — a result of its own, a run it keeps — ends so
// from its command and from a resume alike, through its registry entry's Ending: no file of
// cmd/ names it, and --keep is offered for it and refused for a protocol that keeps nothing.
func TestARegisteredProtocolEndsItsOwnWay(t *testing.T) {
	var keptBy []string
	defer testprotocol.RegisterEnding(protocols.Ending{
		Result: func(ctx context.Context, st engine.Store, id string, d *decision.Decision, w io.Writer) error {
			_, err := fmt.Fprintf(w, "TALLY RESULT %s: %s\n", id, d.Outcome)
			return err
		},
		Keep: func(ctx context.Context, st engine.Store, id, dir string) error {
			keptBy = append(keptBy, id)
			return os.WriteFile(filepath.Join(dir, "RUN"), []byte(id), 0o600)
		},
		KeptRun: func(dir string) string {
			b, _ := os.ReadFile(filepath.Join(dir, "RUN"))
			return string(b)
		},
	})()
	dir, cfg, db, cli := tallyWorld(t)

	full := filepath.Join(dir, "full")
	require.NoError(t, os.MkdirAll(full, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(full, "other"), nil, 0o600))
	refused := cli("tally", "--config", cfg, "--db", db, "--keep", full, "Cron or queue?")
	assert.Equal(t, exitUsage, refused.code)
	assert.Contains(t, refused.stderr, "the directory is not empty")

	keep := filepath.Join(dir, "kept")
	res := cli("tally", "--config", cfg, "--db", db, "--keep", keep, "Cron or queue?")
	require.Equal(t, exitOK, res.code, res.stderr)
	st := (&warRoomEnv{t: t, db: db}).store()
	ss, err := st.ListSessions(context.Background(), testprotocol.Name, 0)
	require.NoError(t, err)
	require.Len(t, ss, 1)
	id := ss[0].ID
	assert.Equal(t, "TALLY RESULT "+id+": use a queue; keep the cron jobs\n", res.stdout, "the protocol's own result, not the decision's markdown")
	assert.Contains(t, res.stderr, "run "+id+" kept in "+keep)

	again := cli("resume", "--config", cfg, "--db", db, "--keep", keep, id)
	require.Equal(t, exitOK, again.code, again.stderr)
	assert.Equal(t, res.stdout, again.stdout, "a resume ends as the command did")
	assert.Equal(t, []string{id, id}, keptBy, "the directory of the very session it resumes may be named again")

	// A session of a protocol that keeps nothing (a paused war-room session, say).
	ws, err := engine.ProtocolSession("war-room", "[War Room] Q?", "QUESTION", "Q?", nil, struct{}{}, 1, "--seed")
	require.NoError(t, err)
	ws.ID = engine.NewSessionID()
	require.NoError(t, st.CreateSession(context.Background(), ws))
	other := cli("resume", "--config", cfg, "--db", db, "--keep", filepath.Join(dir, "k2"), ws.ID)
	assert.Equal(t, exitUsage, other.code)
	assert.Contains(t, other.stderr, "--keep applies to sessions whose protocol keeps its run's files (reason, tally)")
}

// The same protocol answers a comment: "/war-room tally --tone=loud …" is parsed with the
// registry's flags, runs in the Action and is published to Discussions like any decision.
func TestARegisteredProtocolGetsItsSlashCommand(t *testing.T) {
	defer testprotocol.Register()()
	script := filepath.Join(t.TempDir(), "tally.yml")
	require.NoError(t, os.WriteFile(script, []byte("responses:\n  - role: first\n    text: use a queue\n"+
		"  - role: second\n    text: keep the cron jobs\n"), 0o600))
	w := newActionWorld(t, "version: 1\nproviders:\n"+
		"  first: {type: script, family: anthropic, responses: "+script+"}\n"+
		"  second: {type: script, family: openai, responses: "+script+"}\n")
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Cron jobs or a queue?", "alice")

	clk := githubfake.NewClock(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	say := func(body string) actionRun { // in this process, where the fake protocol is registered
		id := w.comment("alice", n, body)
		return w.runHere(clk, "issue_comment", w.commentEvent("created", n, id, "alice", body), nil, nil)
	}
	refused := say("/war-room tally --tone=shout Cron or queue?")
	assert.Empty(t, w.f.Discussions(aRepo), "a bad flag value runs nothing")
	assert.Contains(t, strings.Join(commentBodies(w, n), "\n"), "--tone wants plain or loud", refused.summary)

	r := say("/war-room tally --tone=loud Cron or queue?")
	wantNoError(t, r)
	var body string
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title == "[Tally] Cron or queue?" {
			body = d.Body
		}
	}
	assert.Contains(t, body, "use a queue; keep the cron jobs", "the decision's discussion")
	assert.Contains(t, body, "protocol tally")
}

func commentBodies(w *actionWorld, n int) []string {
	var out []string
	for _, c := range botComments(w, n) {
		out = append(out, c.Body)
	}
	return out
}

// Every protocol's command is the generic one, built from its registry entry: cmd/ writes no
// protocol's command by hand, so what a protocol needs at the terminal is in its entry.
func TestEveryProtocolRunsOnTheGenericCommand(t *testing.T) {
	for _, p := range protocols.Ordered() {
		if _, own := registry[protocols.Verb(p)]; own {
			t.Errorf("%s has a hand-written command in cmd/war-room; give its entry the hook it needs instead", protocols.Verb(p))
		}
		if _, ok := commandFor(protocols.Verb(p)); !ok {
			t.Errorf("%s has no command", protocols.Verb(p))
		}
	}
}

// tallyWorld is a directory holding the fake protocol's two scripted profiles (cfg) and a state
// file (db), and the CLI run in this process, where the protocol is registered.
func tallyWorld(t *testing.T) (dir, cfg, db string, cli func(args ...string) cliResult) {
	t.Helper()
	dir = t.TempDir()
	script := filepath.Join(dir, "tally.yml")
	require.NoError(t, os.WriteFile(script, []byte("responses:\n  - role: first\n    text: use a queue\n"+
		"  - role: second\n    text: keep the cron jobs\n"), 0o600))
	cfg = filepath.Join(dir, "war-room.yml")
	require.NoError(t, os.WriteFile(cfg, []byte("version: 1\nproviders:\n"+
		"  first: {type: script, family: anthropic, responses: "+script+"}\n"+
		"  second: {type: script, family: openai, responses: "+script+"}\n"), 0o600))
	db = filepath.Join(dir, "state.db")
	cli = func(args ...string) cliResult {
		var out, errb bytes.Buffer
		e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(string) string { return "" }}
		code := run(context.Background(), e, args)
		return cliResult{out.String(), errb.String(), code}
	}
	return dir, cfg, db, cli
}
