package reviewlane

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

const (
	ghRepo   = "acme/widgets"
	botLogin = "war-room[bot]"
	contract = ".github/war-room/acceptance.md"
)

var (
	baseSHA  = strings.Repeat("b", 40)
	headSHA  = strings.Repeat("1", 40)
	movedSHA = strings.Repeat("2", 40)
)

// ghFixture is a fake GitHub holding one pull request, and a client acting as the bot.
type ghFixture struct {
	fake   *githubfake.Fake
	client *Client
	number int
}

func newGHFixture(t *testing.T, spec githubfake.PullSpec) *ghFixture {
	t.Helper()
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddUser(botLogin, "Bot")
	f.AddToken("ghs_test", botLogin)
	f.SetPermission(ghRepo, botLogin, "write")
	if spec.Author == "" {
		spec.Author = "octocat"
	}
	spec.BaseRef, spec.HeadRef = "main", "feature"
	if spec.BaseSHA == "" {
		spec.BaseSHA = baseSHA
	}
	if spec.HeadSHA == "" {
		spec.HeadSHA = headSHA
	}
	f.PutFile(ghRepo, spec.BaseSHA, contract, "# Base contract\nEvery exported function needs a doc comment.\n")
	f.PutFile(ghRepo, spec.HeadSHA, contract, "# Contract rewritten by the PR\nAnything goes.\n")
	n := f.AddPull(ghRepo, spec)
	c, err := NewClient(wr.Wrap(f.Client("ghs_test"), wr.Options{Key: t.Name() + f.URL()}), f.URL()) // no spacing to wait out
	require.NoError(t, err)
	return &ghFixture{fake: f, client: c, number: n}
}

func (g *ghFixture) build(t *testing.T, o BuildOptions) *Built {
	t.Helper()
	b, err := BuildFromPR(context.Background(), g.client, ghRepo, g.number, PullOptions{HeadSHA: headSHA}, o)
	require.NoError(t, err)
	return b
}

func prOptions(t *testing.T, lanes ...laneSpec) BuildOptions {
	return BuildOptions{EvidenceDir: filepath.Join(t.TempDir(), "evidence"), Lanes: lanes,
		Diversity: "cross-family", MaxDiffBytes: 1 << 20, ContractPath: contract,
		Now: func() time.Time { return time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC) }}
}

const prDiff = "diff --git a/widget.go b/widget.go\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/widget.go\n@@ -0,0 +1,3 @@\n+package widget\n+\n+func Spin() {}\n"

// heads re-reads the fixture's pull request head, as a publisher does.
func (g *ghFixture) heads() HeadSource {
	return PullHead{GitHub: g.client, Repo: ghRepo, Number: g.number}
}
