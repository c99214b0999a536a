package githubfake

import (
	"strings"
	"time"
)

// AddDiscussionCategory adds a category to repo and returns its node ID. Only answerable
// (question-and-answer) categories accept markDiscussionCommentAsAnswer.
func (f *Fake) AddDiscussionCategory(repo, name, slug string, answerable bool) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	c := &category{id: f.st.id(), repo: r, name: name, slug: slug, answerable: answerable, createdAt: f.clock()}
	c.nodeID = nodeID(pfxCategory, c.id)
	r.categories = append(r.categories, c)
	f.st.nodes[c.nodeID] = c
	return c.nodeID
}

// AddLabel adds a label to repo and returns its node ID.
func (f *Fake) AddLabel(repo, name string) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	l := &label{id: f.st.id(), repo: r, name: name, color: "ededed"}
	l.nodeID = nodeID(pfxLabel, l.id)
	r.labels = append(r.labels, l)
	f.st.nodes[l.nodeID] = l
	return l.nodeID
}

// AddIssue adds issue number (0: the next free number) to repo and returns its number.
func (f *Fake) AddIssue(repo string, number int, title, body, author string) int {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	return f.newIssue(r, f.claimNumber(r, number), title, body, f.userFor(author)).number
}

func (f *Fake) newIssue(r *repo, number int, title, body string, author *user) *issue {
	now := f.clock()
	is := &issue{id: f.st.id(), repo: r, number: number, title: title, body: body,
		author: author, state: "open", createdAt: now, updatedAt: now}
	is.nodeID = nodeID(pfxIssue, is.id)
	r.issues[number] = is
	f.st.nodes[is.nodeID] = is
	return is
}

// claimNumber reserves n (0: the next free one) in r's shared issue/PR/discussion numbering.
func (f *Fake) claimNumber(r *repo, n int) int {
	f.t.Helper()
	if n == 0 {
		r.lastNumber++
		return r.lastNumber
	}
	if r.numberTaken(n) {
		f.t.Fatalf("githubfake: %s: number %d is already used by an issue, pull request or discussion", r.fullName(), n)
	}
	if n > r.lastNumber {
		r.lastNumber = n
	}
	return n
}

func (r *repo) numberTaken(n int) bool {
	if r.issues[n] != nil {
		return true
	}
	for _, d := range r.discussions {
		if d.number == n {
			return true
		}
	}
	return false
}

// PutFile stores content at path for ref (a branch name or a commit SHA) in repo, for the
// contents API. A ref that is a branch's name also answers for its head SHA set by AddPull.
func (f *Fake) PutFile(repo, ref, path, content string) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	if r.files[ref] == nil {
		r.files[ref] = map[string]string{}
	}
	r.files[ref][strings.TrimPrefix(path, "/")] = content
}

// DiscussionSpec seeds an existing discussion with AddDiscussion.
type DiscussionSpec struct {
	Number    int    // 0: the next free number
	Category  string // slug; required
	Title     string
	Body      string
	Author    string
	Labels    []string // names of labels added with AddLabel
	CreatedAt time.Time
}

// AddDiscussion seeds a discussion (visible to search at once) and returns its node ID.
func (f *Fake) AddDiscussion(repo string, spec DiscussionSpec) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	c := r.categoryBySlug(spec.Category)
	if c == nil {
		f.t.Fatalf("githubfake: AddDiscussion: %s has no category %q", repo, spec.Category)
	}
	d := f.newDiscussion(r, c, f.claimNumber(r, spec.Number), spec.Title, spec.Body, f.userFor(spec.Author))
	d.searchableAfter = 0
	if !spec.CreatedAt.IsZero() {
		d.createdAt, d.updatedAt = spec.CreatedAt.UTC(), spec.CreatedAt.UTC()
	}
	for _, name := range spec.Labels {
		l := r.labelByName(name)
		if l == nil {
			f.t.Fatalf("githubfake: AddDiscussion: %s has no label %q", repo, name)
		}
		d.labels = append(d.labels, l)
	}
	return d.nodeID
}

// AddDiscussionComment seeds a comment (replyTo: "" or a top-level comment's node ID) on the
// discussion with that node ID and returns the comment's node ID.
func (f *Fake) AddDiscussionComment(discussionID, author, body, replyTo string) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	d, ok := f.st.nodes[discussionID].(*discussion)
	if !ok {
		f.t.Fatalf("githubfake: AddDiscussionComment: no discussion %q", discussionID)
	}
	var parent *dcomment
	if replyTo != "" {
		if parent, ok = f.st.nodes[replyTo].(*dcomment); !ok {
			f.t.Fatalf("githubfake: AddDiscussionComment: no comment %q", replyTo)
		}
	}
	return f.newDComment(d, parent, body, f.userFor(author)).nodeID
}
