package reviewlane

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
)

// A user's token asks GET /user who it is.
func TestSelfWithAUserToken(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	g.fake.AddUser("alice", "User")
	g.fake.AddToken("ghp_alice", "alice")
	alice, err := NewClient(g.fake.Client("ghp_alice"), g.fake.URL())
	require.NoError(t, err)
	login, err := alice.Self(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "alice", login)
	assert.Len(t, g.fake.CallsTo("GET /user"), 1)
}

// An installation token (an App's, or the Action's GITHUB_TOKEN) cannot ask who it is:
// GitHub answers 403, and Self reports that as an error, never a guessed login. Publishing
// then takes the login from the caller (--as, or github-actions[bot] in Actions), and that
// login alone decides which sticky comments are ours.
func TestSelfWithAnInstallationTokenNeedsTheLoginGiven(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	login, err := g.client.Self(context.Background())
	require.Error(t, err)
	assert.Empty(t, login)
	var er *github.ErrorResponse
	require.ErrorAs(t, err, &er)
	assert.Equal(t, http.StatusForbidden, er.Response.StatusCode)
	assert.Equal(t, "Resource not accessible by integration", er.Message)
	assert.True(t, strings.HasPrefix(err.Error(), "who am I: "), err.Error())

	results := confirmedLane(t, g)
	require.NoError(t, publishAll(context.Background(), g.client, g.heads(), botLogin, results, "failure"))
	require.NoError(t, publishAll(context.Background(), g.client, g.heads(), botLogin, results, "failure"))
	assert.Len(t, g.fake.CheckRuns(ghRepo), 1)
	require.Len(t, g.fake.IssueComments(ghRepo, g.number), 1, "the given login finds our comment again")

	// Under any other login the bot's own comment is not recognised and a second one appears:
	// why a caller that cannot learn its login must stop rather than guess.
	require.NoError(t, publishAll(context.Background(), g.client, g.heads(), "octocat", results, "failure"))
	assert.Len(t, g.fake.IssueComments(ghRepo, g.number), 2)
}

// A personal token learns its login, but GitHub lets only Apps write check runs: publishing
// with a user token fails on the check, whatever login it used.
func TestSelfWithAUserTokenCannotPublishChecks(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	g.fake.AddUser("alice", "User")
	g.fake.AddToken("ghp_alice", "alice")
	g.fake.SetPermission(ghRepo, "alice", "write")
	alice, err := NewClient(g.fake.Client("ghp_alice"), g.fake.URL())
	require.NoError(t, err)
	login, err := alice.Self(context.Background())
	require.NoError(t, err)

	err = publishAll(context.Background(), alice, g.heads(), login, confirmedLane(t, g), "failure")
	var er *github.ErrorResponse
	require.True(t, errors.As(err, &er), "%v", err)
	assert.Equal(t, http.StatusForbidden, er.Response.StatusCode)
	assert.Empty(t, g.fake.CheckRuns(ghRepo))
}

// confirmedLane builds and dispatches one gpt lane that confirms.
func confirmedLane(t *testing.T, g *ghFixture) []*Result {
	t.Helper()
	b := g.build(t, prOptions(t, laneSpec{Name: "gpt", Profile: "gpt", Family: "openai"}))
	gpt := scripted("openai", answer("ok\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, PullHead{GitHub: g.client, Repo: ghRepo, Number: g.number}, engine.Profiles{"gpt": gpt})
	results, err := d.DispatchAll(context.Background(), b.Requests)
	require.NoError(t, err)
	require.Equal(t, Confirmed, results[0].Disposition)
	return results
}
