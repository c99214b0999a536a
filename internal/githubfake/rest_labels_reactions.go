package githubfake

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// addIssueLabels answers POST /issues/{n}/labels ({"labels": [names]}); unknown names are
// created, as GitHub does. Needs triage.
func (f *Fake) addIssueLabels(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.issueFor(w, rq)
	if !ok {
		return
	}
	if permRank(is.repo.permission(rq.actor)) < permRank("triage") {
		denied(w, rq.actor)
		return
	}
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	names, isList := m["labels"].([]any)
	if !isList {
		invalid(w, `"labels" wasn't supplied.`)
		return
	}
	for _, n := range names {
		if l := f.labelOrNew(is.repo, str(n)); !slices.Contains(is.labels, l) {
			is.labels = append(is.labels, l)
		}
	}
	out := []any{}
	for _, l := range is.labels {
		out = append(out, f.labelJSON(l))
	}
	writeJSON(w, http.StatusOK, out)
}

// deleteCommentReaction answers DELETE .../issues/comments/{id}/reactions/{reaction_id}.
func (f *Fake) deleteCommentReaction(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.commentFor(w, rq)
	if !ok {
		return
	}
	id, ok := intParam(w, rq, "reaction_id")
	if !ok {
		return
	}
	i := slices.IndexFunc(c.reactions, func(r *reaction) bool { return r.id == id })
	if i < 0 {
		notFound(w)
		return
	}
	if c.reactions[i].user != rq.actor && permRank(c.issue.repo.permission(rq.actor)) < permRank("write") {
		denied(w, rq.actor)
		return
	}
	delete(f.st.nodes, c.reactions[i].nodeID)
	c.reactions = slices.Delete(c.reactions, i, i+1)
	w.WriteHeader(http.StatusNoContent)
}

// getRepoInstallation answers GET /repos/{o}/{r}/installation for an App JWT: the
// installation with the lowest ID (installations cover every repository in the fake).
func (f *Fake) getRepoInstallation(w http.ResponseWriter, rq *restReq) {
	if msg := checkAppJWT(bearerToken(rq.Request), time.Now()); msg != "" {
		restError(w, http.StatusUnauthorized, msg, restDocs)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.st.repos[strings.ToLower(rq.params["owner"]+"/"+rq.params["repo"])]
	var ids []int64
	for id := range f.st.install {
		ids = append(ids, id)
	}
	if r == nil || len(ids) == 0 {
		notFound(w)
		return
	}
	id := slices.Min(ids)
	bot := f.st.install[id]
	writeJSON(w, http.StatusOK, obj{
		"id": id, "app_id": bot.id, "app_slug": bot.graphQLLogin(), "client_id": "Iv1." + bot.graphQLLogin(),
		"target_id": r.owner.id, "target_type": r.owner.typ, "account": f.userJSON(r.owner),
		"single_file_name": nil, "repository_selection": "all",
		"access_tokens_url": f.srv.URL + "/app/installations/" + strconv.FormatInt(id, 10) + "/access_tokens",
		"html_url":          htmlRoot + "settings/installations/" + strconv.FormatInt(id, 10),
		"repositories_url":  f.srv.URL + "/installation/repositories", "events": []any{},
		"permissions": obj{"checks": "write", "discussions": "write", "issues": "write", "pull_requests": "write"},
		"created_at":  "2020-01-01T00:00:00Z", "updated_at": "2020-01-01T00:00:00Z",
		"suspended_by": nil, "suspended_at": nil,
	})
}

// getRateLimit answers GET /rate_limit from the actor's buckets (it does not count itself).
func (f *Fake) getRateLimit(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	res := obj{}
	for _, name := range []string{"core", "graphql", "search"} {
		b := f.bucket(rq.actor.login, name)
		res[name] = obj{"limit": b.limit, "remaining": b.limit - b.used, "used": b.used, "reset": b.reset.Unix(), "resource": name}
	}
	writeJSON(w, http.StatusOK, obj{"resources": res, "rate": res["core"]})
}
