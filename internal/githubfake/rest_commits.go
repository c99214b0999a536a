package githubfake

import (
	"net/http"
	"strings"
)

// listCommits answers GET /repos/{o}/{r}/commits: the commits of ?sha= (a branch or a commit
// SHA; default: the default branch) and its ancestors, newest first, only those touching
// ?path= when it is given, paged as every list is. An unknown sha is
// GitHub's 404.
func (f *Fake) listCommits(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	q := rq.URL.Query()
	sha := q.Get("sha")
	_, branch, ok := r.resolve(sha)
	if !ok {
		restError(w, http.StatusNotFound, "No commit found for SHA: "+sha, restDocs)
		return
	}
	p := strings.Trim(q.Get("path"), "/")
	var matched []branchCommit
	for _, c := range r.commitsUpTo(branch, sha) {
		if c.touches(p) {
			matched = append(matched, c)
		}
	}
	from, to := f.page(w, rq, len(matched))
	out := []any{}
	for _, c := range matched[from:to] {
		out = append(out, f.commitJSON(r, c.pullCommit))
	}
	writeJSON(w, http.StatusOK, out)
}

// getCommit answers GET /repos/{o}/{r}/commits/{ref}: the commit a branch or SHA names, as
// JSON, or its bare SHA for Accept: application/vnd.github.sha.
func (f *Fake) getCommit(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	ref := rq.params["ref"]
	_, branch, ok := r.resolve(ref)
	if !ok {
		restError(w, http.StatusUnprocessableEntity, "No commit found for SHA: "+ref, restDocs)
		return
	}
	sha := ref
	if ref == branch {
		sha = r.head(branch)
	}
	if a := rq.Header.Get("Accept"); strings.Contains(a, "vnd.github.sha") || strings.Contains(a, "vnd.github.v3.sha") {
		w.Header().Set("Content-Type", "application/vnd.github.sha; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(sha))
		return
	}
	c := pullCommit{CommitSpec: CommitSpec{SHA: sha, Message: "Initial commit", AuthorLogin: r.owner.login},
		parent: gitBlobSHA("parent of " + sha), at: f.clock()}
	for _, h := range r.history[branch] {
		if h.SHA == sha {
			c = h.pullCommit
		}
	}
	writeJSON(w, http.StatusOK, f.commitJSON(r, c))
}
