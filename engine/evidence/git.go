package evidence

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Source is the repository a session's probes read and the commit the session is pinned to:
// a local checkout (Dir: the CLI's project, the Action's workspace) or a repository on GitHub
// read through its API (Repo, "owner/name": the App). The zero Source has no repository, and
// every probe is refused.
type Source struct {
	Dir    string `json:"dir,omitempty"`
	Repo   string `json:"repo,omitempty"`
	Commit string `json:"commit,omitempty"`
}

// Available says whether there is a repository to probe.
func (s Source) Available() bool { return (s.Dir != "" || s.Repo != "") && s.Commit != "" }

// Opener gives the prober that reads a source; the caller that knows how to reach a
// repository on GitHub supplies one.
type Opener func(Source) Prober

// Local is the Opener of a local checkout: git on its objects.
func Local(s Source) Prober { return Git{Source: s} }

// Limits of one probe's run.
const (
	defaultTimeout  = 10 * time.Second
	defaultMaxBytes = 8 << 10
)

// Git probes a repository through the git program, reading objects of the pinned commit only:
// nothing in the work tree, no hooks, no configuration but the repository's own, no remote
// (every transport protocol is disallowed, so not even a lazy fetch of a partial clone
// reaches the network).
type Git struct {
	Source
	Timeout  time.Duration
	MaxBytes int
}

// Probe runs one request and returns its output, cut to MaxBytes (truncated says so). A
// request the repository cannot answer (no such file, not a directory) is a *Refusal.
func (g Git) Probe(ctx context.Context, r Request) (out string, truncated bool, err error) {
	if g.Dir == "" || g.Commit == "" {
		return "", false, refuse("no repository is available to this session, so nothing can be looked up")
	}
	return Bounded(ctx, g.Timeout, g.MaxBytes, func(ctx context.Context) (string, bool, error) {
		var text string
		var err error
		switch r.Op {
		case OpRead:
			text, err = g.read(ctx, r)
		case OpSearch:
			text, err = g.search(ctx, r)
		case OpList:
			text, err = g.list(ctx, r)
		case OpLog:
			text, err = g.log(ctx, r)
		default:
			err = refuse("%q is not an allowed probe", r.Op)
		}
		return text, false, err
	})
}

// Bounded runs one probe's op within timeout (zero: DefaultTimeout) and cuts its text to
// maxBytes (zero: DefaultMaxBytes), for every Prober alike: truncated says the text was cut,
// by op itself or here, and an op that fails once the time is out failed for lack of time.
func Bounded(ctx context.Context, timeout time.Duration, maxBytes int, op func(context.Context) (string, bool, error)) (string, bool, error) {
	timeout = cmpDuration(timeout, defaultTimeout)
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	text, cut, err := op(ctx)
	if ctx.Err() != nil && err != nil {
		return "", false, fmt.Errorf("the probe ran out of its %s", timeout)
	}
	if err != nil {
		return "", false, err
	}
	out, truncated, err := Cut(text, maxBytes)
	return out, truncated || cut, err
}

func (g Git) read(ctx context.Context, r Request) (string, error) {
	obj := g.Commit + ":" + r.Path
	kind, err := g.git(ctx, "cat-file", "-t", obj)
	if err != nil || strings.TrimSpace(kind) != "blob" {
		return "", refuse("%s is not a file at commit %s", r.Path, Short(g.Commit))
	}
	text, err := g.git(ctx, "cat-file", "blob", obj)
	if err != nil {
		return "", err
	}
	return Lines(text, r)
}

// Lines is what a read of text answers: the whole text, or its lines From..To numbered.
func Lines(text string, r Request) (string, error) {
	if r.From == 0 {
		return text, nil
	}
	lines := strings.SplitAfter(text, "\n")
	if r.From > len(lines) {
		return "", refuse("%s has %d line(s); line %d is past its end", r.Path, len(lines), r.From)
	}
	var b strings.Builder
	for i := r.From; i <= min(r.To, len(lines)); i++ {
		fmt.Fprintf(&b, "%d: %s", i, lines[i-1])
	}
	return b.String(), nil
}

