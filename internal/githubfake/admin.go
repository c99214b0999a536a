package githubfake

import "slices"

// Admin edits, for tests: what a maintainer does in the web interface.

// DeleteDiscussion removes a discussion as a maintainer deleting it in the web interface
// would: it is gone from listings, lookups by number and search.
func (f *Fake) DeleteDiscussion(repo string, number int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	r.discussions = slices.DeleteFunc(r.discussions, func(d *discussion) bool { return d.number == number })
}

// EditCommentBody rewrites a discussion comment's body as a repository admin editing it in
// the web interface would: the author stays who wrote it.
func (f *Fake) EditCommentBody(commentID, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.st.nodes[commentID].(*dcomment)
	if !ok {
		f.t.Errorf("githubfake: EditCommentBody: no discussion comment %q", commentID)
		return
	}
	c.body = body
}

// EditDiscussionBody changes a discussion's body as an admin editing it on github.com would:
// no mutation, no author check, the text replaced in place.
func (f *Fake) EditDiscussionBody(discussionID, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	d, ok := f.st.nodes[discussionID].(*discussion)
	if !ok {
		f.t.Errorf("githubfake: EditDiscussionBody: no discussion %q", discussionID)
		return
	}
	d.body = body
}

// DeleteComment removes a top-level discussion comment as an admin deleting it on github.com
// would.
func (f *Fake) DeleteComment(commentID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.st.nodes[commentID].(*dcomment)
	if !ok {
		f.t.Errorf("githubfake: DeleteComment: no discussion comment %q", commentID)
		return
	}
	d := c.discussion
	d.comments = slices.DeleteFunc(d.comments, func(x *dcomment) bool { return x == c })
	delete(f.st.nodes, commentID)
}
