package githubfake

import (
	"net/http"
	"strconv"
)

func (f *Fake) getRepo(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	o := f.repoJSON(r)
	p := permRank(r.permission(rq.actor))
	o["permissions"] = obj{"admin": p >= 5, "maintain": p >= 4, "push": p >= 3, "triage": p >= 2, "pull": p >= 1}
	writeJSON(w, http.StatusOK, o)
}

func (f *Fake) createIssue(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	if r.opts.IssuesDisabled {
		restError(w, http.StatusGone, "Issues are disabled for this repo", restDocs)
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	title, _, ok := stringField(w, m, "title", true)
	if !ok {
		return
	}
	body, _, ok := stringField(w, m, "body", false)
	if !ok || !bodyOK(w, "Issue", body) {
		return
	}
	if err := checkTitle(title); err != nil {
		validationFailed(w, "Issue", "title", "custom", err.Error())
		return
	}
	is := f.newIssue(r, f.claimNumber(r, 0), title, body, rq.actor)
	if names, ok := m["labels"].([]any); ok && permRank(r.permission(rq.actor)) >= permRank("triage") {
		for _, n := range names {
			is.labels = append(is.labels, f.labelOrNew(r, str(n)))
		}
	}
	w.Header().Set("Location", f.repoURL(r)+"/issues/"+strconv.Itoa(is.number))
	writeJSON(w, http.StatusCreated, f.issueJSON(is))
}

// labelOrNew finds a label by name or creates it, as GitHub does for issue labels.
func (f *Fake) labelOrNew(r *repo, name string) *label {
	if l := r.labelByName(name); l != nil {
		return l
	}
	l := &label{id: f.st.id(), repo: r, name: name, color: "ededed"}
	l.nodeID = nodeID(pfxLabel, l.id)
	r.labels = append(r.labels, l)
	f.st.nodes[l.nodeID] = l
	return l
}

func (f *Fake) getIssue(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if is, ok := f.issueFor(w, rq); ok {
		writeJSON(w, http.StatusOK, f.issueJSON(is))
	}
}

// issueFor finds {issue_number} (an issue or a pull request) in {owner}/{repo}.
func (f *Fake) issueFor(w http.ResponseWriter, rq *restReq) (*issue, bool) {
	r, ok := f.repoFor(w, rq)
	if !ok {
		return nil, false
	}
	n, ok := intParam(w, rq, "issue_number")
	if !ok {
		return nil, false
	}
	is := r.issues[int(n)]
	if is == nil {
		notFound(w)
		return nil, false
	}
	return is, true
}
