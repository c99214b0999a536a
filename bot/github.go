package bot

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// gitHub is an authenticated connection to one GitHub (github.com or Enterprise Server).
// Every request goes through internal/github's Transport: writes are spaced per
// installation or token across the process, rate limits and 5xx are waited out and
// retried, and an answer is a success only when its body says so.
type gitHub struct {
	REST *github.Client
	// HTTP authenticates every request; the Discussions publisher and reviewlane use it too.
	HTTP       *http.Client
	APIURL     string
	GraphQLURL string
	// Login is the account our writes appear under, as REST reports it ("github-actions[bot]"
	// for an Actions GITHUB_TOKEN). Markers are trusted only on its comments, and its own
	// comments never trigger anything.
	Login string
}

// NewGitHub returns a connection whose REST client is rooted at apiURL. An hc that does not
// go through a wr.Transport yet is wrapped in one keyed by apiURL and login, spacing writes
// by wr.DefaultSpacing until a configuration says otherwise (ForRepo); wrap hc
// yourself to choose the Key (an App installation), the clock or a shared limiter.
func NewGitHub(hc *http.Client, apiURL, graphQLURL, login string) (*gitHub, error) {
	if _, ok := wr.TransportOf(hc); !ok {
		hc = wr.Wrap(hc, wr.Options{Key: "login:" + apiURL + "|" + login, Spacing: wr.DefaultSpacing})
	}
	c, err := wr.REST(hc, apiURL)
	if err != nil {
		return nil, err
	}
	return &gitHub{REST: c, HTTP: hc, APIURL: apiURL, GraphQLURL: graphQLURL, Login: login}, nil
}

// ForRepo returns the connection with its writes for repo spaced d apart
// (github.write_spacing). On an App installation's connection (a Shared Key) that spaces
// the repository's own writes, and the installation keeps the operator's spacing; on a
// token's, it is the token's spacing.
func (g *gitHub) ForRepo(repo Repo, d time.Duration) *gitHub {
	t, ok := wr.TransportOf(g.HTTP)
	if !ok {
		return g
	}
	hc := *g.HTTP
	hc.Transport = t.Derive(func(o *wr.Options) {
		o.Repo = repo.String()
		o.SetSpacing(d)
	})
	c, err := wr.REST(&hc, g.APIURL)
	if err != nil {
		return g // the URL parsed when g was made
	}
	return &gitHub{REST: c, HTTP: &hc, APIURL: g.APIURL, GraphQLURL: g.GraphQLURL, Login: g.Login}
}

// writeOptions are the transport's, for the find-again loops (clock, back-off, bound).
func (g *gitHub) writeOptions() wr.Options {
	if t, ok := wr.TransportOf(g.HTTP); ok {
		return t.Options()
	}
	return wr.Options{}
}

// Repo names a repository.
type Repo struct {
	Owner, Name string
	// Private says the repository is private: the disclosure says its content leaves GitHub.
	Private bool
}

func (r Repo) String() string { return r.Owner + "/" + r.Name }

// isNotFound reports whether err is GitHub's 404.
func isNotFound(err error) bool { return wr.IsNotFound(err) }

// Reply posts a new comment on issue or pull request n and returns it. A failure may have
// posted it all the same: use EnsureComment for a comment that must not appear twice.
func (g *gitHub) Reply(ctx context.Context, repo Repo, n int, body string) (*github.IssueComment, error) {
	c, _, err := g.REST.Issues.CreateComment(ctx, repo.Owner, repo.Name, n, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return nil, fmt.Errorf("comment on %s#%d: %w", repo, n, err)
	}
	return c, nil
}

// EditComment replaces a comment's body.
func (g *gitHub) EditComment(ctx context.Context, repo Repo, id int64, body string) error {
	_, _, err := g.REST.Issues.EditComment(ctx, repo.Owner, repo.Name, id, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return fmt.Errorf("edit comment %d in %s: %w", id, repo, err)
	}
	return nil
}

// OurComments lists the comments on issue n written by our own account, oldest first.
func (g *gitHub) OurComments(ctx context.Context, repo Repo, n int) ([]*github.IssueComment, error) {
	var out []*github.IssueComment
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		page, resp, err := g.REST.Issues.ListComments(ctx, repo.Owner, repo.Name, n, opts)
		if err != nil {
			return nil, fmt.Errorf("list comments of %s#%d: %w", repo, n, err)
		}
		for _, c := range page {
			if wr.UserAuthor(c.GetUser()).Is(g.Login) {
				out = append(out, c)
			}
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}

// EnsureComment returns our comment on issue n that match picks, posting body when there is
// none. A post whose outcome is unknown (a 5xx, a timeout, a 2xx without the comment) is
// looked for again before it is repeated, so the comment appears once. what names it in
// errors.
func (g *gitHub) EnsureComment(ctx context.Context, repo Repo, n int, what, body string, match func(*github.IssueComment) bool) (*github.IssueComment, bool, error) {
	c, created, err := wr.Ensure(ctx, g.writeOptions(), wr.Find[*github.IssueComment]{
		What:   what,
		List:   func(ctx context.Context) ([]*github.IssueComment, error) { return g.OurComments(ctx, repo, n) },
		Match:  match,
		Create: func(ctx context.Context) (*github.IssueComment, error) { return g.Reply(ctx, repo, n, body) },
	})
	if err != nil {
		return nil, false, fmt.Errorf("%s on %s#%d: %w", what, repo, n, err)
	}
	return c, created, nil
}
