package reviewlane

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// PutReview implements Publisher.
func (c *Client) PutReview(ctx context.Context, repo string, number int, self, key string, draft reviewDraft) (bool, error) {
	_, created, err := wr.Ensure(ctx, c.writeOptions(), wr.Find[Review]{
		What: "review " + strings.TrimPrefix(key, wr.MarkerPrefix),
		List: func(ctx context.Context) ([]Review, error) { return c.Reviews(ctx, repo, number) },
		Match: func(rv Review) bool {
			return (wr.Author{Login: rv.Author, Type: rv.AuthorType}).Is(self) && strings.HasPrefix(rv.Body, key+" ")
		},
		Create: func(ctx context.Context) (Review, error) { return c.CreateReview(ctx, repo, number, draft) },
	})
	return created, err
}

// CreateReview creates a submitted COMMENT review with its comments. A failure may have
// created it all the same: PutReview looks before creating again.
func (c *Client) CreateReview(ctx context.Context, repo string, number int, draft reviewDraft) (Review, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return Review{}, err
	}
	req := &github.PullRequestReviewRequest{CommitID: github.String(draft.CommitID), Body: github.String(draft.Body),
		Event: github.String("COMMENT")}
	for _, dc := range draft.Comments {
		d := &github.DraftReviewComment{Path: github.String(dc.Path), Body: github.String(dc.Body),
			Line: github.Int(dc.Line), Side: github.String("RIGHT")}
		if dc.StartLine > 0 && dc.StartLine < dc.Line {
			d.StartLine, d.StartSide = github.Int(dc.StartLine), github.String("RIGHT")
		}
		req.Comments = append(req.Comments, d)
	}
	rv, _, err := c.gh.PullRequests.CreateReview(ctx, owner, name, number, req)
	if err != nil {
		return Review{}, fmt.Errorf("review %s#%d at %s: %w", repo, number, draft.CommitID, err)
	}
	return reviewOf(rv), nil
}

// Reviews implements Publisher.
func (c *Client) Reviews(ctx context.Context, repo string, number int) ([]Review, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, err
	}
	var out []Review
	opt := &github.ListOptions{PerPage: 100}
	for {
		rvs, resp, err := c.gh.PullRequests.ListReviews(ctx, owner, name, number, opt)
		if err != nil {
			return nil, fmt.Errorf("list reviews of %s#%d: %w", repo, number, err)
		}
		for _, rv := range rvs {
			out = append(out, reviewOf(rv))
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}

func reviewOf(rv *github.PullRequestReview) Review {
	return Review{ID: rv.GetID(), Author: rv.GetUser().GetLogin(), AuthorType: rv.GetUser().GetType(),
		Body: rv.GetBody(), CommitID: rv.GetCommitID(), URL: rv.GetHTMLURL()}
}

// ReviewComments implements Publisher.
func (c *Client) ReviewComments(ctx context.Context, repo string, number int) ([]reviewComment, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, err
	}
	var out []reviewComment
	opt := &github.PullRequestListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		cs, resp, err := c.gh.PullRequests.ListComments(ctx, owner, name, number, opt)
		if err != nil {
			return nil, fmt.Errorf("list review comments of %s#%d: %w", repo, number, err)
		}
		for _, rc := range cs {
			// A comment whose line a later push changed is outdated: GitHub gives it no line,
			// only the one it had.
			start, line := rc.GetStartLine(), rc.GetLine()
			if line == 0 {
				start, line = rc.GetOriginalStartLine(), rc.GetOriginalLine()
			}
			out = append(out, reviewComment{ID: rc.GetID(), ReviewID: rc.GetPullRequestReviewID(),
				Author: rc.GetUser().GetLogin(), AuthorType: rc.GetUser().GetType(), Body: rc.GetBody(),
				Path: rc.GetPath(), StartLine: start, Line: line, URL: rc.GetHTMLURL()})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}
