package githubfake

import (
	"net/http"
	"slices"
	"strings"
)

// listIssues answers GET /repos/{owner}/{repo}/issues as GitHub does: pull requests included,
// newest first, filtered by ?state (open by default, closed, all) and ?labels (a comma list,
// every label required), paged with a Link header.
func (f *Fake) listIssues(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	q := rq.URL.Query()
	state := q.Get("state")
	if state == "" {
		state = "open"
	}
	if state != "open" && state != "closed" && state != "all" {
		validationFailed(w, "Issue", "state", "invalid", "state must be one of open, closed, all")
		return
	}
	var want []string
	for _, l := range strings.Split(q.Get("labels"), ",") {
		if l = strings.TrimSpace(l); l != "" {
			want = append(want, strings.ToLower(l))
		}
	}
	var list []*issue
	for _, is := range r.issues {
		if (state == "all" || is.state == state) && hasLabels(is, want) {
			list = append(list, is)
		}
	}
	slices.SortFunc(list, func(a, b *issue) int { return b.number - a.number })
	from, to := f.page(w, rq, len(list))
	out := []any{}
	for _, is := range list[from:to] {
		out = append(out, f.issueJSON(is))
	}
	writeJSON(w, http.StatusOK, out)
}

func hasLabels(is *issue, want []string) bool {
	for _, w := range want {
		if !slices.ContainsFunc(is.labels, func(l *label) bool { return strings.ToLower(l.name) == w }) {
			return false
		}
	}
	return true
}
