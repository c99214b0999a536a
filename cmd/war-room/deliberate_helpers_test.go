package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// warRoomEnv is one isolated CLI environment for war-room: a config of four scripted vendors
// answering from testdata/warroom, and a state file.
type warRoomEnv struct {
	t          *testing.T
	dir        string
	config, db string
}

func newWarRoomEnv(t *testing.T, script string) *warRoomEnv {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("testdata", "warroom", script))
	if err != nil {
		t.Fatal(err)
	}
	return warRoomEnvAt(t, t.TempDir(), abs)
}

// councilWith writes the council script with responses placed ahead of its own (so they win)
// and returns its path.
func councilWith(t *testing.T, first string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "warroom", "council.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "council.yaml")
	text := strings.Replace(string(b), "responses:\n", "responses:\n"+first, 1)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// warRoomEnvAt writes a config answering from script into dir; the state file is dir's.
func warRoomEnvAt(t *testing.T, dir, abs string) *warRoomEnv {
	t.Helper()
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range [][2]string{{"claude", "anthropic"}, {"gemini", "google"}, {"glm", "zhipu"}, {"qwen", "qwen"}} {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n", p[0], p[1], p[0], abs)
	}
	b.WriteString("protocols:\n  war_room:\n    timeouts: {expert: 5s, synthesis: 5s}\n")
	cfg := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return &warRoomEnv{t: t, dir: dir, config: cfg, db: filepath.Join(dir, "state.db")}
}

// run runs any war-room subcommand against the env's config and state file.
func (w *warRoomEnv) run(name string, args ...string) cliResult {
	w.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""),
		getenv: func(string) string { return "" }}
	full := append([]string{name, "--config", w.config, "--db", w.db}, args...)
	code := run(context.Background(), e, full)
	return cliResult{out.String(), errb.String(), code}
}

// store opens the env's state file for inspection.
func (w *warRoomEnv) store() engine.Store {
	w.t.Helper()
	st, err := sqlite.Open(context.Background(), w.db)
	if err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() { st.Close() })
	return st
}

// onlySession returns the id of the env's one war-room session.
func (w *warRoomEnv) onlySession() string {
	w.t.Helper()
	ss, err := w.store().ListSessions(context.Background(), "war-room", 0)
	if err != nil || len(ss) != 1 {
		w.t.Fatalf("want one war-room session, have %d (%v)", len(ss), err)
	}
	return ss[0].ID
}
