package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// indepEnv is a CLI environment whose profiles are given one by one: a name, a family and
// what answers for it (a script file, or a loopback vendor).
type indepEnv struct {
	t          *testing.T
	dir        string
	config, db string
}

type profileSpec struct{ name, family, body string }

func scriptProfile(name, family, script string) profileSpec {
	abs, _ := filepath.Abs(script)
	return profileSpec{name, family, fmt.Sprintf("{type: script, family: %s, model: %s-model, responses: %s}", family, name, abs)}
}

func newIndepEnv(t *testing.T, profiles []profileSpec, extra string) *indepEnv {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range profiles {
		fmt.Fprintf(&b, "  %s: %s\n", p.name, p.body)
	}
	b.WriteString("protocols:\n  war_room:\n    timeouts: {expert: 5s, synthesis: 5s}\n" + extra)
	cfg := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(cfg, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return &indepEnv{t: t, dir: dir, config: cfg, db: filepath.Join(dir, "state.db")}
}

func (w *indepEnv) run(getenv map[string]string, name string, args ...string) cliResult {
	w.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return getenv[k] }}
	code := run(context.Background(), e, append([]string{name, "--config", w.config, "--db", w.db}, args...))
	return cliResult{out.String(), errb.String(), code}
}

func (w *indepEnv) decision(id string) *decision.Decision {
	w.t.Helper()
	st, err := sqlite.Open(context.Background(), w.db)
	if err != nil {
		w.t.Fatal(err)
	}
	defer st.Close()
	d, err := verify.Decision(context.Background(), st, id)
	if err != nil {
		w.t.Fatal(err)
	}
	return d
}

func (w *indepEnv) onlySession() string {
	w.t.Helper()
	st, err := sqlite.Open(context.Background(), w.db)
	if err != nil {
		w.t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "", 0)
	if err != nil || len(ss) != 1 {
		w.t.Fatalf("want one session, have %d (%v)", len(ss), err)
	}
	return ss[0].ID
}

