package discussions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/shurcooL/githubv4"

	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
)

// ErrNoRecord is a discussion that carries no verifiable record of ours: not a decision
// war-room published, or one published before records were.
var ErrNoRecord = errors.New("carries no verifiable record")

// fetchedRecord is a record read back from GitHub, with where each of its parts is.
type fetchedRecord struct {
	*verify.PublishedRecord
	Session string
	// Published are the digests the record holds of each comment published with it.
	Published map[string]string
	// served are the texts GitHub serves now, by part name, with where each is.
	served map[string]servedText
	// Parts are the record comments in order; a problem's node is found in one of them.
	Parts []recordPart
	// Outcomes are the outcome comments in order, outcomeErrs the ones that do not read.
	Outcomes    []outcomeComment
	outcomeErrs []verify.Problem
	// commenters are the authors of the discussion's comments, by address.
	commenters map[string]string
}

type servedText struct{ body, url string }

// PublishedProblems compares every comment published with the decision (the body, each phase
// comment) with the digest the record holds of it: an edited word, a deleted comment or one
// added under a part name fails and is named with its address. A record published before
// digests were reports none.
func (r *fetchedRecord) PublishedProblems() []verify.Problem {
	var out []verify.Problem
	names := slices.Sorted(maps.Keys(r.Published))
	for _, name := range names {
		want := r.Published[name]
		got, ok := r.served[name]
		switch {
		case !ok:
			out = append(out, verify.Problem{Kind: "published", Name: name, Field: "sha256", Stored: want, Recomputed: "(no such comment)"})
		case !safetext.PublishedMatches(got.body, want):
			out = append(out, verify.Problem{Kind: "published", Name: name + " " + got.url, Field: "sha256", Stored: want,
				Recomputed: safetext.PublishedDigest(got.body)})
		}
	}
	return out
}

// recordPart is one record comment.
type recordPart struct {
	Name, URL string
	json      string
}

// Where names the record comment holding text (a node id), or the discussion when none does.
func (r *fetchedRecord) Where(text string) string {
	for _, p := range r.Parts {
		if strings.Contains(p.json, text) {
			return p.Name + " " + p.URL
		}
	}
	return "the discussion"
}

type recordQuery struct {
	Repository *struct {
		Discussion *struct {
			URL      string `graphql:"url"`
			Body     string
			Author   *author
			Comments struct {
				Nodes []struct {
					Body   string
					URL    string `graphql:"url"`
					Author *author
				}
				PageInfo pageInfo
			} `graphql:"comments(first: 100, after: $after)"`
		} `graphql:"discussion(number: $number)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// ReadRecord reads the verifiable record published with discussion number: only what
// war-room's own account wrote counts, the body's marker names the session, and the record
// comments of that session are joined in order.
func (p *Publisher) ReadRecord(ctx context.Context, repo Repo, number int) (*fetchedRecord, error) {
	defer p.begin()()
	info, err := p.lookup(ctx, repo)
	if err != nil {
		return nil, err
	}
	out := &fetchedRecord{commenters: map[string]string{}}
	var after *githubv4.String
	for {
		var q recordQuery
		vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name),
			"number": githubv4.Int(number), "after": after}
		err := p.retry(ctx, "read the record", func(ctx context.Context) error { return p.c.query(ctx, "discussion", &q, vars) })
		var ae *APIError
		if errors.As(err, &ae) && ae.NotFound {
			return nil, fmt.Errorf("read %s#%d: %w", repo, number, errDiscussionMissing)
		}
		if err != nil {
			return nil, fmt.Errorf("read %s#%d: %w", repo, number, err)
		}
		if q.Repository == nil || q.Repository.Discussion == nil {
			return nil, fmt.Errorf("read %s#%d: %w", repo, number, errDiscussionMissing)
		}
		d := q.Repository.Discussion
		if out.Session == "" {
			m, ok := ParseMarker(d.Body)
			if !ok || m.Part != partBody || !isOurDecision(d.Author, d.Body, info.login) {
				return nil, fmt.Errorf("%s#%d %w: it is not a decision war-room published", repo, number, ErrNoRecord)
			}
			out.Session = m.Session
			out.served = map[string]servedText{partBody: {body: d.Body, url: d.URL}}
		}
		for _, c := range d.Comments.Nodes {
			if c.Author != nil {
				out.commenters[c.URL] = c.Author.Login
			}
			m, ok := ParseMarker(c.Body)
			if !ok || m.Session != out.Session || !c.Author.is(info.login) {
				continue
			}
			if strings.HasPrefix(m.Part, partOutcomePrefix) {
				out.addOutcome(m.Part, c.URL, c.Body)
				continue
			}
			if !strings.HasPrefix(m.Part, partRecordPrefix) {
				if _, seen := out.served[m.Part]; !seen {
					out.served[m.Part] = servedText{body: c.Body, url: c.URL}
				}
				continue
			}
			if payload, ok := safetext.ReadJSONBlock(c.Body); ok && !slices.ContainsFunc(out.Parts, func(r recordPart) bool { return r.Name == m.Part }) {
				out.Parts = append(out.Parts, recordPart{Name: m.Part, URL: c.URL, json: payload})
			}
		}
		if !d.Comments.PageInfo.HasNextPage {
			break
		}
		cursor := d.Comments.PageInfo.EndCursor
		after = &cursor
	}
	return out, out.decode(repo, number)
}

// decode joins the parts in their numbered order and reads the record.
func (r *fetchedRecord) decode(repo Repo, number int) error {
	if len(r.Parts) == 0 {
		return fmt.Errorf("%s#%d %w", repo, number, ErrNoRecord)
	}
	slices.SortFunc(r.Parts, func(a, b recordPart) int { return partNumber(a.Name) - partNumber(b.Name) })
	var b strings.Builder
	for i, p := range r.Parts {
		if partNumber(p.Name) != i+1 {
			return fmt.Errorf("%s#%d: record part %d is missing (have %s)", repo, number, i+1, p.Name)
		}
		b.WriteString(p.json)
	}
	pub := publishedRecord{PublishedRecord: &verify.PublishedRecord{}}
	if err := json.Unmarshal([]byte(b.String()), &pub); err != nil {
		return fmt.Errorf("%s#%d: the published record does not read as JSON (edited?): %w", repo, number, err)
	}
	r.PublishedRecord, r.Published = pub.PublishedRecord, pub.Published
	return nil
}

// addOutcome keeps an outcome comment (the first of each part name), or why it does not read.
func (r *fetchedRecord) addOutcome(part, url, body string) {
	if slices.ContainsFunc(r.Outcomes, func(o outcomeComment) bool { return o.Part == part }) {
		return
	}
	o, err := readOutcome(part, url, body)
	if err != nil {
		r.outcomeErrs = append(r.outcomeErrs, verify.Problem{Kind: verify.ProblemOutcome, Name: part + " " + url, Field: "json",
			Stored: "(unreadable)", Recomputed: err.Error()})
		return
	}
	r.Outcomes = append(r.Outcomes, o)
	slices.SortFunc(r.Outcomes, func(a, b outcomeComment) int { return outcomeNumber(a.Part) - outcomeNumber(b.Part) })
}

func outcomeNumber(part string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(part, partOutcomePrefix))
	return n
}

func partNumber(name string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(name, partRecordPrefix))
	return n
}
