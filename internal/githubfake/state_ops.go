package githubfake

import "strconv"

// newDiscussion stores a discussion by author. Search sees it only after the configured
// number of search calls (SetSearchLag).
func (f *Fake) newDiscussion(r *repo, c *category, number int, title, body string, author *user) *discussion {
	now := f.clock()
	d := &discussion{id: f.st.id(), repo: r, number: number, title: title, body: body,
		category: c, author: author, createdAt: now, updatedAt: now,
		searchableAfter: f.searchCalls + f.searchLag}
	d.nodeID = nodeID(pfxDiscussion, d.id)
	r.discussions = append(r.discussions, d)
	f.st.nodes[d.nodeID] = d
	return d
}

// newDComment stores a discussion comment (a reply when parent is set) and bumps the
// discussion's updatedAt, as new activity does on GitHub.
func (f *Fake) newDComment(d *discussion, parent *dcomment, body string, author *user) *dcomment {
	now := f.clock()
	c := &dcomment{id: f.st.id(), discussion: d, replyTo: parent, body: body, author: author,
		createdAt: now, updatedAt: now}
	c.nodeID = nodeID(pfxDComment, c.id)
	if parent != nil {
		parent.replies = append(parent.replies, c)
	} else {
		d.comments = append(d.comments, c)
	}
	d.updatedAt = now
	f.st.nodes[c.nodeID] = c
	return c
}

// react adds u's reaction of that content unless it exists; created reports which.
func (f *Fake) react(list *[]*reaction, content string, u *user) (re *reaction, created bool) {
	for _, r := range *list {
		if r.user == u && r.content == content {
			return r, false
		}
	}
	re = &reaction{id: f.st.id(), content: content, user: u, createdAt: f.clock()}
	re.nodeID = nodeID(pfxReaction, re.id)
	*list = append(*list, re)
	f.st.nodes[re.nodeID] = re
	return re, true
}

func (c *issueComment) htmlURL() string {
	kind := "issues"
	if c.issue.pull != nil {
		kind = "pull"
	}
	return htmlRoot + c.issue.repo.fullName() + "/" + kind + "/" + strconv.Itoa(c.issue.number) +
		"#issuecomment-" + strconv.FormatInt(c.id, 10)
}
