package githubfake

import (
	"net/http"
	"strconv"
)

// listPullCommits answers GET /pulls/{n}/commits: oldest first, paged like every list
// (per_page ≤ 100, Link header), and never more than GitHub's 250.
func (f *Fake) listPullCommits(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	commits := is.pull.commits
	if len(commits) > maxListedPullCommits {
		commits = commits[:maxListedPullCommits]
	}
	from, to := f.page(w, rq, len(commits))
	out := []any{}
	for _, c := range commits[from:to] {
		out = append(out, f.commitJSON(is.repo, c))
	}
	writeJSON(w, http.StatusOK, out)
}

// commitJSON is GitHub's "commit" shape. The git author and committer are the pushing user,
// with GitHub's noreply address; nothing is signed.
func (f *Fake) commitJSON(r *repo, c pullCommit) obj {
	u := f.st.users[lower(c.AuthorLogin)]
	api := f.repoURL(r) + "/commits/" + c.SHA
	html := htmlRoot + r.fullName() + "/commit/" + c.SHA
	person := obj{"name": u.login, "email": strconv.FormatInt(u.id, 10) + "+" + u.login + "@users.noreply.github.com", "date": ts(c.at)}
	tree := gitBlobSHA("tree\x00" + c.SHA)
	return obj{
		"sha": c.SHA, "node_id": nodeID(pfxCommit, shaID(c.SHA)), "url": api, "html_url": html,
		"comments_url": api + "/comments",
		"commit": obj{
			"url": f.repoURL(r) + "/git/commits/" + c.SHA, "author": person, "committer": person,
			"message": c.Message, "comment_count": 0,
			"tree":         obj{"sha": tree, "url": f.repoURL(r) + "/git/trees/" + tree},
			"verification": obj{"verified": false, "reason": "unsigned", "signature": nil, "payload": nil, "verified_at": nil},
		},
		"author": f.userJSON(u), "committer": f.userJSON(u),
		"parents": []any{obj{"sha": c.parent, "url": f.repoURL(r) + "/commits/" + c.parent,
			"html_url": htmlRoot + r.fullName() + "/commit/" + c.parent}},
	}
}

// shaID folds a commit SHA into a number for its opaque node ID.
func shaID(sha string) int64 {
	var n int64
	for _, b := range []byte(sha) {
		n = n*31 + int64(b)
	}
	return n
}
