package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// bare runs a subcommand that takes no configuration or state flags, in the env's project.
func (c *councilEnv) bare(name string, args ...string) cliResult {
	c.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: c.getenv}
	code := run(context.Background(), e, append([]string{name}, args...))
	return cliResult{out.String(), errb.String(), code}
}

// war-room council roster prints the catalog, a profile and a member, read-only; golden.
func TestCouncilRosterGolden(t *testing.T) {
	c := newCouncilEnv(t, "")
	var got strings.Builder
	for _, args := range [][]string{{"roster"}, {"roster", "research-synthesis"}, {"roster", "skeptic"}} {
		res := c.bare("council", args...)
		if res.code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, res.code, res.stderr)
		}
		got.WriteString("$ war-room council " + strings.Join(args, " ") + "\n" + res.stdout + "\n")
	}
	wantGoldenIn(t, "council", "roster.golden", got.String())
}

// A repository's layer shows up with where it came from; a defective one is refused with the
// file, line and key, and nothing is printed.
func TestCouncilRosterReadsTheRepositoryLayer(t *testing.T) {
	c := newCouncilEnv(t, "")
	dir := filepath.Join(c.dir, ".github", "war-room", "council", "profiles")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(text string) {
		if err := os.WriteFile(filepath.Join(dir, "quick.yaml"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("name: quick\ndescription: Two seats.\nmembers: [skeptic, architect]\nmax_seat_calls: 6\n")
	res := c.bare("council", "roster")
	line := regexp.MustCompile(`(?m)^ +quick +2 members · 1 round\(s\) · at most 6 seat calls +\.github/war-room/council/profiles/quick\.yaml$`)
	if res.code != 0 || !line.MatchString(res.stdout) {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	write("name: quick\ndescription: Two seats.\nmembers: [skeptic, architekt]\nmax_seat_calls: 6\nround: 2\n")
	res = c.bare("council", "roster")
	for _, want := range []string{".github/war-room/council/profiles/quick.yaml:3:20: members[1]: unknown member (did you mean \"architect\"?)",
		".github/war-room/council/profiles/quick.yaml:5:1: round: unknown key (did you mean \"rounds\"?)"} {
		if res.code != exitUsage || !strings.Contains(res.stderr, want) {
			t.Errorf("exit %d, stderr lacks %q:\n%s", res.code, want, res.stderr)
		}
	}
	if res.stdout != "" {
		t.Errorf("a defective catalog printed:\n%s", res.stdout)
	}
	if res := c.run("convene", "--go", "Queue?"); res.code != exitUsage || !strings.Contains(res.stderr, "quick.yaml:3:20") {
		t.Errorf("convene ran with a defective catalog: exit %d\n%s", res.code, res.stderr)
	}
}

// Every composition profile is listed by the roster and runs with --dry-run (no session, no
// call); the new ones name their overlays, and the divergence lint passes them all.
func TestEveryProfileIsListedAndRunsDry(t *testing.T) {
	c := newCouncilEnv(t, "")
	roster := c.bare("council", "roster")
	for _, name := range []string{"coding-ratification", "research-synthesis", "business-ideation", "website-ux", "writing-cv"} {
		if !regexp.MustCompile(`(?m)^  [ *] ` + name + ` `).MatchString(roster.stdout) {
			t.Errorf("the roster does not list %s:\n%s", name, roster.stdout)
		}
		res := c.run("convene", "Which way?", "--profile", name, "--dry-run", "--seed", "7")
		if res.code != 0 || !strings.Contains(res.stdout, "no session, no call") || !strings.Contains(res.stdout, "profile "+name) {
			t.Errorf("%s --dry-run: exit %d\n%s%s", name, res.code, res.stdout, res.stderr)
		}
	}
	if n := len(c.sessions()); n != 0 {
		t.Fatalf("dry runs created %d session(s)", n)
	}
	if !regexp.MustCompile(`(?m)^  wordsmith +Wordsmith +deliberation +medium`).MatchString(roster.stdout) {
		t.Errorf("the roster lacks the wordsmith:\n%s", roster.stdout)
	}
	cv := c.bare("council", "roster", "writing-cv")
	for _, want := range []string{"Personal data: member memory is neither read nor proposed", "Overlays (added to the member's core card in this profile only):",
		"- wordsmith: The document as a hiring reader skims it", "Divergence lint: passes."} {
		if !strings.Contains(cv.stdout, want) {
			t.Errorf("roster writing-cv lacks %q:\n%s", want, cv.stdout)
		}
	}
	if res := c.bare("council", "lint"); res.code != 0 || !strings.Contains(res.stdout, "Divergence lint: the 5 profile(s) pass") {
		t.Errorf("lint of the built-ins: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}

// A repository profile whose seats are briefed alike fails the lint, naming the members, and
// exits 1; the roster of that profile shows the same findings.
func TestCouncilLintFailsATeamThatDoesNotDiverge(t *testing.T) {
	c := newCouncilEnv(t, "")
	dir := filepath.Join(c.dir, ".github", "war-room", "council", "profiles")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	text := "name: echo\ndescription: Two friendly seats.\nmembers: [architect, economist]\nmax_seat_calls: 6\n" +
		"overlays:\n  architect: {focus: Costs of the platform.}\n  economist: {focus: costs of the platform}\n"
	if err := os.WriteFile(filepath.Join(dir, "echo.yaml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	res := c.bare("council", "lint")
	for _, want := range []string{"profile echo: nobody on the team is charged with attacking the options",
		"profile echo (architect, economist): have the same overlay focus"} {
		if res.code != exitFailure || !strings.Contains(res.stdout, want) {
			t.Errorf("exit %d, lint lacks %q:\n%s%s", res.code, want, res.stdout, res.stderr)
		}
	}
	if !strings.Contains(res.stderr, "divergence lint: 2 finding(s)") {
		t.Errorf("stderr: %s", res.stderr)
	}
	if r := c.bare("council", "roster", "echo"); !strings.Contains(r.stdout, "Divergence lint:\n- profile echo: nobody") {
		t.Errorf("roster echo:\n%s", r.stdout)
	}
}
