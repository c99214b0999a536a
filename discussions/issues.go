package discussions

import (
	"context"
	"fmt"
	"sort"

	"github.com/war-room/war-room/internal/safetext"

	"github.com/google/go-github/v62/github"
	wrgithub "github.com/war-room/war-room/internal/github"
)

// deferredLabel marks the issues opened for deferred items.
const deferredLabel = "deferred"

// ensureIssues opens one issue per deferred item that has none yet (deferred_issues: true).
func (p *Publisher) ensureIssues(ctx context.Context, j *job) error {
	if !p.DeferredIssues || len(j.Decision.Deferred) == 0 {
		return nil
	}
	if p.rest == nil {
		j.warn(p, "deferred issues are enabled but no REST API URL is configured; no issues opened")
		return nil
	}
	if j.st.Issues == nil {
		j.st.Issues = map[string]int{}
	}
	for i, item := range j.Decision.Deferred {
		part := fmt.Sprintf("%s%d", partDeferred, i+1)
		if j.st.Issues[part] != 0 {
			continue
		}
		if err := p.pending(ctx, j, part); err != nil {
			return err
		}
		n, err := p.createIssue(ctx, j, part, item.Title, item.Rationale, item.Source)
		if err != nil {
			return fmt.Errorf("open issue for deferred item %d: %w", i+1, err)
		}
		j.st.Issues[part], j.st.Pending = n, ""
		if err := p.save(ctx, j); err != nil {
			return err
		}
	}
	return nil
}

func (p *Publisher) createIssue(ctx context.Context, j *job, part, title, rationale, source string) (int, error) {
	body := Marker{Session: j.Decision.SessionID, Part: part}.String() + "\n" +
		execute("deferred.md.tmpl", map[string]any{"SessionID": j.Decision.SessionID,
			"Discussion": j.st.Discussion.Number, "Source": safetext.Inline(source), "Rationale": block(rationale)}) + "\n"
	req := &github.IssueRequest{Title: github.String(fitTitle("Deferred: " + safetext.Plain(title))),
		Body: github.String(body), Labels: &[]string{deferredLabel}}
	var is *github.Issue
	err := p.c.do(ctx, "POST issues", func(ctx context.Context) error {
		var err error
		is, _, err = p.rest.Issues.Create(ctx, j.Repo.Owner, j.Repo.Name, req)
		return err
	})
	if err != nil {
		return 0, err
	}
	return is.GetNumber(), nil
}

// syncIssues finds the deferred-item issues this session already opened, by marker, trusting
// only issues our own account opened.
func (p *Publisher) syncIssues(ctx context.Context, j *job) error {
	if j.st.Issues == nil {
		j.st.Issues = map[string]int{}
	}
	opts := &github.IssueListByRepoOptions{State: "all", Labels: []string{deferredLabel},
		ListOptions: github.ListOptions{PerPage: 100}}
	for {
		var page []*github.Issue
		var resp *github.Response
		err := p.c.do(ctx, "GET issues", func(ctx context.Context) error {
			var err error
			page, resp, err = p.rest.Issues.ListByRepo(ctx, j.Repo.Owner, j.Repo.Name, opts)
			return err
		})
		if err != nil {
			return fmt.Errorf("list deferred issues: %w", err)
		}
		for _, is := range page {
			m, ok := ParseMarker(is.GetBody())
			if ok && m.Session == j.Decision.SessionID && wrgithub.UserAuthor(is.GetUser()).Is(j.info.login) {
				if _, dup := j.st.Issues[m.Part]; !dup {
					j.st.Issues[m.Part] = is.GetNumber()
				}
			}
		}
		if resp == nil || resp.NextPage == 0 {
			return nil
		}
		opts.Page = resp.NextPage
	}
}

func sortedIssues(m map[string]int) []int {
	out := make([]int, 0, len(m))
	for _, n := range m {
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}
