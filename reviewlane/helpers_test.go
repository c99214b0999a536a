package reviewlane

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// gitRepo is a throwaway repository driven by the real git binary.
type gitRepo struct {
	t   *testing.T
	dir string
}

func newGitRepo(t *testing.T) *gitRepo {
	t.Helper()
	g := &gitRepo{t: t, dir: t.TempDir()}
	g.run("init", "-q", "-b", "main")
	return g
}

func (g *gitRepo) run(args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = g.dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=Ada Author", "GIT_AUTHOR_EMAIL=ada@example.com",
		"GIT_COMMITTER_NAME=Ada Author", "GIT_COMMITTER_EMAIL=ada@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	require.NoError(g.t, err, "git %v: %s", args, out)
	return strings.TrimSpace(string(out))
}

// commit writes files (path → content) and commits them with msg, returning the SHA.
func (g *gitRepo) commit(msg string, files map[string]string) string {
	g.t.Helper()
	for p, c := range files {
		full := filepath.Join(g.dir, p)
		require.NoError(g.t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(g.t, os.WriteFile(full, []byte(c), 0o644))
		g.run("add", p)
	}
	g.run("commit", "-q", "-m", msg)
	return g.run("rev-parse", "HEAD")
}

// fixture is a repository with a base commit on main and a change on branch "feature".
type fixture struct {
	repo       *gitRepo
	base, head string
	evidence   string
}

func newFixture(t *testing.T, change map[string]string) *fixture {
	t.Helper()
	g := newGitRepo(t)
	base := g.commit("base", map[string]string{
		"README.md":                      "hello\n",
		".github/war-room/acceptance.md": "# Contract from the base branch\nEvery function must have a test.\n",
	})
	g.run("checkout", "-q", "-b", "feature")
	head := g.commit("change\n\nCo-authored-by: Claude <noreply@anthropic.com>", change)
	return &fixture{repo: g, base: base, head: head, evidence: filepath.Join(t.TempDir(), "evidence")}
}

func (f *fixture) source() LocalSource {
	return LocalSource{Dir: f.repo.dir, Base: "main", Head: "feature"}
}

func (f *fixture) options(lanes ...laneSpec) BuildOptions {
	if len(lanes) == 0 {
		lanes = []laneSpec{{Name: "openai", Profile: "gpt", Family: "openai", Model: "script"}}
	}
	return BuildOptions{EvidenceDir: f.evidence, Lanes: lanes, Diversity: "cross-family",
		MaxDiffBytes: 1 << 20, ContractPath: ".github/war-room/acceptance.md",
		CoauthorFamilies: map[string]string{"Claude": "anthropic"},
		Now:              func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }}
}

func (f *fixture) build(t *testing.T, o BuildOptions) *Built {
	t.Helper()
	b, err := BuildLocal(context.Background(), f.source(), o)
	require.NoError(t, err)
	return b
}

// echoTrueNonce answers like a reviewer that found the lane's nonce where the task gives it:
// the greedy match takes the last nonce in the prompt, which is the task's.
const echoTrueNonce = `{{match "(?s).*nonce=([0-9a-f]+)" .User}}`

func scripted(family string, s script.Script) *engine.Profile {
	return &engine.Profile{Name: family, Type: "script", Model: "script", Family: family, Provider: script.New(s)}
}

// dispatcher wires a dispatcher with a real SQLite store and the given profiles.
func dispatcher(t *testing.T, heads HeadSource, profiles engine.Profiles) *Dispatcher {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return &Dispatcher{Run: engine.RunConfig{Store: st, Profiles: profiles,
		Now:   func() time.Time { return time.Date(2025, 6, 1, 12, 0, 5, 0, time.UTC) },
		Sleep: func(ctx context.Context, _ time.Duration) error { return ctx.Err() }}, Heads: heads}
}

func answer(text string) script.Script {
	return script.Script{Default: &script.Response{Text: text}}
}

func calls(p *engine.Profile) int { return p.Provider.(*script.Provider).Calls() }

func requests(p *engine.Profile) []provider.Request { return p.Provider.(*script.Provider).Requests() }

// publishOne writes one lane's result to its pull request with the default noise controls
// and refutedConclusion (see PublishWith).
func publishOne(ctx context.Context, pub publisher, heads HeadSource, self string, r *Result, refutedConclusion string) error {
	return publishAll(ctx, pub, heads, self, []*Result{r}, refutedConclusion)
}

// focusNames lists the built-in focuses, for the configuration's checks and its docs.
func focusNames() []string {
	out := make([]string, 0, len(focuses))
	for k := range focuses {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// reviewerPrompt returns the reviewer's system prompt.
func reviewerPrompt() string { return roleBody }

// publishAll is PublishWith with the default noise controls and refutedConclusion.
func publishAll(ctx context.Context, pub publisher, heads HeadSource, self string, results []*Result, refutedConclusion string) error {
	return PublishWith(ctx, pub, heads, self, results, publishOptions{RefutedConclusion: refutedConclusion})
}
