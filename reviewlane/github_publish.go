package reviewlane

import (
	"context"
	"fmt"

	"github.com/google/go-github/v62/github"
)

// FindCheckRun implements Publisher.
func (c *Client) FindCheckRun(ctx context.Context, repo, sha, name, externalID string) (int64, bool, error) {
	owner, rname, err := SplitRepo(repo)
	if err != nil {
		return 0, false, err
	}
	opt := &github.ListCheckRunsOptions{CheckName: github.String(name), ListOptions: github.ListOptions{PerPage: 100}}
	for {
		res, resp, err := c.gh.Checks.ListCheckRunsForRef(ctx, owner, rname, sha, opt)
		if err != nil {
			return 0, false, fmt.Errorf("list check runs on %s: %w", sha, err)
		}
		for _, cr := range res.CheckRuns {
			if cr.GetExternalID() == externalID && cr.GetHeadSHA() == sha {
				return cr.GetID(), true, nil
			}
		}
		if resp.NextPage == 0 {
			return 0, false, nil
		}
		opt.Page = resp.NextPage
	}
}

// CreateCheckRun implements Publisher.
func (c *Client) CreateCheckRun(ctx context.Context, repo string, run CheckRun) (int64, error) {
	owner, name, err := SplitRepo(repo)
	if err != nil {
		return 0, err
	}
	cr, _, err := c.gh.Checks.CreateCheckRun(ctx, owner, name, github.CreateCheckRunOptions{
		Name: run.Name, HeadSHA: run.HeadSHA, ExternalID: github.String(run.ExternalID),
		Status: github.String("completed"), Conclusion: github.String(run.Conclusion),
		Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary)},
	})
	if err != nil {
		return 0, fmt.Errorf("create check run %q on %s: %w", run.Name, run.HeadSHA, err)
	}
	return cr.GetID(), nil
}

// UpdateCheckRun implements Publisher.
func (c *Client) UpdateCheckRun(ctx context.Context, repo string, id int64, run CheckRun) error {
	owner, name, err := SplitRepo(repo)
	if err != nil {
		return err
	}
	_, _, err = c.gh.Checks.UpdateCheckRun(ctx, owner, name, id, github.UpdateCheckRunOptions{
		Name: run.Name, ExternalID: github.String(run.ExternalID),
		Status: github.String("completed"), Conclusion: github.String(run.Conclusion),
		Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary)},
	})
	if err != nil {
		return fmt.Errorf("update check run %d: %w", id, err)
	}
	return nil
}

// Comments implements Publisher.
func (c *Client) Comments(ctx context.Context, repo string, number int) ([]Comment, error) {
	owner, name, err := SplitRepo(repo)
	if err != nil {
		return nil, err
	}
	var out []Comment
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		cs, resp, err := c.gh.Issues.ListComments(ctx, owner, name, number, opt)
		if err != nil {
			return nil, fmt.Errorf("list comments of %s#%d: %w", repo, number, err)
		}
		for _, ic := range cs {
			out = append(out, Comment{ID: ic.GetID(), Author: ic.GetUser().GetLogin(), Body: ic.GetBody()})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}

// CreateComment implements Publisher.
func (c *Client) CreateComment(ctx context.Context, repo string, number int, body string) (int64, error) {
	owner, name, err := SplitRepo(repo)
	if err != nil {
		return 0, err
	}
	ic, _, err := c.gh.Issues.CreateComment(ctx, owner, name, number, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return 0, fmt.Errorf("comment on %s#%d: %w", repo, number, err)
	}
	return ic.GetID(), nil
}

// EditComment implements Publisher.
func (c *Client) EditComment(ctx context.Context, repo string, id int64, body string) error {
	owner, name, err := SplitRepo(repo)
	if err != nil {
		return err
	}
	if _, _, err := c.gh.Issues.EditComment(ctx, owner, name, id, &github.IssueComment{Body: github.String(body)}); err != nil {
		return fmt.Errorf("edit comment %d: %w", id, err)
	}
	return nil
}
