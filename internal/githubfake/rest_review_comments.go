package githubfake

import (
	"net/http"
	"strconv"
)

// listReviewComments answers GET /pulls/{n}/comments: the review comments of every review
// the actor may see, oldest first, paged. The fake does not re-anchor comments after a
// push: line and position stay those at the comment's commit.
func (f *Fake) listReviewComments(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	is, ok := f.pullFor(w, rq)
	if !ok {
		return
	}
	var sel []*reviewComment
	for _, c := range is.pull.reviewComments {
		if c.review.visible(rq.actor) {
			sel = append(sel, c)
		}
	}
	if rq.URL.Query().Get("direction") == "desc" {
		for i, j := 0, len(sel)-1; i < j; i, j = i+1, j-1 {
			sel[i], sel[j] = sel[j], sel[i]
		}
	}
	from, to := f.page(w, rq, len(sel))
	out := []any{}
	for _, c := range sel[from:to] {
		out = append(out, f.reviewCommentJSON(c))
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) reviewCommentJSON(c *reviewComment) obj {
	pr := c.review.pr
	r := pr.repo
	u := f.repoURL(r) + "/pulls/comments/" + strconv.FormatInt(c.id, 10)
	pu := f.repoURL(r) + "/pulls/" + strconv.Itoa(pr.number)
	html := htmlRoot + r.fullName() + "/pull/" + strconv.Itoa(pr.number) + "#discussion_r" + strconv.FormatInt(c.id, 10)
	nullIfZero := func(n int) any {
		if n == 0 {
			return nil
		}
		return n
	}
	nullIfEmpty := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	return obj{
		"url": u, "pull_request_review_id": c.review.id, "id": c.id, "node_id": c.nodeID,
		"diff_hunk": c.diffHunk, "path": c.path, "position": c.position, "original_position": c.position,
		"commit_id": c.commitID, "original_commit_id": c.commitID, "user": f.userJSON(c.author), "body": c.body,
		"created_at": ts(c.createdAt), "updated_at": ts(c.updatedAt), "html_url": html, "pull_request_url": pu,
		"author_association": association(r, c.author),
		"_links":             obj{"self": obj{"href": u}, "html": obj{"href": html}, "pull_request": obj{"href": pu}},
		"start_line":         nullIfZero(c.startLine), "original_start_line": nullIfZero(c.startLine),
		"start_side": nullIfEmpty(c.startSide), "line": c.line, "original_line": c.line, "side": c.side,
		"subject_type": c.subjectType, "reactions": f.rollup(u, nil),
	}
}
