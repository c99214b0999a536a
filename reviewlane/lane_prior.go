package reviewlane

import (
	"cmp"
	"slices"

	wr "github.com/war-room/war-room/internal/github"
)

// prior is what a lane posted on a pull request before: whether its review for the head
// exists, and its findings still open, by fingerprint.
type prior struct {
	reviewed bool
	open     map[string]posted
}

// posted is where an open finding was posted: a line comment, or a review's body.
type posted struct {
	path            string
	startLine, line int
	url             string // the comment, or the review whose body holds it
	text            string // the comment's first line of text; "" for a body finding
	head            string
}

// priorOf reads the lane's earlier reviews and line comments, self's only. Reviews are taken
// oldest first: a finding is open from the review that posted it (in its body or as a line
// comment) until one marked it outdated.
func priorOf(lane, head, self string, reviews []Review, comments []reviewComment) prior {
	p := prior{open: map[string]posted{}}
	ours := func(login, typ string) bool { return (wr.Author{Login: login, Type: typ}).Is(self) }
	byReview := map[int64][]reviewComment{}
	for _, c := range comments {
		if m, ok := parseMarker(c.Body, "finding"); ok && m["lane"] == lane && m["fp"] != "" && ours(c.Author, c.AuthorType) {
			byReview[c.ReviewID] = append(byReview[c.ReviewID], c)
		}
	}
	reviews = slices.Clone(reviews)
	slices.SortFunc(reviews, func(a, b Review) int { return cmp.Compare(a.ID, b.ID) })
	for _, rv := range reviews {
		m, ok := parseMarker(rv.Body, "review")
		if !ok || m["lane"] != lane || !ours(rv.Author, rv.AuthorType) {
			continue
		}
		if m["sha"] == head {
			p.reviewed = true
		}
		for _, fp := range list(m["outdated"]) {
			delete(p.open, fp)
		}
		for _, fp := range list(m["body"]) {
			p.open[fp] = posted{url: rv.URL, head: m["sha"]}
		}
		for _, c := range byReview[rv.ID] {
			cm, _ := parseMarker(c.Body, "finding")
			p.open[cm["fp"]] = posted{path: c.Path, startLine: c.StartLine, line: c.Line, url: c.URL, text: commentText(c.Body), head: cm["sha"]}
		}
	}
	return p
}
