package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// reasonEnv is one isolated CLI environment: a config file, a state file and a temp dir.
type reasonEnv struct {
	t      *testing.T
	dir    string
	config string
	db     string
	vars   map[string]string
}

// newReasonEnv writes a configuration with the given profiles (name → YAML body) and pool.
func newReasonEnv(t *testing.T, pool []string, profiles map[string]string, extra string) *reasonEnv {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, name := range sortedNames(profiles) {
		fmt.Fprintf(&b, "  %s: %s\n", name, profiles[name])
	}
	fmt.Fprintf(&b, "protocols:\n  reason:\n    pool: [%s]\n%s", strings.Join(pool, ", "), extra)
	cfg := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	return &reasonEnv{t: t, dir: dir, config: cfg, db: filepath.Join(dir, "state.db"),
		vars: map[string]string{"TMPDIR": tmp}}
}

// scripted is a script profile's YAML body answering from testdata/reason/<file>.
func scripted(family, file string) string {
	abs, _ := filepath.Abs(filepath.Join("testdata", "reason", file))
	return fmt.Sprintf("{type: script, family: %s, responses: %s}", family, abs)
}

type cliResult struct {
	stdout, stderr string
	code           int
}

// run runs war-room reason with the env's config and state file; stdin is typed at a
// terminal when tty is true.
func (r *reasonEnv) run(tty bool, stdin string, args ...string) cliResult {
	r.t.Helper()
	return r.command(tty, stdin, "reason", args...)
}

// command runs any war-room subcommand with the env's config and state file.
func (r *reasonEnv) command(tty bool, stdin, name string, args ...string) cliResult {
	r.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(stdin),
		getenv: func(k string) string { return r.vars[k] }, isTTY: tty}
	full := append([]string{name, "--config", r.config, "--db", r.db}, args...)
	code := run(context.Background(), e, full)
	return cliResult{out.String(), errb.String(), code}
}

// sessions returns the recorded reason sessions, newest first, with their ledgers.
func (r *reasonEnv) sessions() ([]engine.Session, map[string][]ledger.Entry) {
	r.t.Helper()
	st, err := sqlite.Open(context.Background(), r.db)
	if err != nil {
		r.t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "reason", 0)
	if err != nil {
		r.t.Fatal(err)
	}
	ledgers := map[string][]ledger.Entry{}
	for _, s := range ss {
		if ledgers[s.ID], err = st.Ledger(context.Background(), s.ID); err != nil {
			r.t.Fatal(err)
		}
	}
	return ss, ledgers
}

// calls lists role@profile for every ledger row of the only session.
func (r *reasonEnv) calls() []string {
	r.t.Helper()
	ss, ledgers := r.sessions()
	if len(ss) != 1 {
		r.t.Fatalf("want one session, have %d", len(ss))
	}
	var out []string
	for _, e := range ledgers[ss[0].ID] {
		out = append(out, e.Role+"@"+e.Profile)
	}
	// The premise check and the generators make one round and answer in either order: listed
	// premise first, so that positions name roles.
	opening := 0
	for opening < len(out) && (strings.HasPrefix(out[opening], "premise-check@") || strings.HasPrefix(out[opening], "generator@")) {
		opening++
	}
	rank := func(s string) int {
		if strings.HasPrefix(s, "premise-check@") {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(out[:opening], func(a, b string) int { return rank(a) - rank(b) })
	return out
}

func sortedNames(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}

func wantEq(t *testing.T, want, got any, msg ...any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Errorf("want %#v\n got %#v %v", want, got, msg)
	}
}

func wantIn(t *testing.T, s, sub string, msg ...any) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q\ndoes not contain %q %v", s, sub, msg)
	}
}

func wantCode(t *testing.T, want int, r cliResult) {
	t.Helper()
	if r.code != want {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, want, r.stdout, r.stderr)
	}
}
