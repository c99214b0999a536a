package githubfake

import (
	"net/http"
	"strconv"
)

func (f *Fake) createIssueComment(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.issueFor(w, rq)
	if !ok {
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	body, _, ok := stringField(w, m, "body", true)
	if !ok || !bodyOK(w, "IssueComment", body) {
		return
	}
	now := f.clock()
	c := &issueComment{id: f.st.id(), issue: is, body: body, author: rq.actor, createdAt: now, updatedAt: now}
	c.nodeID = nodeID(pfxIComment, c.id)
	is.comments = append(is.comments, c)
	is.updatedAt = now
	f.st.nodes[c.nodeID] = c
	w.Header().Set("Location", f.repoURL(is.repo)+"/issues/comments/"+strconv.FormatInt(c.id, 10))
	writeJSON(w, http.StatusCreated, f.commentJSON(c))
}

func (f *Fake) listIssueComments(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.issueFor(w, rq)
	if !ok {
		return
	}
	from, to := f.page(w, rq, len(is.comments))
	out := []any{}
	for _, c := range is.comments[from:to] {
		out = append(out, f.commentJSON(c))
	}
	writeJSON(w, http.StatusOK, out)
}

// commentFor finds {comment_id} among the issue comments of {owner}/{repo}.
func (f *Fake) commentFor(w http.ResponseWriter, rq *restReq) (*issueComment, bool) {
	r, ok := f.repoFor(w, rq)
	if !ok {
		return nil, false
	}
	id, ok := intParam(w, rq, "comment_id")
	if !ok {
		return nil, false
	}
	for _, is := range r.issues {
		for _, c := range is.comments {
			if c.id == id {
				return c, true
			}
		}
	}
	notFound(w)
	return nil, false
}

func (f *Fake) getIssueComment(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.commentFor(w, rq); ok {
		writeJSON(w, http.StatusOK, f.commentJSON(c))
	}
}

func (f *Fake) updateIssueComment(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.commentFor(w, rq)
	if !ok {
		return
	}
	if c.author != rq.actor && permRank(c.issue.repo.permission(rq.actor)) < permRank("write") {
		denied(w, rq.actor)
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	body, _, ok := stringField(w, m, "body", true)
	if !ok || !bodyOK(w, "IssueComment", body) {
		return
	}
	c.body, c.updatedAt = body, f.clock()
	writeJSON(w, http.StatusOK, f.commentJSON(c))
}

func (f *Fake) deleteIssueComment(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.commentFor(w, rq)
	if !ok {
		return
	}
	if c.author != rq.actor && permRank(c.issue.repo.permission(rq.actor)) < permRank("write") {
		denied(w, rq.actor)
		return
	}
	cs := c.issue.comments
	for i := range cs {
		if cs[i] == c {
			c.issue.comments = append(cs[:i:i], cs[i+1:]...)
			break
		}
	}
	delete(f.st.nodes, c.nodeID)
	w.WriteHeader(http.StatusNoContent)
}
