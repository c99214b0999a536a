package githubfake

import (
	"slices"
	"time"
)

// Snapshots returned by the inspection methods, for assertions. Logins are REST logins (a
// bot's ends in "[bot]").

// Discussion is a discussion as stored.
type Discussion struct {
	ID, Repo             string // node ID; "owner/name"
	Number               int
	Title, Body          string
	Category             string // slug
	Author               string
	Labels               []string
	AnswerID             string // node ID of the answer comment, "" if none
	CreatedAt, UpdatedAt time.Time
}

// DiscussionComment is a discussion comment as stored.
type DiscussionComment struct {
	ID, DiscussionID string
	// DatabaseID is the comment's number, URL its address (as a webhook's html_url says it).
	DatabaseID           int64
	URL                  string
	ReplyToID            string // "" for a top-level comment
	Body, Author         string
	IsAnswer             bool
	CreatedAt, UpdatedAt time.Time
}

// Issue is an issue or pull request as stored.
type Issue struct {
	Number       int
	NodeID       string
	Title, Body  string
	Author       string
	Labels       []string
	IsPull       bool
	HeadSHA      string // pull requests
	CommentCount int
}

// IssueComment is an issue or pull request comment (REST) as stored.
type IssueComment struct {
	ID                   int64
	NodeID               string
	Issue                int
	Body, Author         string
	CreatedAt, UpdatedAt time.Time
}

// Reaction is one reaction, with REST content ("+1", "eyes", …).
type Reaction struct {
	ID      int64
	Content string
	User    string
}

// CheckRun is a check run as stored.
type CheckRun struct {
	ID                     int64
	Name, HeadSHA          string
	Status, Conclusion     string
	Title, Summary, Text   string
	DetailsURL, ExternalID string
	App                    string
	Annotations            []map[string]any
	StartedAt, CompletedAt time.Time
}

// Discussions lists repo's discussions in creation order.
func (f *Fake) Discussions(repo string) []Discussion {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Discussion
	for _, d := range f.mustRepo(repo).discussions {
		out = append(out, d.snapshot())
	}
	return out
}

func (d *discussion) snapshot() Discussion {
	s := Discussion{ID: d.nodeID, Repo: d.repo.fullName(), Number: d.number, Title: d.title, Body: d.body,
		Category: d.category.slug, Author: d.author.login, CreatedAt: d.createdAt, UpdatedAt: d.updatedAt}
	for _, l := range d.labels {
		s.Labels = append(s.Labels, l.name)
	}
	if d.answer != nil {
		s.AnswerID = d.answer.nodeID
	}
	return s
}

// Comments lists the comments of the discussion with that node ID, replies included, in
// creation order.
func (f *Fake) Comments(discussionID string) []DiscussionComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	d, _ := f.st.nodes[discussionID].(*discussion)
	if d == nil {
		f.t.Errorf("githubfake: Comments: no discussion %q", discussionID)
		return nil
	}
	var all []*dcomment
	for _, c := range d.comments {
		all = append(append(all, c), c.replies...)
	}
	slices.SortFunc(all, func(a, b *dcomment) int { return int(a.id - b.id) })
	var out []DiscussionComment
	for _, c := range all {
		s := DiscussionComment{ID: c.nodeID, DiscussionID: d.nodeID, DatabaseID: c.id, URL: commentObj{c}.url(), Body: c.body, Author: c.author.login,
			IsAnswer: d.answer == c, CreatedAt: c.createdAt, UpdatedAt: c.updatedAt}
		if c.replyTo != nil {
			s.ReplyToID = c.replyTo.nodeID
		}
		out = append(out, s)
	}
	return out
}

// Issues lists repo's issues and pull requests by number.
func (f *Fake) Issues(repo string) []Issue {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	var out []Issue
	for _, is := range r.issues {
		s := Issue{Number: is.number, NodeID: is.nodeID, Title: is.title, Body: is.body, Author: is.author.login,
			IsPull: is.pull != nil, CommentCount: len(is.comments)}
		if is.pull != nil {
			s.HeadSHA = is.pull.spec.HeadSHA
		}
		for _, l := range is.labels {
			s.Labels = append(s.Labels, l.name)
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Issue) int { return a.Number - b.Number })
	return out
}

// IssueComments lists the REST comments on issue or pull request n, oldest first.
func (f *Fake) IssueComments(repo string, n int) []IssueComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	is := f.mustRepo(repo).issues[n]
	if is == nil {
		f.t.Errorf("githubfake: IssueComments: %s has no issue %d", repo, n)
		return nil
	}
	var out []IssueComment
	for _, c := range is.comments {
		out = append(out, IssueComment{ID: c.id, NodeID: c.nodeID, Issue: n, Body: c.body, Author: c.author.login,
			CreatedAt: c.createdAt, UpdatedAt: c.updatedAt})
	}
	return out
}

// Reactions lists the reactions on the subject with that node ID (issue, pull request,
// issue comment, discussion or discussion comment).
func (f *Fake) Reactions(subjectNodeID string) []Reaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	list := reactionsOf(f.st.nodes[subjectNodeID])
	if list == nil {
		f.t.Errorf("githubfake: Reactions: %q is not a reactable node", subjectNodeID)
		return nil
	}
	var out []Reaction
	for _, r := range *list {
		out = append(out, Reaction{ID: r.id, Content: r.content, User: r.user.login})
	}
	return out
}

// CheckRuns lists repo's check runs in creation order.
func (f *Fake) CheckRuns(repo string) []CheckRun {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []CheckRun
	for _, cr := range f.mustRepo(repo).checkRuns {
		out = append(out, CheckRun{ID: cr.id, Name: cr.name, HeadSHA: cr.headSHA, Status: cr.status,
			Conclusion: cr.conclusion, Title: cr.title, Summary: cr.summary, Text: cr.text,
			DetailsURL: cr.detailsURL, ExternalID: cr.externalID, App: cr.app.login,
			Annotations: slices.Clone(cr.annotations), StartedAt: cr.startedAt, CompletedAt: cr.completedAt})
	}
	return out
}
