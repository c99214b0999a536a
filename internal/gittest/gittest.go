// Package gittest makes real git repositories for tests, with the git program and no
// inherited configuration.
package gittest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Repo is a repository a test made.
type Repo struct {
	t   testing.TB
	Dir string
}

// Commit writes files into a fresh repository (branch main), commits them with message and
// returns the repository and its HEAD.
func Commit(t testing.TB, files map[string]string, message string) (Repo, string) {
	t.Helper()
	r := Repo{t: t, Dir: t.TempDir()}
	for name, text := range files {
		p := filepath.Join(r.Dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r.Git("init", "-q", "-b", "main")
	r.Git("add", ".")
	r.Git("commit", "-q", "-m", message)
	return r, r.Git("rev-parse", "HEAD")
}

// Git runs git in the repository and returns its trimmed output; a failure fails the test.
func (r Repo) Git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.Dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}
