package githubfake

import "time"

// Review is a pull request review as stored.
type Review struct {
	ID          int64
	Author      string
	Body, State string
	CommitID    string
	SubmittedAt time.Time
}

// ReviewComment is a review comment as stored: its anchor as GitHub resolved it (Side and
// StartSide filled in, Position and DiffHunk computed).
type ReviewComment struct {
	ID, ReviewID    int64
	Author          string
	Path, Body      string
	CommitID        string
	Line, StartLine int
	Side, StartSide string
	Position        int
	DiffHunk        string
	CreatedAt       time.Time
}

// Reviews lists the reviews of pull request n, oldest first, pending ones included.
func (f *Fake) Reviews(repo string, n int) []Review {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.mustPull("Reviews", repo, n)
	if p == nil {
		return nil
	}
	var out []Review
	for _, rv := range p.reviews {
		out = append(out, Review{ID: rv.id, Author: rv.author.login, Body: rv.body, State: rv.state,
			CommitID: rv.commitID, SubmittedAt: rv.submittedAt})
	}
	return out
}

// ReviewComments lists the review comments of pull request n, oldest first.
func (f *Fake) ReviewComments(repo string, n int) []ReviewComment {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.mustPull("ReviewComments", repo, n)
	if p == nil {
		return nil
	}
	var out []ReviewComment
	for _, c := range p.reviewComments {
		out = append(out, ReviewComment{ID: c.id, ReviewID: c.review.id, Author: c.author.login, Path: c.path,
			Body: c.body, CommitID: c.commitID, Line: c.line, StartLine: c.startLine, Side: c.side,
			StartSide: c.startSide, Position: c.position, DiffHunk: c.diffHunk, CreatedAt: c.createdAt})
	}
	return out
}

// mustPull finds pull request n for an inspection helper (caller holds f.mu).
func (f *Fake) mustPull(caller, repo string, n int) *pull {
	is := f.mustRepo(repo).issues[n]
	if is == nil || is.pull == nil {
		f.t.Errorf("githubfake: %s: %s has no pull request %d", caller, repo, n)
		return nil
	}
	return is.pull
}
