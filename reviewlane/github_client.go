package reviewlane

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// Client implements PullReader and Publisher over GitHub's REST API with go-github, through
// internal/github's write layer (spacing, retries, answers judged by their body).
type Client struct {
	gh *github.Client
	hc *http.Client
}

var (
	_ pullReader = (*Client)(nil)
	_ publisher  = (*Client)(nil)
)

// NewClient builds a Client. apiURL is GITHUB_API_URL ("" for github.com; a GitHub
// Enterprise Server URL such as https://ghe.example/api/v3 works as given). hc carries the
// credentials; one that does not go through a wr.Transport yet (the CLI's) is wrapped in
// one, keyed by apiURL, spacing writes by wr.DefaultSpacing.
func NewClient(hc *http.Client, apiURL string) (*Client, error) {
	if _, ok := wr.TransportOf(hc); !ok {
		hc = wr.Wrap(hc, wr.Options{Key: "rest:" + apiURL, Spacing: wr.DefaultSpacing})
	}
	c, err := wr.REST(hc, apiURL)
	if err != nil {
		return nil, err
	}
	return &Client{gh: c, hc: hc}, nil
}

// writeOptions are the transport's, for the find-again loops.
func (c *Client) writeOptions() wr.Options {
	if t, ok := wr.TransportOf(c.hc); ok {
		return t.Options()
	}
	return wr.Options{}
}

// splitRepo splits "owner/name".
func splitRepo(repo string) (owner, name string, err error) {
	owner, name, ok := strings.Cut(repo, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return "", "", fmt.Errorf("repository %q: want owner/name", repo)
	}
	return owner, name, nil
}

// Pull implements PullReader.
func (c *Client) Pull(ctx context.Context, repo string, number int) (pullInfo, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return pullInfo{}, err
	}
	pr, _, err := c.gh.PullRequests.Get(ctx, owner, name, number)
	if err != nil {
		return pullInfo{}, fmt.Errorf("get pull request %s#%d: %w", repo, number, err)
	}
	return pullInfo{Repository: repo, Number: number, BaseRef: pr.GetBase().GetRef(),
		BaseSHA: pr.GetBase().GetSHA(), HeadSHA: pr.GetHead().GetSHA(),
		AuthorLogin: pr.GetUser().GetLogin(), Draft: pr.GetDraft(), State: pr.GetState()}, nil
}

// PullDiff implements PullReader: the body is streamed, never held whole.
func (c *Client) PullDiff(ctx context.Context, repo string, number int, w io.Writer) error {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return err
	}
	req, err := c.gh.NewRequest(http.MethodGet, fmt.Sprintf("repos/%s/%s/pulls/%d", owner, name, number), nil)
	if err != nil {
		return fmt.Errorf("diff of %s#%d: %w", repo, number, err)
	}
	req.Header.Set("Accept", "application/vnd.github.diff")
	resp, err := c.gh.BareDo(ctx, req)
	if hasStatus(err, http.StatusNotAcceptable) {
		return fmt.Errorf("diff of %s#%d: %w (%v)", repo, number, ErrDiffTooLarge, err)
	}
	if err != nil {
		return fmt.Errorf("diff of %s#%d: %w", repo, number, err)
	}
	defer resp.Body.Close()
	if _, err := io.CopyBuffer(w, resp.Body, make([]byte, copyBuffer)); err != nil {
		return fmt.Errorf("diff of %s#%d: %w", repo, number, err)
	}
	return nil
}

// FileAt implements PullReader.
func (c *Client) FileAt(ctx context.Context, repo, ref, path string) ([]byte, bool, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, false, err
	}
	fc, _, _, err := c.gh.Repositories.GetContents(ctx, owner, name, path, &github.RepositoryContentGetOptions{Ref: ref})
	if isNotFound(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s at %s in %s: %w", path, ref, repo, err)
	}
	if fc == nil {
		return nil, false, fmt.Errorf("read %s at %s in %s: it is a directory", path, ref, repo)
	}
	s, err := fc.GetContent()
	if err != nil {
		return nil, false, fmt.Errorf("read %s at %s in %s: %w", path, ref, repo, err)
	}
	return []byte(s), true, nil
}

// CommitMessages implements PullReader.
func (c *Client) CommitMessages(ctx context.Context, repo string, number int) ([]string, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, err
	}
	var msgs []string
	opt := &github.ListOptions{PerPage: 100}
	for {
		commits, resp, err := c.gh.PullRequests.ListCommits(ctx, owner, name, number, opt)
		if err != nil {
			return nil, fmt.Errorf("list commits of %s#%d: %w", repo, number, err)
		}
		for _, rc := range commits {
			msgs = append(msgs, rc.GetCommit().GetMessage())
		}
		if resp.NextPage == 0 {
			if err := c.allListed(ctx, owner, name, number, len(msgs)); err != nil {
				return nil, err
			}
			return msgs, nil
		}
		opt.Page = resp.NextPage
	}
}

// errTooManyCommits is returned when a pull request has more commits than GitHub lists:
// co-author trailers in the rest cannot be read, and a lane must not assume there are none.
var errTooManyCommits = errors.New("some commits cannot be listed, so their co-authors are unknown")

// maxListedCommits is GitHub's cap on listing a pull request's commits.
const maxListedCommits = 250

// allListed checks, once the listing reached GitHub's cap, that it held every commit.
func (c *Client) allListed(ctx context.Context, owner, name string, number, listed int) error {
	if listed < maxListedCommits {
		return nil
	}
	pr, _, err := c.gh.PullRequests.Get(ctx, owner, name, number)
	if err != nil {
		return fmt.Errorf("count commits of %s/%s#%d: %w", owner, name, number, err)
	}
	if pr.GetCommits() > listed {
		return fmt.Errorf("list commits of %s/%s#%d: %d commits, GitHub lists %d: %w",
			owner, name, number, pr.GetCommits(), listed, errTooManyCommits)
	}
	return nil
}

// ErrDiffTooLarge is GitHub refusing to produce a pull request's diff (406): the change is
// too large for its diff endpoint, and no lane can be built from a partial one.
var ErrDiffTooLarge = errors.New("GitHub will not produce the diff of a pull request this large")

// isNotFound reports a 404 from go-github.
func isNotFound(err error) bool { return wr.IsNotFound(err) }

func hasStatus(err error, status int) bool { return wr.HasStatus(err, status) }

// Self returns the login the token acts as. Installation tokens (the Action's GITHUB_TOKEN,
// an App's) cannot call this endpoint; callers that hold one know their login already.
func (c *Client) Self(ctx context.Context) (string, error) {
	u, _, err := c.gh.Users.Get(ctx, "")
	if err != nil {
		return "", fmt.Errorf("who am I: %w", err)
	}
	return u.GetLogin(), nil
}
