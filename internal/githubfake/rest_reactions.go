package githubfake

import (
	"net/http"
)

func (f *Fake) createCommentReaction(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.commentFor(w, rq); ok {
		f.createReaction(w, rq, &c.reactions)
	}
}

func (f *Fake) createIssueReaction(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if is, ok := f.issueFor(w, rq); ok {
		f.createReaction(w, rq, &is.reactions)
	}
}

func (f *Fake) listCommentReactions(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.commentFor(w, rq); ok {
		f.listReactions(w, rq, c.reactions)
	}
}

func (f *Fake) listIssueReactions(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if is, ok := f.issueFor(w, rq); ok {
		f.listReactions(w, rq, is.reactions)
	}
}

// createReaction answers 201 for a new reaction and 200 when the actor already reacted
// with that content, as GitHub does.
func (f *Fake) createReaction(w http.ResponseWriter, rq *restReq, list *[]*reaction) {
	m, ok := decodeBody(w, rq)
	if !ok {
		return
	}
	content, _, ok := stringField(w, m, "content", true)
	if !ok {
		return
	}
	if graphQLReaction[content] == "" {
		invalid(w, "For 'properties/content', "+show(content)+" is not a member of [\"+1\", \"-1\", \"laugh\", \"confused\", \"heart\", \"hooray\", \"rocket\", \"eyes\"].")
		return
	}
	re, created := f.react(list, content, rq.actor)
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, f.reactionJSON(re))
}

func (f *Fake) listReactions(w http.ResponseWriter, rq *restReq, rs []*reaction) {
	want := rq.URL.Query().Get("content")
	var sel []*reaction
	for _, r := range rs {
		if want == "" || r.content == want {
			sel = append(sel, r)
		}
	}
	from, to := f.page(w, rq, len(sel))
	out := []any{}
	for _, r := range sel[from:to] {
		out = append(out, f.reactionJSON(r))
	}
	writeJSON(w, http.StatusOK, out)
}
