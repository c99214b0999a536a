package githubfake

import (
	"crypto/sha1"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
)

// getPull answers JSON, or the diff text for Accept: application/vnd.github[.v3].diff
// (and .patch, served from the same diff).
func (f *Fake) getPull(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	accept := rq.Header.Get("Accept")
	if strings.Contains(accept, ".diff") || strings.Contains(accept, ".patch") {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(is.pull.spec.Diff))
		return
	}
	writeJSON(w, http.StatusOK, f.pullJSON(is))
}

func (f *Fake) listPullFiles(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	files := is.pull.spec.Files
	if len(files) > 3000 {
		files = files[:3000]
	}
	from, to := f.page(w, rq, len(files))
	out := []any{}
	for _, pf := range files[from:to] {
		out = append(out, f.fileJSON(is, pf))
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) pullFor(w http.ResponseWriter, rq *restReq) (*issue, bool) {
	r, ok := f.repoFor(w, rq)
	if !ok {
		return nil, false
	}
	n, ok := intParam(w, rq, "pull_number")
	if !ok {
		return nil, false
	}
	is := r.issues[int(n)]
	if is == nil || is.pull == nil {
		notFound(w)
		return nil, false
	}
	return is, true
}

func (f *Fake) fileJSON(is *issue, pf PullFile) obj {
	sha := gitBlobSHA(pf.Patch + pf.Filename)
	raw := htmlRoot + is.repo.fullName() + "/raw/" + is.pull.spec.HeadSHA + "/" + pf.Filename
	o := obj{
		"sha": sha, "filename": pf.Filename, "status": pf.Status, "additions": pf.Additions,
		"deletions": pf.Deletions, "changes": pf.Additions + pf.Deletions,
		"blob_url": htmlRoot + is.repo.fullName() + "/blob/" + is.pull.spec.HeadSHA + "/" + pf.Filename,
		"raw_url":  raw, "contents_url": f.repoURL(is.repo) + "/contents/" + pf.Filename + "?ref=" + is.pull.spec.HeadSHA,
		"patch": pf.Patch,
	}
	if pf.PreviousFilename != "" {
		o["previous_filename"] = pf.PreviousFilename
	}
	return o
}

func (f *Fake) pullJSON(is *issue) obj {
	s := is.pull.spec
	r := is.repo
	n := strconv.Itoa(is.number)
	u := f.repoURL(r) + "/pulls/" + n
	html := htmlRoot + r.fullName() + "/pull/" + n
	issueURL := f.repoURL(r) + "/issues/" + n
	headRepo := f.repoJSON(r)
	headOwner := r.owner
	if s.HeadRepoFork {
		headOwner = is.author
		headRepo = f.repoJSON(&repo{id: r.id + 1_000_000, nodeID: nodeID(pfxRepo, r.id+1_000_000), owner: is.author, name: r.name, opts: r.opts})
		headRepo["fork"] = true
	}
	var adds, dels int
	for _, pf := range s.Files {
		adds, dels = adds+pf.Additions, dels+pf.Deletions
	}
	link := func(h string) obj { return obj{"href": h} }
	o := f.issueJSON(is)
	for _, k := range []string{"pull_request", "repository_url", "labels_url", "events_url", "timeline_url", "reactions", "state_reason", "closed_by", "performed_via_github_app"} {
		delete(o, k)
	}
	for k, v := range (obj{
		"url": u, "html_url": html, "diff_url": html + ".diff", "patch_url": html + ".patch", "issue_url": issueURL,
		"commits_url": u + "/commits", "review_comments_url": u + "/comments", "review_comment_url": f.repoURL(r) + "/pulls/comments{/number}",
		"comments_url": issueURL + "/comments", "statuses_url": f.repoURL(r) + "/statuses/" + s.HeadSHA,
		"draft": s.Draft, "merged": false, "mergeable": nil, "rebaseable": nil, "mergeable_state": "unknown",
		"merged_by": nil, "merged_at": nil, "merge_commit_sha": nil, "auto_merge": nil, "maintainer_can_modify": false,
		"requested_reviewers": []any{}, "requested_teams": []any{}, "comments": len(is.comments), "review_comments": len(is.pull.reviewComments),
		"commits": len(is.pull.commits), "additions": adds, "deletions": dels, "changed_files": len(s.Files),
		"head": obj{"label": headOwner.login + ":" + s.HeadRef, "ref": s.HeadRef, "sha": s.HeadSHA, "user": f.userJSON(headOwner), "repo": headRepo},
		"base": obj{"label": r.owner.login + ":" + s.BaseRef, "ref": s.BaseRef, "sha": s.BaseSHA, "user": f.userJSON(r.owner), "repo": f.repoJSON(r)},
		"_links": obj{"self": link(u), "html": link(html), "issue": link(issueURL), "comments": link(issueURL + "/comments"),
			"review_comments": link(u + "/comments"), "review_comment": link(f.repoURL(r) + "/pulls/comments{/number}"),
			"commits": link(u + "/commits"), "statuses": link(f.repoURL(r) + "/statuses/" + s.HeadSHA)},
	}) {
		o[k] = v
	}
	return o
}

// gitBlobSHA is the git object ID of a blob with that content.
func gitBlobSHA(content string) string {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00" + content))
	return hex.EncodeToString(h.Sum(nil))
}
