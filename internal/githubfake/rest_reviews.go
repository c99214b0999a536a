package githubfake

import (
	"net/http"
	"strconv"
)

// reviewStates maps a create-review event to the state the review takes; no event leaves
// it PENDING.
var reviewStates = map[string]string{"APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED", "COMMENT": "COMMENTED"}

const reviewDocs = restDocs + "/pulls/reviews#create-a-review-for-a-pull-request"

// unprocessable answers 422 in the shape the create-review endpoint uses: a list of plain
// messages rather than Validation Failed objects.
func unprocessable(w http.ResponseWriter, docs string, messages ...string) {
	errs := make([]any, len(messages))
	for i, m := range messages {
		errs[i] = m
	}
	writeJSON(w, http.StatusUnprocessableEntity, obj{"message": "Unprocessable Entity", "errors": errs,
		"documentation_url": docs, "status": "422"})
}

// createReview answers POST /pulls/{n}/reviews. The review and all its comments are made
// together or not at all: one comment that cannot be anchored in the diff at commit_id
// refuses the whole request, as GitHub does.
func (f *Fake) createReview(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	rv, ok := f.reviewFromBody(w, rq, is, m)
	if !ok {
		return
	}
	comments, ok := f.draftComments(w, rv, m["comments"])
	if !ok {
		return
	}
	rv.id = f.st.id()
	rv.nodeID = nodeID(pfxReview, rv.id)
	if rv.state != "PENDING" {
		rv.submittedAt = f.clock()
	}
	is.pull.reviews = append(is.pull.reviews, rv)
	f.st.nodes[rv.nodeID] = rv
	for _, c := range comments {
		c.id = f.st.id()
		c.nodeID = nodeID(pfxRComment, c.id)
		c.createdAt, c.updatedAt = f.clock(), f.clock()
		is.pull.reviewComments = append(is.pull.reviewComments, c)
		f.st.nodes[c.nodeID] = c
	}
	is.updatedAt = f.clock()
	writeJSON(w, http.StatusOK, f.reviewJSON(rv))
}

// reviewFromBody checks event, body and commit_id. Messages GitHub's documentation does
// not give (an unknown commit, a blank body) are the fake's own wording.
func (f *Fake) reviewFromBody(w http.ResponseWriter, rq *restReq, is *issue, m map[string]any) (*review, bool) {
	body, _, ok := stringField(w, m, "body", false)
	if !ok || !bodyOK(w, "PullRequestReview", body) {
		return nil, false
	}
	event, hasEvent, ok := stringField(w, m, "event", false)
	if !ok {
		return nil, false
	}
	state := "PENDING"
	if hasEvent && event != "" {
		if state = reviewStates[event]; state == "" {
			invalid(w, "For 'properties/event', "+show(event)+" is not a member of the allowed values.")
			return nil, false
		}
	}
	commit, hasCommit, ok := stringField(w, m, "commit_id", false)
	if !ok {
		return nil, false
	}
	if !hasCommit {
		commit = is.pull.spec.HeadSHA
	}
	switch {
	case !is.pull.hasCommit(commit):
		unprocessable(w, reviewDocs, "Commit could not be resolved") // the fake's wording
	case (state == "COMMENTED" || state == "CHANGES_REQUESTED") && body == "":
		unprocessable(w, reviewDocs, "Body can't be blank") // the description: body is required for these events
	case state == "APPROVED" && rq.actor == is.author:
		unprocessable(w, reviewDocs, "Can not approve your own pull request")
	case state == "CHANGES_REQUESTED" && rq.actor == is.author:
		unprocessable(w, reviewDocs, "Can not request changes on your own pull request")
	case state == "PENDING" && is.pull.pendingOf(rq.actor) != nil:
		unprocessable(w, reviewDocs, "User can only have one pending review per pull request")
	default:
		return &review{pr: is, author: rq.actor, body: body, state: state, commitID: commit}, true
	}
	return nil, false
}

func (p *pull) hasCommit(sha string) bool {
	for _, c := range p.commits {
		if c.SHA == sha {
			return true
		}
	}
	return false
}

func (p *pull) pendingOf(u *user) *review {
	for _, rv := range p.reviews {
		if rv.author == u && rv.state == "PENDING" {
			return rv
		}
	}
	return nil
}

// visible says whether actor may see rv: a pending review is its author's alone.
func (rv *review) visible(actor *user) bool { return rv.state != "PENDING" || rv.author == actor }

// listReviews answers GET /pulls/{n}/reviews, oldest first, paged.
func (f *Fake) listReviews(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	var sel []*review
	for _, rv := range is.pull.reviews {
		if rv.visible(rq.actor) {
			sel = append(sel, rv)
		}
	}
	from, to := f.page(w, rq, len(sel))
	out := []any{}
	for _, rv := range sel[from:to] {
		out = append(out, f.reviewJSON(rv))
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) reviewJSON(rv *review) obj {
	pu := f.repoURL(rv.pr.repo) + "/pulls/" + strconv.Itoa(rv.pr.number)
	html := htmlRoot + rv.pr.repo.fullName() + "/pull/" + strconv.Itoa(rv.pr.number) + "#pullrequestreview-" + strconv.FormatInt(rv.id, 10)
	o := obj{
		"id": rv.id, "node_id": rv.nodeID, "user": f.userJSON(rv.author), "body": rv.body, "state": rv.state,
		"commit_id": rv.commitID,
		"html_url":  html, "pull_request_url": pu,
		"_links":             obj{"html": obj{"href": html}, "pull_request": obj{"href": pu}},
		"author_association": association(rv.pr.repo, rv.author),
	}
	if !rv.submittedAt.IsZero() {
		o["submitted_at"] = ts(rv.submittedAt)
	}
	return o
}
