package evidence_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/evidence"
)

// repo makes a real git repository with two commits and returns it and its HEAD.
func repo(t *testing.T) evidence.Source {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q", "-b", "main")
	write("billing/retry.go", "package billing\n\nconst MaxRetries = 5\n\nfunc retry() {}\n")
	write("README.md", "Billing runs on cron.\n")
	git("add", ".")
	git("commit", "-q", "-m", "Billing on cron")
	write("billing/retry.go", "package billing\n\nconst MaxRetries = 7\n\nfunc retry() {}\n")
	git("commit", "-q", "-am", "Retry more")
	head, err := evidence.Head(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	// The work tree moves on after the session was pinned: probes must not see it.
	write("billing/retry.go", "UNCOMMITTED\n")
	return evidence.Source{Dir: dir, Commit: head}
}

func TestAllowedProbesReadTheRepositoryAtTheCommit(t *testing.T) {
	g := evidence.Git{Source: repo(t)}
	ctx := context.Background()
	for asked, want := range map[string]string{
		"read billing/retry.go":       "const MaxRetries = 7",
		"read billing/retry.go:3-3":   "3: const MaxRetries = 7",
		`search "MaxRetries"`:         "billing/retry.go:3:const MaxRetries = 7",
		`search "cron" in README.md`:  "README.md:1:Billing runs on cron.",
		`search "nowhere to be seen"`: "no match",
		"list .":                      "billing/\n",
		"list billing":                "billing/retry.go",
		"log billing/retry.go":        "Retry more",
	} {
		r := evidence.Answer(ctx, g, asked)
		if r.Refused != "" || r.Failed != "" || !strings.Contains(r.Output, want) {
			t.Errorf("%s: %+v, want output with %q", asked, r, want)
		}
		if strings.Contains(r.Output, "UNCOMMITTED") {
			t.Errorf("%s read the work tree, not the commit", asked)
		}
	}
}

// Anything off the allowlist — a write, a command, a path outside the repository — is refused,
// with a reason, and nothing is run.
func TestRequestsOffTheAllowlistAreRefused(t *testing.T) {
	src := repo(t)
	g := evidence.Git{Source: src}
	for asked, why := range map[string]string{
		"write billing/retry.go MaxRetries = 0": `"write" is not an allowed probe`,
		"run make test":                         `"run" is not an allowed probe`,
		"exec rm -rf /":                         `"exec" is not an allowed probe`,
		"read ../../etc/passwd":                 "is outside the repository",
		"read /etc/passwd":                      "is an absolute path",
		"list .git":                             "git's own data",
		"read --output=/tmp/x":                  "is not a path",
		"read billing/missing.go":               "is not a file at commit",
		"read billing":                          "is not a file at commit",
		"read billing/retry.go:9-1":             "give a range",
	} {
		r := evidence.Answer(context.Background(), g, asked)
		if !strings.Contains(r.Refused, why) || r.Output != "" {
			t.Errorf("%s: %+v, want a refusal saying %q", asked, r, why)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(src.Dir, "billing/retry.go")); string(b) != "UNCOMMITTED\n" {
		t.Errorf("a probe changed the work tree: %q", b)
	}
	if r := evidence.Answer(context.Background(), evidence.Git{}, "read README.md"); !strings.Contains(r.Refused, "no repository") {
		t.Errorf("without a repository: %+v", r)
	}
}

func TestOutputIsCapped(t *testing.T) {
	g := evidence.Git{Source: repo(t), MaxBytes: 20}
	r := evidence.Answer(context.Background(), g, "read billing/retry.go")
	if !r.Truncated || len(r.Output) > 20 || !strings.Contains(r.Text(), "output cut here") {
		t.Fatalf("%+v", r)
	}
}
