package reviewlane

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// PutCheckRun implements Publisher.
func (c *Client) PutCheckRun(ctx context.Context, repo string, run CheckRun) error {
	id, created, err := wr.Ensure(ctx, c.writeOptions(), wr.Find[int64]{
		What: fmt.Sprintf("check run %q on %s", run.Name, run.HeadSHA),
		List: func(ctx context.Context) ([]int64, error) {
			id, found, err := c.FindCheckRun(ctx, repo, run.HeadSHA, run.Name, run.ExternalID)
			if !found {
				return nil, err
			}
			return []int64{id}, err
		},
		Match:  func(int64) bool { return true },
		Create: func(ctx context.Context) (int64, error) { return c.CreateCheckRun(ctx, repo, run) },
	})
	if err == nil && !created {
		err = c.UpdateCheckRun(ctx, repo, id, run)
	}
	if err != nil {
		return err
	}
	return c.addAnnotations(ctx, repo, id, run)
}

// PutComment implements Publisher.
func (c *Client) PutComment(ctx context.Context, repo string, number int, self, marker, body string) error {
	found, created, err := wr.Ensure(ctx, c.writeOptions(), wr.Find[comment]{
		What: "comment " + marker,
		List: func(ctx context.Context) ([]comment, error) { return c.Comments(ctx, repo, number) },
		Match: func(cm comment) bool {
			return (wr.Author{Login: cm.Author, Type: cm.AuthorType}).Is(self) && strings.HasPrefix(cm.Body, marker+"\n")
		},
		Create: func(ctx context.Context) (comment, error) {
			id, err := c.CreateComment(ctx, repo, number, body)
			return comment{ID: id, Body: body}, err
		},
	})
	if err != nil || created || found.Body == body {
		return err
	}
	return c.EditComment(ctx, repo, found.ID, body)
}

// FindCheckRun looks for the check run of that name on sha: the one with externalID, else
// one of that name that carries no external id.
func (c *Client) FindCheckRun(ctx context.Context, repo, sha, name, externalID string) (int64, bool, error) {
	owner, rname, err := splitRepo(repo)
	if err != nil {
		return 0, false, err
	}
	opt := &github.ListCheckRunsOptions{CheckName: github.String(name), ListOptions: github.ListOptions{PerPage: 100}}
	var byName int64
	for {
		res, resp, err := c.gh.Checks.ListCheckRunsForRef(ctx, owner, rname, sha, opt)
		if err != nil {
			return 0, false, fmt.Errorf("list check runs on %s: %w", sha, err)
		}
		for _, cr := range res.CheckRuns {
			switch {
			case cr.GetHeadSHA() != sha || cr.GetName() != name:
			case cr.GetExternalID() == externalID:
				return cr.GetID(), true, nil
			case cr.GetExternalID() == "" && byName == 0:
				byName = cr.GetID()
			}
		}
		if resp.NextPage == 0 {
			return byName, byName != 0, nil
		}
		opt.Page = resp.NextPage
	}
}

// CreateCheckRun creates a completed check run and returns its id. A failure may have
// created it all the same: PutCheckRun looks before creating again.
func (c *Client) CreateCheckRun(ctx context.Context, repo string, run CheckRun) (int64, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return 0, err
	}
	cr, _, err := c.gh.Checks.CreateCheckRun(ctx, owner, name, github.CreateCheckRunOptions{
		Name: run.Name, HeadSHA: run.HeadSHA, ExternalID: github.String(run.ExternalID),
		Status: github.String("completed"), Conclusion: github.String(run.Conclusion),
		Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary), Text: textOf(run),
			Annotations: annotationsOut(run.Annotations[:min(len(run.Annotations), maxAnnotations)])},
	})
	if err != nil {
		return 0, fmt.Errorf("create check run %q on %s: %w", run.Name, run.HeadSHA, err)
	}
	return cr.GetID(), nil
}

// UpdateCheckRun replaces a check run's conclusion and output.
func (c *Client) UpdateCheckRun(ctx context.Context, repo string, id int64, run CheckRun) error {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return err
	}
	_, _, err = c.gh.Checks.UpdateCheckRun(ctx, owner, name, id, github.UpdateCheckRunOptions{
		Name: run.Name, ExternalID: github.String(run.ExternalID),
		Status: github.String("completed"), Conclusion: github.String(run.Conclusion),
		Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary), Text: textOf(run)},
	})
	if err != nil {
		return fmt.Errorf("update check run %d: %w", id, err)
	}
	return nil
}

// textOf is a check run's text as sent: none when the run has none.
func textOf(run CheckRun) *string {
	if run.Text == "" {
		return nil
	}
	return github.String(run.Text)
}

// Comments lists every comment on an issue or pull request, oldest first.
func (c *Client) Comments(ctx context.Context, repo string, number int) ([]comment, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, err
	}
	var out []comment
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 100}}
	for {
		cs, resp, err := c.gh.Issues.ListComments(ctx, owner, name, number, opt)
		if err != nil {
			return nil, fmt.Errorf("list comments of %s#%d: %w", repo, number, err)
		}
		for _, ic := range cs {
			out = append(out, comment{ID: ic.GetID(), Author: ic.GetUser().GetLogin(), AuthorType: ic.GetUser().GetType(), Body: ic.GetBody()})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}

// CreateComment adds a comment and returns its id.
func (c *Client) CreateComment(ctx context.Context, repo string, number int, body string) (int64, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return 0, err
	}
	ic, _, err := c.gh.Issues.CreateComment(ctx, owner, name, number, &github.IssueComment{Body: github.String(body)})
	if err != nil {
		return 0, fmt.Errorf("comment on %s#%d: %w", repo, number, err)
	}
	return ic.GetID(), nil
}

// EditComment replaces a comment's body.
func (c *Client) EditComment(ctx context.Context, repo string, id int64, body string) error {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return err
	}
	if _, _, err := c.gh.Issues.EditComment(ctx, owner, name, id, &github.IssueComment{Body: github.String(body)}); err != nil {
		return fmt.Errorf("edit comment %d: %w", id, err)
	}
	return nil
}
