package discussions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shurcooL/githubv4"
	"github.com/war-room/war-room/engine"
)

// Decisions lists the decisions published in the repository's category, newest first, as
// the decision log shows them. Only discussions written by our own account count.
func (p *Publisher) Decisions(ctx context.Context, repo Repo) ([]DecisionRow, error) {
	defer p.begin()()
	var rows []DecisionRow
	err := p.retry(ctx, "list decisions", func(ctx context.Context) error {
		info, err := p.lookup(ctx, repo)
		if err != nil {
			return err
		}
		if why := unavailable(info, p.Category, repo); why != "" {
			return errors.New(why)
		}
		l, err := p.listCategory(ctx, repo, info)
		if err != nil {
			return err
		}
		rows = decisionRows(l, nil, meta{})
		return nil
	})
	return rows, err
}

// Search runs a discussion search in the repository's category with the given terms and
// returns at most limit hits, never the decision log.
func (p *Publisher) Search(ctx context.Context, repo Repo, terms []string, limit int) ([]PriorMatch, error) {
	defer p.begin()()
	return p.search(ctx, repo, terms, limit)
}

// Shown is one discussion as `decisions show N --repo` prints it.
type Shown struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"created_at"`
	Author    string    `json:"author"`
}

type showQuery struct {
	Repository *struct {
		Discussion *struct {
			Number    int
			Title     string
			URL       string `graphql:"url"`
			Body      string
			CreatedAt time.Time
			Author    *author
		} `graphql:"discussion(number: $number)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// Show reads discussion number of the repository.
func (p *Publisher) Show(ctx context.Context, repo Repo, number int) (*Shown, error) {
	defer p.begin()()
	var out *Shown
	err := p.retry(ctx, "show discussion", func(ctx context.Context) error {
		var q showQuery
		vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name), "number": githubv4.Int(number)}
		if err := p.c.query(ctx, "repository", &q, vars); err != nil {
			return fmt.Errorf("read %s#%d: %w", repo, number, err)
		}
		if q.Repository == nil || q.Repository.Discussion == nil {
			return fmt.Errorf("read %s#%d: %w", repo, number, errDiscussionMissing)
		}
		d := q.Repository.Discussion
		out = &Shown{Number: d.Number, Title: d.Title, URL: d.URL, Body: d.Body, CreatedAt: d.CreatedAt}
		if d.Author != nil {
			out.Author = d.Author.Login
		}
		return nil
	})
	return out, err
}

// Published is where a session's decision was published, as the local state records it.
type Published struct {
	Repo   string `json:"repo"`
	Number int    `json:"number"`
	URL    string `json:"url"`
}

// PublishedSessions reads the local publication records: session id → where its decision
// was published (finished publishes only).
func PublishedSessions(ctx context.Context, store engine.Store) (map[string][]Published, error) {
	recs, err := store.ListRecords(ctx, recordKind)
	if err != nil {
		return nil, fmt.Errorf("read publication records: %w", err)
	}
	out := map[string][]Published{}
	for _, r := range recs {
		owner, rest, _ := strings.Cut(r.Key, "/")
		name, session, ok := strings.Cut(rest, "/")
		var st pubState
		if !ok || strings.Contains(session, "/") || json.Unmarshal(r.Value, &st) != nil || !st.Done || st.Result == nil || st.Result.Number == 0 {
			continue
		}
		out[session] = append(out[session], Published{Repo: owner + "/" + name, Number: st.Result.Number, URL: st.Result.URL})
	}
	return out, nil
}

// PublishedSession finds the decision war-room's own account published for session in the
// repository's category: its number, or ok false when there is none.
func (p *Publisher) PublishedSession(ctx context.Context, repo Repo, session string) (number int, ok bool, err error) {
	defer p.begin()()
	info, err := p.lookup(ctx, repo)
	if err != nil {
		return 0, false, err
	}
	l, err := p.listCategory(ctx, repo, info)
	if err != nil {
		return 0, false, err
	}
	d, ok := l.ours[Marker{Session: session, Part: partBody}]
	return d.Number, ok, nil
}
