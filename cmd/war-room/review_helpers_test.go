package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	wr "github.com/war-room/war-room/internal/github"
)

// reviewEnv is an isolated CLI environment for war-room review: a git checkout with a base
// and a feature branch, a configuration with scripted reviewers, and a state file.
type reviewEnv struct {
	t                     *testing.T
	dir, checkout, config string
	db                    string
	base, head            string
	vars                  map[string]string
	// writes is the GitHub write layer's clock for the run (zero: the real one).
	writes wr.Options
}

// reviewerScript is a script provider file whose reviewer answers text (a template).
func reviewerScript(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name+".yml")
	body := "responses:\n  - role: reviewer\n    text: |\n"
	for _, l := range strings.Split(text, "\n") {
		body += "      " + l + "\n"
	}
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const trueNonce = `{{match "(?s).*nonce=([0-9a-f]+)" .User}}`

// newReviewEnv configures one profile per family → answer and lanes for the given profiles.
func newReviewEnv(t *testing.T, answers map[string]string, lanes ...string) *reviewEnv {
	t.Helper()
	r := &reviewEnv{t: t, dir: t.TempDir()}
	r.checkout = filepath.Join(r.dir, "repo")
	r.db = filepath.Join(r.dir, "state", "war-room.db")
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, name := range sortedNames(answers) {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, responses: %s}\n", name, name, reviewerScript(t, r.dir, name, answers[name]))
	}
	b.WriteString("review:\n  lanes:\n")
	for _, l := range lanes {
		fmt.Fprintf(&b, "    - {name: %s, profile: %s}\n", l, l)
	}
	r.config = filepath.Join(r.dir, "war-room.yml")
	if err := os.WriteFile(r.config, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	r.git("init", "-q", "-b", "main")
	r.base = r.commit("base", "README.md", "hello\n")
	r.git("checkout", "-q", "-b", "feature")
	r.head = r.commit("add main", "main.go", "package main\n\nfunc main() {}\n")
	r.vars = map[string]string{"HOME": r.dir}
	return r
}

func (r *reviewEnv) git(args ...string) string {
	r.t.Helper()
	if err := os.MkdirAll(r.checkout, 0o755); err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = r.checkout
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=Ada", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada", "GIT_COMMITTER_EMAIL=ada@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v: %s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *reviewEnv) commit(msg, path, content string) string {
	r.t.Helper()
	if err := os.WriteFile(filepath.Join(r.checkout, path), []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
	r.git("add", path)
	r.git("commit", "-q", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

// review runs war-room review with the env's config, state file and checkout.
func (r *reviewEnv) review(args ...string) cliResult {
	r.t.Helper()
	return r.command("review", append([]string{"--repo", r.checkout}, args...)...)
}

// command runs another war-room command with the env's config and state file.
func (r *reviewEnv) command(name string, args ...string) cliResult {
	r.t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""),
		getenv: func(k string) string { return r.vars[k] }, writes: r.writes}
	full := append([]string{name, "--config", r.config, "--db", r.db}, args...)
	code := run(context.Background(), e, full)
	return cliResult{out.String(), errb.String(), code}
}