func (g Git) search(ctx context.Context, r Request) (string, error) {
	args := []string{"grep", "-n", "-I", "-F", "--no-color", fmt.Sprintf("--max-count=%d", MaxMatchesPerFile), "-e", r.Pattern, g.Commit, "--"}
	if r.Path != "" {
		args = append(args, r.Path)
	}
	out, err := g.git(ctx, args...)
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		return searchAnswer("", ""), nil
	}
	// git reads every file of the commit, so there is never a note on files left unread.
	return searchAnswer(strings.ReplaceAll(out, g.Commit+":", ""), ""), err
}

func (g Git) list(ctx context.Context, r Request) (string, error) {
	args := []string{"ls-tree", g.Commit}
	if r.Path != "" {
		args = append(args, "--", r.Path+"/")
	}
	out, err := g.git(ctx, args...)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		meta, name, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if strings.Contains(meta, " tree ") {
			name += "/"
		}
		b.WriteString(name + "\n")
	}
	if b.Len() == 0 {
		return "", refuse("%s is not a directory at commit %s", r.Path, Short(g.Commit))
	}
	return b.String(), nil
}

func (g Git) log(ctx context.Context, r Request) (string, error) {
	out, err := g.git(ctx, "log", "--no-color", "--date=short", "--format=%h %ad %s", "-n", "20", g.Commit, "--", r.Path)
	if err == nil && strings.TrimSpace(out) == "" {
		return "", refuse("no commit up to %s touches %s", Short(g.Commit), r.Path)
	}
	return out, err
}

// git runs one read-only git command on the repository, with no inherited configuration and
// no transport allowed.
func (g Git) git(ctx context.Context, args ...string) (string, error) {
	full := append([]string{"-C", g.Dir, "-c", "protocol.allow=never", "-c", "safe.directory=" + g.Dir,
		"-c", "core.fsmonitor=false", "-c", "log.showSignature=false", "--no-pager"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=" + os.DevNull,
		"GIT_TERMINAL_PROMPT=0", "GIT_ALLOW_PROTOCOL=", "GIT_NO_REPLACE_OBJECTS=1", "LC_ALL=C"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil && errb.Len() > 0 {
		err = fmt.Errorf("%w: %s", err, strings.TrimSpace(errb.String()))
	}
	return out.String(), err
}

// Cut keeps at most max bytes (DefaultMaxBytes when zero), on a line boundary when it can.
func Cut(s string, max int) (string, bool, error) {
	if max <= 0 {
		max = defaultMaxBytes
	}
	if len(s) <= max {
		return s, false, nil
	}
	s = s[:max]
	if i := strings.LastIndexByte(s, '\n'); i > max/2 {
		s = s[:i+1]
	}
	return s, true, nil
}

// Short is a commit's abbreviation as a refusal names it.
func Short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

func cmpDuration(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Head resolves the commit a checkout's HEAD points at, to pin a session to.
func Head(ctx context.Context, dir string) (string, error) {
	out, err := Git{Source: Source{Dir: dir, Commit: "HEAD"}}.git(ctx, "rev-parse", "--verify", "HEAD^{commit}")
	if err != nil {
		return "", fmt.Errorf("evidence: resolve HEAD of %s: %w", dir, err)
	}
	return strings.TrimSpace(out), nil
}

// Pinner names a file's content at a session's pinned commit by its blob SHA, as a memory
// item's file source pins it. A Prober that is not one cannot pin a file.
type Pinner interface {
	Blob(ctx context.Context, path string) (sha string, err error)
}

var _ Pinner = Git{}

// Blob returns the blob SHA of a file at the pinned commit, which names that file's content
// as a memory source does.
func (g Git) Blob(ctx context.Context, p string) (string, error) {
	clean, err := clean(p)
	if err != nil {
		return "", err
	}
	if g.Dir == "" || g.Commit == "" {
		return "", refuse("no repository is available to this session")
	}
	obj := g.Commit + ":" + clean
	if kind, err := g.git(ctx, "cat-file", "-t", obj); err != nil || strings.TrimSpace(kind) != "blob" {
		return "", refuse("%s is not a file at commit %s", clean, Short(g.Commit))
	}
	out, err := g.git(ctx, "rev-parse", obj)
	return strings.TrimSpace(out), err
}
