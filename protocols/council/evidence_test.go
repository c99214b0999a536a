package council

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/provider/script"
)

// gitRepo commits files into a fresh repository and returns it pinned at that commit.
func gitRepo(t *testing.T, files map[string]string) evidence.Source {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "."}, {"commit", "-q", "-m", "start"}} {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	head, err := evidence.Head(context.Background(), dir)
	require.NoError(t, err)
	return evidence.Source{Dir: dir, Commit: head}
}

// The skeptic asks the repository during its blind position: the read is answered and fed,
// fenced and attributed, to the clerk and to every member after; the write, the command and
// the path outside the repository are refused; all four are in the sealed record.
func TestEvidenceRequestsAreAnsweredOrRefusedAndRecorded(t *testing.T) {
	src := gitRepo(t, map[string]string{"billing/retry.go": "package billing\n\nconst MaxRetries = 7 // REPO-FACT\n"})
	asks := "## Position\nKeep cron.\n## Grounds\n- retries are capped\n## Risks\n- NONE_FOUND: checked the cap\n" +
		"## Evidence requests\n- read billing/retry.go:3-3\n- write billing/retry.go MaxRetries = 0\n- run make test\n"
	sc := team(nil, script.Response{Role: skeptic, Match: `Blind round`, Text: asks},
		script.Response{Role: architect, Match: `Blind round`, Text: "## Position\nQueue.\n## Grounds\n- load\n## Risks\n- none\n" +
			"## Evidence requests\n- read ../../etc/passwd\n"})
	st, ctx := openStore(t, ""), context.Background()
	d, p := convenedSession(t, st, sc, NewSection(), Env{Evidence: src}, "wr-evidence0000001")

	var clerk string
	for _, req := range p.Requests() {
		if req.Role == Clerk {
			clerk = req.User
		}
		if req.Role == skeptic && strings.Contains(req.User, "Blind round") {
			assert.Contains(t, req.User, "## Evidence requests", "a session with a repository tells seats how to ask it")
		}
	}
	assert.Regexp(t, `<<<BEGIN evidence (E[1-4]) [0-9a-f]{16}>>>\nEvidence E[1-4], asked by Member [A-D] during Blind positions: read billing/retry.go:3-3\n3: const MaxRetries = 7 // REPO-FACT`, clerk,
		"the answer reaches the docket fenced, attributed to the request")

	var ev decision.PhaseSummary
	for _, ph := range d.Phases {
		if ph.Key == "evidence" {
			ev = ph
		}
	}
	for _, want := range []string{"(Skeptic · ", "REPO-FACT", `"write" is not an allowed probe`, `"run" is not an allowed probe`,
		"is outside the repository", "at commit " + src.Commit} {
		assert.Contains(t, ev.Markdown(), want)
	}
	assert.Contains(t, d.Notes, "Evidence: 1 request(s) answered from the repository, 3 refused or unanswered (see the Evidence phase).")

	stored, err := st.GetStep(ctx, d.SessionID, "evidence-blind")
	require.NoError(t, err)
	assert.Contains(t, string(stored), "REPO-FACT", "the results are a step of the sealed record")
	rep, err := verify.Session(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%+v", rep.Problems)
	b, _ := os.ReadFile(filepath.Join(src.Dir, "billing/retry.go"))
	assert.Contains(t, string(b), "MaxRetries = 7", "nothing was written")
}
