package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/google/go-github/v62/github"
)

// GitHub is an authenticated connection to one GitHub (github.com or Enterprise Server).
type GitHub struct {
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

// NewGitHub returns a connection whose REST client is rooted at apiURL.
func NewGitHub(hc *http.Client, apiURL, graphQLURL, login string) (*GitHub, error) {
	c := github.NewClient(hc)
	u, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/")
	if err != nil {
		return nil, fmt.Errorf("GitHub API URL %q: %w", apiURL, err)
	}
	c.BaseURL = u
	return &GitHub{REST: c, HTTP: hc, APIURL: apiURL, GraphQLURL: graphQLURL, Login: login}, nil
}

// Repo names a repository.
type Repo struct {
	Owner, Name string
	// Private says the repository is private: the disclosure says its content leaves GitHub.
	Private bool
}

func (r Repo) String() string { return r.Owner + "/" + r.Name }

// isNotFound reports whether err is GitHub's 404.
func isNotFound(err error) bool {
	var er *github.ErrorResponse
	return errors.As(err, &er) && er.Response != nil && er.Response.StatusCode == http.StatusNotFound
}

// Reply posts a new comment on issue or pull request n and returns it.
func (g *GitHub) Reply(ctx context.Context, repo Repo, n int, body string) (*github.IssueComment, error) {
	c, _, err := g.REST.Issues.CreateComment(ctx, repo.Owner, repo.Name, n, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return nil, fmt.Errorf("comment on %s#%d: %w", repo, n, err)
	}
	return c, nil
}

// EditComment replaces a comment's body.
func (g *GitHub) EditComment(ctx context.Context, repo Repo, id int64, body string) error {
	_, _, err := g.REST.Issues.EditComment(ctx, repo.Owner, repo.Name, id, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return fmt.Errorf("edit comment %d in %s: %w", id, repo, err)
	}
	return nil
}

// OurComments lists the comments on issue n written by our own account, oldest first.
func (g *GitHub) OurComments(ctx context.Context, repo Repo, n int) ([]*github.IssueComment, error) {
	var out []*github.IssueComment
	opts := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		page, resp, err := g.REST.Issues.ListComments(ctx, repo.Owner, repo.Name, n, opts)
		if err != nil {
			return nil, fmt.Errorf("list comments of %s#%d: %w", repo, n, err)
		}
		for _, c := range page {
			if strings.EqualFold(c.GetUser().GetLogin(), g.Login) {
				out = append(out, c)
			}
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opts.Page = resp.NextPage
	}
}
