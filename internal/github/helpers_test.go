package github

import (
	"context"
	"net/http"
	"testing"
	"time"

	gogithub "github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
)

const (
	testRepo   = "acme/widgets"
	botLogin   = "war-room[bot]"
	botToken   = "ghs_botbotbotbotbotbotbotbotbotbot"
	aliceToken = "ghp_alicealicealicealicealice01"
)

// world is a fake GitHub with one repository and issue, and a manual clock it shares with
// the clients under test.
type world struct {
	t     *testing.T
	f     *githubfake.Fake
	clk   *githubfake.Clock
	issue int
}

func newWorld(t *testing.T) *world {
	t.Helper()
	f := githubfake.New(t)
	clk := githubfake.NewClock(time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	f.SetClock(clk.Now)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddUser(botLogin, "Bot")
	f.AddToken(botToken, botLogin)
	f.AddToken(aliceToken, "alice")
	f.SetPermission(testRepo, "alice", "write")
	return &world{t: t, f: f, clk: clk, issue: f.AddIssue(testRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")}
}

// options are transport options on the world's clock, under a key of this test's own.
func (w *world) options() Options {
	return Options{Key: w.t.Name() + "@" + w.f.URL(), Now: w.clk.Now, Sleep: w.clk.Sleep, AfterFunc: w.clk.AfterFunc}
}

// client is an HTTP client acting as the bot through a Transport with o.
func (w *world) client(o Options) *http.Client {
	return &http.Client{Transport: NewTransport(w.f.Client(botToken).Transport, o)}
}

func (w *world) rest(o Options) *gogithub.Client {
	c, err := REST(w.client(o), w.f.URL())
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

// comment writes a comment on the world's issue.
func (w *world) comment(ctx context.Context, c *gogithub.Client, body string) (*gogithub.IssueComment, error) {
	ic, _, err := c.Issues.CreateComment(ctx, "acme", "widgets", w.issue, &gogithub.IssueComment{Body: gogithub.String(body)})
	return ic, err
}

// writes returns the logged writes by the bot.
func (w *world) writes() []githubfake.Call {
	var out []githubfake.Call
	for _, c := range w.f.Calls() {
		if c.Mutation && c.Login == botLogin {
			out = append(out, c)
		}
	}
	return out
}

func (w *world) storedComments() int { return len(w.f.IssueComments(testRepo, w.issue)) }

const commentsRoute = "POST /repos/{owner}/{repo}/issues/{number}/comments"
