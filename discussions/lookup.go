package discussions

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shurcooL/githubv4"
)

// Repo names a repository as OWNER/NAME.
type Repo struct{ Owner, Name string }

func (r Repo) String() string { return r.Owner + "/" + r.Name }

// ParseRepo reads "OWNER/NAME".
func ParseRepo(s string) (Repo, error) {
	owner, name, ok := strings.Cut(s, "/")
	if !ok || owner == "" || name == "" || strings.Contains(name, "/") {
		return Repo{}, fmt.Errorf("repository %q is not OWNER/NAME", s)
	}
	return Repo{owner, name}, nil
}

// repoInfo is what one lookup learns: who we are, the repository, the category and labels.
type repoInfo struct {
	login     string // our account, as configured (a bot's with "[bot]")
	repoID    githubv4.ID
	enabled   bool
	category  *categoryInfo
	slugs     []string               // every category's slug, to name in a "no such category" warning
	labels    map[string]githubv4.ID // by lower-cased name
	fetchedAt time.Time
}

type categoryInfo struct {
	ID           githubv4.ID
	Name, Slug   string
	IsAnswerable bool
}

type pageInfo struct {
	HasNextPage bool
	EndCursor   githubv4.String
}

// lookupQuery resolves everything a publish needs to know before writing, in one request.
// A repository has at most 25 categories, so one page lists them all.
type lookupQuery struct {
	Repository *struct {
		ID                    githubv4.ID
		HasDiscussionsEnabled bool
		DiscussionCategories  struct {
			Nodes []categoryInfo
		} `graphql:"discussionCategories(first: 25)"`
		Labels struct {
			Nodes []struct {
				ID   githubv4.ID
				Name string
			}
			PageInfo pageInfo
		} `graphql:"labels(first: 100, after: $labelsAfter)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// lookupViewerQuery adds who we are. GitHub refuses `viewer` to an App installation token
// ("Resource not accessible by integration"), so it is asked only when Options.Login is not
// set, i.e. for a personal token.
type lookupViewerQuery struct {
	Viewer struct{ Login string }
	lookupQuery
}

// lookup returns the repository facts, from the cache when they are fresh.
func (p *Publisher) lookup(ctx context.Context, repo Repo) (*repoInfo, error) {
	key := strings.ToLower(repo.String())
	p.mu.Lock()
	info := p.cache[key]
	p.mu.Unlock()
	if info != nil && p.now().Sub(info.fetchedAt) < p.CacheTTL {
		return info, nil
	}
	info, err := p.fetchRepo(ctx, repo)
	if err != nil {
		return nil, err
	}
	if info.enabled && info.category != nil {
		p.mu.Lock()
		p.cache[key] = info
		p.mu.Unlock()
	}
	return info, nil
}

func (p *Publisher) fetchRepo(ctx context.Context, repo Repo) (*repoInfo, error) {
	info := &repoInfo{labels: map[string]githubv4.ID{}, fetchedAt: p.now()}
	var after *githubv4.String
	for {
		q, err := p.queryLookup(ctx, repo, after)
		if err != nil {
			return nil, fmt.Errorf("look up %s: %w", repo, err)
		}
		if q.Repository == nil {
			return nil, fmt.Errorf("look up %s: repository not found or not visible to this token", repo)
		}
		info.login, info.repoID, info.enabled = p.Login, q.Repository.ID, q.Repository.HasDiscussionsEnabled
		info.slugs = info.slugs[:0]
		for _, c := range q.Repository.DiscussionCategories.Nodes {
			info.slugs = append(info.slugs, c.Slug)
			if strings.EqualFold(c.Slug, p.Category) {
				info.category = &c
			}
		}
		for _, l := range q.Repository.Labels.Nodes {
			info.labels[strings.ToLower(l.Name)] = l.ID
		}
		pi := q.Repository.Labels.PageInfo
		if !pi.HasNextPage || !info.enabled || info.category == nil {
			return info, nil
		}
		cursor := pi.EndCursor
		after = &cursor
	}
}

// queryLookup sends the lookup, with `viewer` only when our login is not known yet.
func (p *Publisher) queryLookup(ctx context.Context, repo Repo, after *githubv4.String) (*lookupQuery, error) {
	vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name), "labelsAfter": after}
	if p.Login != "" {
		var q lookupQuery
		return &q, p.c.query(ctx, "repository", &q, vars)
	}
	var q lookupViewerQuery
	if err := p.c.query(ctx, "repository", &q, vars); err != nil {
		return nil, err
	}
	p.Login = q.Viewer.Login
	return &q.lookupQuery, nil
}
