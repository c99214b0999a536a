package githubfake

import (
	"net/http"
	"strconv"
)

func (f *Fake) checkRunFor(w http.ResponseWriter, rq *restReq) (*checkRun, bool) {
	r, ok := f.repoFor(w, rq)
	if !ok {
		return nil, false
	}
	id, ok := intParam(w, rq, "check_run_id")
	if !ok {
		return nil, false
	}
	for _, cr := range r.checkRuns {
		if cr.id == id {
			return cr, true
		}
	}
	notFound(w)
	return nil, false
}

func (f *Fake) getCheckRun(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if cr, ok := f.checkRunFor(w, rq); ok {
		writeJSON(w, http.StatusOK, f.checkRunJSON(cr))
	}
}

// listCheckRuns answers GET /commits/{ref}/check-runs; ref is a SHA or a branch name the
// fake knows (AddPull's base and head refs). Filters: check_name, status.
func (f *Fake) listCheckRuns(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	sha := rq.params["ref"]
	if s, isBranch := r.refs[sha]; isBranch {
		sha = s
	}
	q := rq.URL.Query()
	var sel []*checkRun
	for _, cr := range r.checkRuns {
		if cr.headSHA == sha && (q.Get("check_name") == "" || q.Get("check_name") == cr.name) &&
			(q.Get("status") == "" || q.Get("status") == cr.status) {
			sel = append(sel, cr)
		}
	}
	from, to := f.page(w, rq, len(sel))
	runs := []any{}
	for _, cr := range sel[from:to] {
		runs = append(runs, f.checkRunJSON(cr))
	}
	writeJSON(w, http.StatusOK, obj{"total_count": len(sel), "check_runs": runs})
}

func (f *Fake) checkRunJSON(cr *checkRun) obj {
	u := f.repoURL(cr.repo) + "/check-runs/" + strconv.FormatInt(cr.id, 10)
	var conclusion any
	if cr.conclusion != "" {
		conclusion = cr.conclusion
	}
	nilIfEmpty := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	return obj{
		"id": cr.id, "node_id": cr.nodeID, "head_sha": cr.headSHA, "name": cr.name, "url": u,
		"html_url":    htmlRoot + cr.repo.fullName() + "/runs/" + strconv.FormatInt(cr.id, 10),
		"details_url": nilIfEmpty(cr.detailsURL), "external_id": nilIfEmpty(cr.externalID),
		"status": cr.status, "conclusion": conclusion, "started_at": ts(cr.startedAt), "completed_at": ts(cr.completedAt),
		"output": obj{"title": nilIfEmpty(cr.title), "summary": nilIfEmpty(cr.summary), "text": nilIfEmpty(cr.text),
			"annotations_count": len(cr.annotations), "annotations_url": u + "/annotations"},
		"check_suite": obj{"id": cr.id + 500_000}, "app": f.appJSON(cr.app), "pull_requests": []any{},
	}
}

// appJSON is the GitHub App (integration) behind a bot login.
func (f *Fake) appJSON(bot *user) obj {
	slug := bot.graphQLLogin()
	return obj{
		"id": bot.id, "slug": slug, "node_id": bot.nodeID, "client_id": "Iv1." + slug, "owner": f.userJSON(bot),
		"name": slug, "description": nil, "external_url": htmlRoot + "apps/" + slug,
		"html_url": htmlRoot + "apps/" + slug, "created_at": "2020-01-01T00:00:00Z",
		"updated_at": "2020-01-01T00:00:00Z", "permissions": obj{"checks": "write"}, "events": []any{},
	}
}
