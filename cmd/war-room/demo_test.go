package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/testwait"
)

// runFresh runs the binary as a newcomer would on a fresh machine: no key, no configuration,
// an empty HOME.
func runFresh(t *testing.T, home string, args ...string) cliResult {
	t.Helper()
	ctx, cancel := testwait.Context(t)
	defer cancel()
	cmd := exec.CommandContext(ctx, actionBinary, args...)
	cmd.Env, cmd.Dir = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home}, home
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return cliResult{out.String(), errb.String(), code}
}

// With no key and an empty HOME, each protocol's --demo runs the real protocol, engine and
// store against the built-in simulated panel: a card and a record, labelled simulated on
// stdout and scripted on every panel line, and the session verifies. Without --demo, the
// error that lists the variables offers the demo.
func TestTheDemoRunsOnAFreshMachine(t *testing.T) {
	home := t.TempDir()
	res := runFresh(t, home, "deliberate", "Should we rewrite it in Rust?")
	if res.code != exitUsage || !strings.Contains(res.stderr, "war-room deliberate --demo") {
		t.Fatalf("no key, no demo: exit %d\n%s", res.code, res.stderr)
	}
	for _, verb := range []string{"deliberate", "reason", "convene"} {
		res := runFresh(t, home, verb, "--demo")
		if res.code != exitOK {
			t.Fatalf("%s --demo: exit %d\n%s\n%s", verb, res.code, res.stdout, res.stderr)
		}
		if !strings.HasPrefix(res.stdout, "SIMULATED (war-room --demo): no model was called") ||
			!strings.Contains(strings.ToLower(res.stdout), "scripted — not a model") || !strings.Contains(res.stderr, "No model is called") {
			t.Errorf("%s --demo is not labelled as simulated:\n%s\n%s", verb, res.stdout, res.stderr)
		}
		id := regexp.MustCompile(`wr-[0-9a-f]{16}`).FindString(res.stdout + res.stderr)
		if v := runFresh(t, home, "verify", id); v.code != exitOK || !strings.HasPrefix(v.stdout, "OK "+id) {
			t.Errorf("verify %s after %s --demo: exit %d\n%s%s", id, verb, v.code, v.stdout, v.stderr)
		}
	}
	res = runFresh(t, home, "reason", "--demo", "--json", "Should we rewrite it in Rust?")
	var decoded map[string]any
	if res.code != exitOK || json.Unmarshal([]byte(res.stdout), &decoded) != nil {
		t.Errorf("reason --demo --json: exit %d, not JSON:\n%s", res.code, res.stdout)
	}
	if !strings.Contains(res.stderr, "not yours") {
		t.Errorf("a question given with --demo is not said to go unanswered:\n%s", res.stderr)
	}
	res = runFresh(t, home, "convene", "--demo", "--open")
	page := regexp.MustCompile(`file://(\S+\.html)`).FindStringSubmatch(res.stderr)
	if res.code != exitOK || page == nil {
		t.Fatalf("convene --demo --open: exit %d, no page named\n%s", res.code, res.stderr)
	}
	raw, err := os.ReadFile(page[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<strong>Simulated (war-room --demo):</strong> no model was called", "<table>", "<details>", "Decided:"} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the demo page lacks %q", want)
		}
	}
	if res := runFresh(t, home, "reason", "--open"); res.code != exitUsage || !strings.Contains(res.stderr, "give --demo too") {
		t.Errorf("--open without --demo: exit %d\n%s", res.code, res.stderr)
	}
	if res := runFresh(t, home, "reason", "--demo", "--config", "x.yml"); res.code != exitUsage || !strings.Contains(res.stderr, "--config") {
		t.Errorf("--demo with --config: exit %d\n%s", res.code, res.stderr)
	}
}
