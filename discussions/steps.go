package discussions

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shurcooL/githubv4"
)

type createdDiscussion struct {
	ID        githubv4.ID
	Number    int
	URL       string `graphql:"url"`
	CreatedAt time.Time
}

type createDiscussionMutation struct {
	CreateDiscussion struct {
		Discussion createdDiscussion
	} `graphql:"createDiscussion(input: $input)"`
}

// createDiscussion writes a new discussion in the category.
func (p *Publisher) createDiscussion(ctx context.Context, info *repoInfo, title, body string) (*ref, error) {
	var m createDiscussionMutation
	in := githubv4.CreateDiscussionInput{RepositoryID: info.repoID, CategoryID: info.category.ID,
		Title: githubv4.String(title), Body: githubv4.String(body)}
	if err := p.c.mutate(ctx, "createDiscussion", &m, in, nil); err != nil {
		return nil, fmt.Errorf("create discussion %q: %w", title, err)
	}
	d := m.CreateDiscussion.Discussion
	return &ref{ID: fmt.Sprint(d.ID), Number: d.Number, URL: d.URL, CreatedAt: d.CreatedAt}, nil
}

// ensureDiscussion adopts our discussion from the listing or creates it.
func (p *Publisher) ensureDiscussion(ctx context.Context, j *job) error {
	if j.st.Discussion != nil {
		return nil
	}
	if d, ok := j.listing.ours[Marker{Session: j.Decision.SessionID, Part: partBody}]; ok {
		j.st.Discussion = &ref{ID: fmt.Sprint(d.ID), Number: d.Number, URL: d.URL, CreatedAt: d.CreatedAt}
		j.st.Pending = pendingComments // its comments are unknown to us
		return p.save(ctx, j)
	}
	if err := p.pending(ctx, j, partBody); err != nil {
		return err
	}
	p.progress(fmt.Sprintf("creating the discussion in %s", j.Repo))
	d, err := p.createDiscussion(ctx, j.info, j.r.Title, j.r.Body)
	if err != nil {
		return err
	}
	j.st.Discussion, j.st.Pending = d, ""
	p.progress(fmt.Sprintf("created #%d %s", d.Number, d.URL))
	return p.save(ctx, j)
}

// syncPending looks up a write whose outcome is unknown, so that it is never repeated.
func (p *Publisher) syncPending(ctx context.Context, j *job) error {
	part := j.st.Pending
	switch {
	case part == "" || part == partBody || part == partDecisionLog:
		// The body and the log are found in the category listing of this attempt.
	case part == pendingComments || part == "answer" || strings.HasPrefix(part, partPhasePrefix) ||
		strings.HasPrefix(part, partRecordPrefix):
		got, _, err := p.ourComments(ctx, j.Repo, j.st.Discussion.Number, j.Decision.SessionID, j.info.login)
		if err != nil {
			return err
		}
		for name, c := range got {
			j.st.Comments[name] = fmt.Sprint(c.ID)
			if name == j.r.AnswerPart && c.IsAnswer {
				j.st.Answered = true
			}
		}
	case part == partSupersededBy:
		got, _, err := p.ourComments(ctx, j.Repo, j.Supersedes, j.Decision.SessionID, j.info.login)
		if err != nil {
			return err
		}
		_, j.st.Forwarded = got[partSupersededBy]
	case strings.HasPrefix(part, partDeferred):
		if err := p.syncIssues(ctx, j); err != nil {
			return err
		}
	}
	j.st.Pending = ""
	return p.save(ctx, j)
}

type addCommentMutation struct {
	AddDiscussionComment struct {
		Comment struct{ ID githubv4.ID }
	} `graphql:"addDiscussionComment(input: $input)"`
}

// addComment writes one top-level comment and returns its node ID.
func (p *Publisher) addComment(ctx context.Context, discussionID, body string) (string, error) {
	var m addCommentMutation
	in := githubv4.AddDiscussionCommentInput{DiscussionID: idOf(discussionID), Body: githubv4.String(body)}
	if err := p.c.mutate(ctx, "addDiscussionComment", &m, in, nil); err != nil {
		return "", fmt.Errorf("add comment: %w", err)
	}
	return fmt.Sprint(m.AddDiscussionComment.Comment.ID), nil
}

// ensureComments posts the phase comments that are missing, in the protocol's order.
func (p *Publisher) ensureComments(ctx context.Context, j *job) error {
	for i, c := range j.r.Comments {
		if j.st.Comments[c.Name] != "" {
			continue
		}
		p.progress(fmt.Sprintf("comment %d of %d (%s)", i+1, len(j.r.Comments), strings.TrimPrefix(c.Name, "phase:")))
		if err := p.pending(ctx, j, c.Name); err != nil {
			return err
		}
		id, err := p.addComment(ctx, j.st.Discussion.ID, c.Body)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
		j.st.Comments[c.Name], j.st.Pending = id, ""
		if err := p.save(ctx, j); err != nil {
			return err
		}
	}
	return nil
}
