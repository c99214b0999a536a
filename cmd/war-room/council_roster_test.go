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
