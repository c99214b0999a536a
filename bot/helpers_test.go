package bot

import (
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// Names every bot test uses on the fake GitHub.
const (
	testOwner    = "acme"
	testRepoName = "widgets"
	testRepo     = testOwner + "/" + testRepoName
	botLogin     = "github-actions[bot]"
	botToken     = "ghs_botbotbotbotbotbotbotbotbot"
)

// newTestGitHub starts a fake GitHub with one repository and a connection acting as the
// Actions bot.
func newTestGitHub(t *testing.T) (*githubfake.Fake, *gitHub) {
	t.Helper()
	f := githubfake.New(t)
	f.AddRepo(testOwner, testRepoName, githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddUser(botLogin, "Bot")
	f.AddToken(botToken, botLogin)
	g, err := NewGitHub(f.Client(botToken), f.URL(), f.GraphQLURL(), botLogin)
	if err != nil {
		t.Fatal(err)
	}
	return f, g
}