// countingVendor is an OpenAI-compatible server on loopback that counts every request; it is
// never meant to be asked anything.
func countingVendor(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		http.Error(w, `{"error":{"message":"not expected","type":"invalid_request_error"}}`, http.StatusBadRequest)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func vendorProfile(name, family, url string) profileSpec {
	return profileSpec{name, family, fmt.Sprintf("{type: openai, family: %s, model: m-%s, base_url: %s, api_key_env: TEST_KEY}", family, name, url)}
}

// commands runs each protocol's command on a question.
var commands = map[string][]string{
	"reason":     {"reason", "Should we keep PostgreSQL?"},
	"deliberate": {"deliberate", "Which queue?"},
	"convene":    {"convene", "Which queue?", "--go"}, // no person here to confirm the card
}

// Two profiles that declare one family, whatever their names say: no protocol sends anything
// to any vendor without a person's approval, and each says how to give it. The standing team
// refuses outright, since its seats cannot span two families.
func TestSameFamilyMakesNoRequestWithoutApproval(t *testing.T) {
	for name, cmd := range commands {
		t.Run(name, func(t *testing.T) {
			srv, requests := countingVendor(t)
			w := newIndepEnv(t, []profileSpec{vendorProfile("openai-gpt", "acme", srv.URL),
				vendorProfile("anthropic-claude", "acme", srv.URL)}, "  reason: {pool: [openai-gpt, anthropic-claude]}\n")
			res := w.run(map[string]string{"TEST_KEY": "k"}, cmd[0], cmd[1:]...)
			if requests.Load() != 0 {
				t.Fatalf("%d request(s) reached the vendor", requests.Load())
			}
			if name == "convene" {
				if res.code != exitUsage || !strings.Contains(res.stderr, "the seats cannot span two model families") {
					t.Fatalf("exit %d\n%s", res.code, res.stderr)
				}
				return
			}
			if res.code != exitDeclined || !strings.Contains(res.stderr, "--approve-reduced-independence") ||
				!strings.Contains(res.stderr, "family acme") {
				t.Fatalf("exit %d, want %d\n%s", res.code, exitDeclined, res.stderr)
			}
		})
	}
}

// The standing team with two families (Anthropic and OpenAI profiles, the common setup)
// cannot seat a clean arbiter: it takes the fallback path, an accepted residual the spec
// flags rather than a reduction, so the team convenes without asking, and its card, decision
// notes and metrics say "fallback".
func TestTwoFamiliesConveneWithAFallbackArbiter(t *testing.T) {
	council := filepath.Join(t.TempDir(), "council-script.yaml")
	if err := os.WriteFile(council, []byte(councilScript), 0o600); err != nil {
		t.Fatal(err)
	}
	w := newIndepEnv(t, []profileSpec{scriptProfile("claude", "anthropic", council), scriptProfile("gpt", "openai", council)}, "")
	res := w.run(nil, "convene", "Which queue?", "--go", "--seed", "3")
	mustExit(t, res, 0)
	if !strings.Contains(res.stderr, "(fallback path: ") || strings.Contains(res.stderr, "approve-reduced-independence") {
		t.Fatalf("the card says fallback and asks nothing:\n%s", res.stderr)
	}
	d := w.decision(w.onlySession())
	if d.Metrics["fallback_arbiter_residual"] != "true" || d.Metrics["arbiter_path"] != "fallback" {
		t.Fatalf("metrics: %v", d.Metrics)
	}
	if !slices.ContainsFunc(d.Notes, func(n string) bool { return strings.HasPrefix(n, "The arbiter took the fallback path: ") }) {
		t.Fatalf("notes: %q", d.Notes)
	}
}

// With approval, every protocol runs on one family and says so at the top of what it prints
// and in its decision.
func TestApprovedSameFamilyRunsAndSaysSoAtTheTop(t *testing.T) {
	warroom := filepath.Join("testdata", "warroom", "council.yaml")
	reasonScript := filepath.Join("testdata", "reason", "conforming.yaml")
	council := filepath.Join(t.TempDir(), "council-script.yaml")
	if err := os.WriteFile(council, []byte(councilScript), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string][]profileSpec{
		"deliberate": {scriptProfile("claude", "anthropic", warroom), scriptProfile("opus", "anthropic", warroom)},
		"reason":     {scriptProfile("claude", "anthropic", reasonScript), scriptProfile("opus", "anthropic", reasonScript)},
		"convene": {scriptProfile("claude", "anthropic", council), scriptProfile("gpt", "openai", council),
			scriptProfile("gemini", "google", council)},
	}
	for name, profiles := range cases {
		t.Run(name, func(t *testing.T) {
			extra := "  reason: {pool: [claude, opus]}\n"
			if name == "convene" { // three families, but every seat pinned to one: a one-family team
				extra = "  council:\n    roles:\n      architect: {profile: claude}\n      skeptic: {profile: claude}\n" +
					"      operations-lead: {profile: claude}\n      steward: {profile: claude}\n"
			}
			w := newIndepEnv(t, profiles, extra)
			cmd := commands[name]
			res := w.run(nil, cmd[0], append(cmd[1:], "--seed", "3", "--approve-reduced-independence")...)
			if res.code != 0 {
				t.Fatalf("exit %d\n%s", res.code, res.stderr)
			}
			if head := strings.Join(strings.SplitN(res.stdout, "\n", 4)[:3], "\n"); !strings.Contains(head, "reduced-independence") {
				t.Errorf("stdout does not open with the independence line:\n%s", head)
			}
			d := w.decision(w.onlySession())
			if d.Independence != decision.ReducedIndependence || !d.IndependenceApproved {
				t.Errorf("decision.json: independence %q, approved %v", d.Independence, d.IndependenceApproved)
			}
		})
	}
}

// A conforming plan whose red team or skeptic (the seat the rule needs) never answers: the
// decision is made, recorded as reduced independence nobody approved, and the exit is 5.
func TestALostSeatDowngradesTheRecordAndTheExit(t *testing.T) {
	dead := filepath.Join(t.TempDir(), "dead.yaml")
	if err := os.WriteFile(dead, []byte("default: {error: transport, text: connection reset}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	warroom := filepath.Join("testdata", "warroom", "council.yaml")
	council := filepath.Join(t.TempDir(), "council-script.yaml")
	if err := os.WriteFile(council, []byte(councilScript), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		profiles []profileSpec
		extra    string
		args     []string
	}{
		"deliberate": {[]profileSpec{scriptProfile("claude", "anthropic", warroom), scriptProfile("gemini", "google", warroom),
			scriptProfile("glm", "zhipu", dead)}, "    roles:\n      red-team: {profile: glm}\n", []string{"--mode", "full"}},
		"convene": {[]profileSpec{scriptProfile("claude", "anthropic", council), scriptProfile("gpt", "openai", council),
			scriptProfile("gemini", "google", council), scriptProfile("glm", "zhipu", dead)},
			"  council:\n    roles:\n      skeptic: {profile: glm}\n", nil},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			w := newIndepEnv(t, c.profiles, c.extra)
			cmd := commands[name]
			args := append(append(cmd[1:len(cmd):len(cmd)], "--seed", "3"), c.args...)
			res := w.run(nil, cmd[0], args...)
			if res.code != exitReduced || !strings.Contains(res.stderr, "never answered") {
				t.Fatalf("exit %d, want %d\n%s", res.code, exitReduced, res.stderr)
			}
			d := w.decision(w.onlySession())
			if d.Independence != decision.ReducedIndependence || d.IndependenceApproved {
				t.Errorf("decision.json: independence %q, approved %v", d.Independence, d.IndependenceApproved)
			}
			if !strings.Contains(res.stdout, "reduced-independence (lost during the run)") {
				t.Errorf("stdout does not say independence was lost:\n%s", res.stdout)
			}
		})
	}
}

// The disclosure is on stderr before the first call: who will receive the question.
func TestTheDisclosureIsOnStderrBeforeTheFirstCall(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	res := w.run("deliberate", "Which queue?", "--seed", "5")
	mustExit(t, res, 0)
	disclosed := strings.Index(res.stderr, "Before any model is called")
	first := strings.Index(res.stderr, " → ")
	if disclosed < 0 || first < 0 || disclosed > first {
		t.Fatalf("the disclosure does not come before the first call:\n%s", res.stderr)
	}
	for _, want := range []string{"claude: claude-model (anthropic family)", "gemini: gemini-model (google family)"} {
		if !strings.Contains(res.stderr[:first], want) {
			t.Errorf("the disclosure does not name %q:\n%s", want, res.stderr[:first])
		}
	}
}

// At a gate on a terminal the question is printed once — by the prompt — and the answer typed
// there lets the run go on.
func TestATerminalGateAsksOnce(t *testing.T) {
	script := filepath.Join("testdata", "reason", "conforming.yaml")
	w := newIndepEnv(t, []profileSpec{scriptProfile("a", "anthropic", script), scriptProfile("b", "anthropic", script)},
		"  reason: {pool: [a, b]}\n")
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader("approve\n"), getenv: func(string) string { return "" }, isTTY: true}
	code := run(context.Background(), e, []string{"reason", "--config", w.config, "--db", w.db, "--seed", "4", "Should we keep PostgreSQL?"})
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errb.String())
	}
	if n := strings.Count(errb.String(), "This panel cannot be independent"); n != 1 {
		t.Errorf("the gate's question was printed %d times:\n%s", n, errb.String())
	}
	if !strings.Contains(errb.String(), "waiting for an answer at gate") {
		t.Errorf("the progress does not say it waits:\n%s", errb.String())
	}
}
