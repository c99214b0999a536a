package reviewlane

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
)

const claudeTrailer = "\n\nCo-authored-by: Claude <noreply@anthropic.com>"

// coauthorRun builds claude (anthropic) and gpt (openai) lanes on the fixture's pull request
// pinned at head, with coauthors as review.coauthor_families, dispatches them, and returns
// the results by lane, the claude profile and the author every request recorded.
func coauthorRun(t *testing.T, g *ghFixture, head string, coauthors map[string]string) (map[string]*Result, *engine.Profile, Author) {
	t.Helper()
	o := prOptions(t, laneSpec{Name: "claude", Profile: "claude", Family: "anthropic"},
		laneSpec{Name: "gpt", Profile: "gpt", Family: "openai"})
	o.CoauthorFamilies = coauthors
	b, err := BuildFromPR(context.Background(), g.client, ghRepo, g.number, PullOptions{HeadSHA: head}, o)
	require.NoError(t, err)
	claude := scripted("anthropic", answer("ok\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	gpt := scripted("openai", answer("ok\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, PullHead{GitHub: g.client, Repo: ghRepo, Number: g.number}, engine.Profiles{"claude": claude, "gpt": gpt})
	results, err := d.DispatchAll(context.Background(), b.Requests)
	require.NoError(t, err)
	var authors []Author
	for _, p := range b.Requests {
		req, _, err := ReadRequest(p)
		require.NoError(t, err)
		authors = append(authors, req.Author)
	}
	require.Len(t, authors, 2)
	require.Equal(t, authors[0], authors[1], "every lane sees the same author")
	byLane := map[string]*Result{}
	for _, r := range results {
		byLane[r.Lane] = r
	}
	require.Equal(t, 1, calls(gpt), "the other family's lane always runs")
	assert.Equal(t, StatusJudged, byLane["gpt"].Status)
	return byLane, claude, authors[0]
}

// A Co-authored-by trailer in one of the pull request's commits, mapped by
// review.coauthor_families, adds that family to the author's: under cross-family diversity
// the reviewer of that family is refused before any call. Without the trailer, or without
// the mapping (then the commits are not even listed), the same reviewer judges.
func TestPRCoauthorTrailerRefusesReviewerOfThatFamily(t *testing.T) {
	mapped := map[string]string{"Claude": "anthropic"}
	for _, tc := range []struct {
		name        string
		messages    []string
		coauthors   map[string]string
		blocked     bool
		listCommits int
	}{
		{"trailer mapped", []string{"Add widget", "Spin it" + claudeTrailer, "Fix typo"}, mapped, true, 1},
		{"no trailer", []string{"Add widget", "Spin it"}, mapped, false, 1},
		{"trailer of an unmapped name", []string{"Spin it\n\nCo-authored-by: Ada <ada@example.com>"}, mapped, false, 1},
		{"trailer but no mapping", []string{"Spin it" + claudeTrailer}, nil, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var commits []githubfake.CommitSpec
			for _, m := range tc.messages {
				commits = append(commits, githubfake.CommitSpec{Message: m})
			}
			g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff, Commits: commits})
			byLane, claude, author := coauthorRun(t, g, headSHA, tc.coauthors)
			assert.Len(t, g.fake.CallsTo("GET /repos/{owner}/{repo}/pulls/{pull_number}/commits"), tc.listCommits)
			res := byLane["claude"]
			if !tc.blocked {
				assert.Empty(t, author.CoauthorFamilies)
				assert.Equal(t, StatusJudged, res.Status)
				assert.Equal(t, 1, calls(claude))
				return
			}
			assert.Equal(t, statusBlocked, res.Status)
			assert.Equal(t, blockedSameFamily, res.BlockedReason)
			assert.Contains(t, res.Detail, `co-author "Claude" via review.coauthor_families`)
			assert.Empty(t, res.Disposition)
			assert.Equal(t, 0, calls(claude), "no call to a reviewer of a co-author's family")
			assert.Equal(t, familyHuman, author.Family, "octocat is mapped to no family")
			assert.Equal(t, []string{"anthropic"}, author.CoauthorFamilies)
			assert.Equal(t, []string{familyHuman, "anthropic"}, author.Families())
		})
	}
}

// The trailer may come in a later push and beyond the first page of commits: the build at
// the new head lists every page and still finds it.
func TestPRCoauthorTrailerOnALaterPageAfterAPush(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	var pushed []githubfake.CommitSpec
	for i := range 149 {
		msg := fmt.Sprintf("step %d", i)
		if i == 140 {
			msg += claudeTrailer
		}
		pushed = append(pushed, githubfake.CommitSpec{Message: msg})
	}
	pushed[len(pushed)-1].SHA = movedSHA
	g.fake.PushPullCommits(ghRepo, g.number, "", pushed...)

	byLane, claude, author := coauthorRun(t, g, movedSHA, map[string]string{"Claude": "anthropic"})
	assert.Len(t, g.fake.CallsTo("GET /repos/{owner}/{repo}/pulls/{pull_number}/commits"), 2, "two pages of 100")
	assert.Equal(t, statusBlocked, byLane["claude"].Status)
	assert.Equal(t, blockedSameFamily, byLane["claude"].BlockedReason)
	assert.Equal(t, 0, calls(claude))
	assert.Equal(t, []string{"anthropic"}, author.CoauthorFamilies)
}

// GitHub lists at most 250 commits of a pull request. A trailer in a later commit cannot be
// read, so the build refuses rather than treating the change as free of co-authors.
func TestPRCoauthorsBeyondGitHubsListingAreNotIgnored(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	var pushed []githubfake.CommitSpec
	for i := range 259 {
		msg := fmt.Sprintf("step %d", i)
		if i == 255 {
			msg += claudeTrailer
		}
		pushed = append(pushed, githubfake.CommitSpec{Message: msg})
	}
	pushed[len(pushed)-1].SHA = movedSHA
	g.fake.PushPullCommits(ghRepo, g.number, "", pushed...)

	o := prOptions(t, laneSpec{Name: "claude", Profile: "claude", Family: "anthropic"})
	o.CoauthorFamilies = map[string]string{"Claude": "anthropic"}
	_, err := BuildFromPR(context.Background(), g.client, ghRepo, g.number, PullOptions{HeadSHA: movedSHA}, o)
	require.ErrorIs(t, err, errTooManyCommits)
	assert.Contains(t, err.Error(), "260 commits")
	assert.NoDirExists(t, filepath.Join(o.EvidenceDir, "lanes"), "no lane to dispatch")

	// Exactly 250 commits are all listed: nothing is refused.
	g2 := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	g2.fake.PushPullCommits(ghRepo, g2.number, "", pushed[:248]...)
	g2.fake.PushPullCommits(ghRepo, g2.number, "", githubfake.CommitSpec{SHA: movedSHA, Message: "last" + claudeTrailer})
	o2 := prOptions(t, laneSpec{Name: "claude", Profile: "claude", Family: "anthropic"})
	o2.CoauthorFamilies = o.CoauthorFamilies
	b, err := BuildFromPR(context.Background(), g2.client, ghRepo, g2.number, PullOptions{HeadSHA: movedSHA}, o2)
	require.NoError(t, err)
	req, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, []string{"anthropic"}, req.Author.CoauthorFamilies, "the 250th commit is read")
}
