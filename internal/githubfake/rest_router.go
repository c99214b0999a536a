package githubfake

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// route is one REST endpoint. Patterns use {param} for one segment and {param...} for the
// rest; the first matching route wins, so literal routes are listed before wildcards.
type route struct {
	method, pattern string
	h               func(w http.ResponseWriter, rq *restReq)
}

// restReq is a REST request as the handlers see it.
type restReq struct {
	*http.Request
	params map[string]string
	actor  *user // nil on /app/ endpoints
	body   []byte
	call   *Call
}

func (f *Fake) restRoutes() []route {
	return []route{
		{"GET", "/repos/{owner}/{repo}", f.getRepo},
		{"POST", "/repos/{owner}/{repo}/issues", f.createIssue},
		{"GET", "/repos/{owner}/{repo}/issues", f.listIssues},
		{"GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}", f.getIssueComment},
		{"PATCH", "/repos/{owner}/{repo}/issues/comments/{comment_id}", f.updateIssueComment},
		{"DELETE", "/repos/{owner}/{repo}/issues/comments/{comment_id}", f.deleteIssueComment},
		{"POST", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", f.createCommentReaction},
		{"GET", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions", f.listCommentReactions},
		{"DELETE", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions/{reaction_id}", f.deleteCommentReaction},
		{"GET", "/repos/{owner}/{repo}/issues/{issue_number}", f.getIssue},
		{"POST", "/repos/{owner}/{repo}/issues/{issue_number}/comments", f.createIssueComment},
		{"GET", "/repos/{owner}/{repo}/issues/{issue_number}/comments", f.listIssueComments},
		{"POST", "/repos/{owner}/{repo}/issues/{issue_number}/reactions", f.createIssueReaction},
		{"GET", "/repos/{owner}/{repo}/issues/{issue_number}/reactions", f.listIssueReactions},
		{"POST", "/repos/{owner}/{repo}/issues/{issue_number}/labels", f.addIssueLabels},
		{"GET", "/repos/{owner}/{repo}/pulls/{pull_number}", f.getPull},
		{"GET", "/repos/{owner}/{repo}/pulls/{pull_number}/files", f.listPullFiles},
		{"GET", "/repos/{owner}/{repo}/pulls/{pull_number}/commits", f.listPullCommits},
		{"POST", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews", f.createReview},
		{"GET", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews", f.listReviews},
		{"GET", "/repos/{owner}/{repo}/pulls/{pull_number}/comments", f.listReviewComments},
		{"POST", "/repos/{owner}/{repo}/check-runs", f.createCheckRun},
		{"GET", "/repos/{owner}/{repo}/check-runs/{check_run_id}", f.getCheckRun},
		{"PATCH", "/repos/{owner}/{repo}/check-runs/{check_run_id}", f.updateCheckRun},
		{"GET", "/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations", f.listAnnotations},
		{"GET", "/repos/{owner}/{repo}/commits/{ref}/check-runs", f.listCheckRuns},
		{"GET", "/repos/{owner}/{repo}/collaborators/{username}/permission", f.getPermission},
		{"GET", "/repos/{owner}/{repo}/contents", f.getContents},
		{"GET", "/repos/{owner}/{repo}/contents/{path...}", f.getContents},
		{"GET", "/repos/{owner}/{repo}/git/trees/{tree_sha}", f.getTree},
		{"GET", "/repos/{owner}/{repo}/git/blobs/{file_sha}", f.getBlob},
		{"GET", "/repos/{owner}/{repo}/commits", f.listCommits},
		{"GET", "/repos/{owner}/{repo}/commits/{ref}", f.getCommit},
		{"GET", "/repos/{owner}/{repo}/installation", f.getRepoInstallation},
		{"POST", "/app/installations/{installation_id}/access_tokens", f.createInstallationToken},
		{"POST", "/app-manifests/{code}/conversions", f.convertManifest},
		{"GET", "/rate_limit", f.getRateLimit},
		{"GET", "/user", f.getAuthenticatedUser},
	}
}

func (f *Fake) matchRoute(method, path string) (*route, map[string]string) {
	got := strings.Split(strings.Trim(path, "/"), "/")
	for i := range f.routes {
		rt := &f.routes[i]
		if rt.method != method {
			continue
		}
		if params, ok := bind(strings.Split(strings.Trim(rt.pattern, "/"), "/"), got); ok {
			return rt, params
		}
	}
	return nil, nil
}

func bind(pat, got []string) (map[string]string, bool) {
	params := map[string]string{}
	for i, p := range pat {
		if strings.HasSuffix(p, "...}") {
			if i >= len(got) {
				return nil, false
			}
			params[strings.Trim(p, "{}.")] = strings.Join(got[i:], "/")
			return params, true
		}
		if i >= len(got) || got[i] == "" {
			return nil, false
		}
		if strings.HasPrefix(p, "{") {
			params[strings.Trim(p, "{}")] = got[i]
		} else if p != "*" && p != got[i] {
			return nil, false
		}
	}
	return params, len(pat) == len(got)
}

// Helpers shared by the handlers: lookups answer 404/422 themselves and report ok=false.

const restDocs = "https://docs.github.com/rest"

func notFound(w http.ResponseWriter) { restError(w, http.StatusNotFound, "Not Found", restDocs) }

// repo finds {owner}/{repo} among what the actor may see (caller holds f.mu).
func (f *Fake) repoFor(w http.ResponseWriter, rq *restReq) (*repo, bool) {
	r := f.st.repos[strings.ToLower(rq.params["owner"]+"/"+rq.params["repo"])]
	if r == nil || permRank(r.permission(rq.actor)) < 1 {
		notFound(w)
		return nil, false
	}
	return r, true
}

func intParam(w http.ResponseWriter, rq *restReq, name string) (int64, bool) {
	n, err := strconv.ParseInt(rq.params[name], 10, 64)
	if err != nil {
		notFound(w)
		return 0, false
	}
	return n, true
}

// decodeBody parses the JSON body into a map, answering 400 like GitHub if it is not JSON.
func decodeBody(w http.ResponseWriter, rq *restReq) (map[string]any, bool) {
	var m map[string]any
	if len(rq.body) == 0 {
		return map[string]any{}, true
	}
	if err := json.Unmarshal(rq.body, &m); err != nil || m == nil {
		restError(w, http.StatusBadRequest, "Problems parsing JSON", restDocs)
		return nil, false
	}
	return m, true
}
