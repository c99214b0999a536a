package discussions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/shurcooL/githubv4"
)

// listed is one discussion of the category as a listing shows it.
type listed struct {
	ID        githubv4.ID
	Number    int
	Title     string
	URL       string `graphql:"url"`
	Body      string
	CreatedAt time.Time
	Author    *author
}

// categoryListing is what exists in the category, as far as war-room is concerned: only
// discussions whose author is our own account count, so a forged marker is ignored.
type categoryListing struct {
	all  []listed
	ours map[Marker]listed // by marker; the oldest wins
}

func (l categoryListing) byNumber(n int) (listed, bool) {
	for _, d := range l.all {
		if d.Number == n {
			return d, true
		}
	}
	return listed{}, false
}

type categoryQuery struct {
	Repository *struct {
		Discussions struct {
			Nodes    []listed
			PageInfo pageInfo
		} `graphql:"discussions(categoryId: $category, first: 50, after: $after, orderBy: {field: CREATED_AT, direction: DESC})"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// listCategory lists the category's discussions (never search, which lags behind writes).
func (p *Publisher) listCategory(ctx context.Context, repo Repo, info *repoInfo) (categoryListing, error) {
	out := categoryListing{ours: map[Marker]listed{}}
	var after *githubv4.String
	for {
		var q categoryQuery
		vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name),
			"category": info.category.ID, "after": after}
		if err := p.c.query(ctx, "discussions", &q, vars); err != nil {
			return out, fmt.Errorf("list discussions of %s: %w", repo, err)
		}
		if q.Repository == nil {
			return out, fmt.Errorf("list discussions of %s: repository not found", repo)
		}
		for _, d := range q.Repository.Discussions.Nodes {
			out.add(d, info.login)
		}
		pi := q.Repository.Discussions.PageInfo
		if !pi.HasNextPage {
			return out, nil
		}
		cursor := pi.EndCursor
		after = &cursor
	}
}

var errDiscussionMissing = errors.New("discussion not found")

func (l *categoryListing) add(d listed, login string) {
	l.all = append(l.all, d)
	m, ok := ParseMarker(d.Body)
	if !ok || !d.Author.is(login) {
		return
	}
	// Newest first: a later (older) duplicate replaces the earlier, so the oldest wins.
	l.ours[m] = d
}

// comment is one top-level comment of a discussion.
type comment struct {
	ID       githubv4.ID
	Body     string
	IsAnswer bool
	Author   *author
}

type commentsQuery struct {
	Repository *struct {
		Discussion *struct {
			ID       githubv4.ID
			Body     string
			Author   *author
			Comments struct {
				Nodes    []comment
				PageInfo pageInfo
			} `graphql:"comments(first: 100, after: $after)"`
		} `graphql:"discussion(number: $number)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// thread is the discussion ourComments read the comments of.
type thread struct {
	ID string
	// Decision says the discussion is a decision war-room recorded (see isOurDecision).
	Decision bool
}

// ourComments maps marker part → our comment on discussion number (for one session), and
// returns the discussion; a comment by anyone else is ignored whatever marker it carries. A
// discussion that does not exist is errDiscussionMissing.
func (p *Publisher) ourComments(ctx context.Context, repo Repo, number int, session, login string) (map[string]comment, thread, error) {
	out := map[string]comment{}
	var after *githubv4.String
	for {
		var q commentsQuery
		vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name),
			"number": githubv4.Int(number), "after": after}
		if err := p.c.query(ctx, "discussion", &q, vars); err != nil {
			return nil, thread{}, fmt.Errorf("list comments of %s#%d: %w", repo, number, err)
		}
		if q.Repository == nil || q.Repository.Discussion == nil {
			return nil, thread{}, fmt.Errorf("list comments of %s#%d: %w", repo, number, errDiscussionMissing)
		}
		d := q.Repository.Discussion
		for _, c := range d.Comments.Nodes {
			m, ok := ParseMarker(c.Body)
			if !ok || m.Session != session || !c.Author.is(login) {
				continue
			}
			if _, dup := out[m.Part]; !dup {
				out[m.Part] = c
			}
		}
		pi := d.Comments.PageInfo
		if !pi.HasNextPage {
			return out, thread{ID: fmt.Sprint(d.ID), Decision: isOurDecision(d.Author, d.Body, login)}, nil
		}
		cursor := pi.EndCursor
		after = &cursor
	}
}
