package reviewlane

import (
	"context"
	"io"
)

// PullInfo is what lanes need to know about a pull request.
type PullInfo struct {
	Repository  string
	Number      int
	BaseRef     string
	BaseSHA     string
	HeadSHA     string
	AuthorLogin string
	Draft       bool
	State       string
}

// PullReader reads a pull request, for building lanes and re-checking the head.
type PullReader interface {
	// Pull returns the pull request as it is now.
	Pull(ctx context.Context, repo string, number int) (PullInfo, error)
	// PullDiff streams the pull request's unified diff (base...head) to w. GitHub refuses
	// very large diffs (406); that is returned as an error, never as a shorter diff.
	PullDiff(ctx context.Context, repo string, number int, w io.Writer) error
	// FileAt returns a file's content at ref; found is false (with a nil error) when the
	// file does not exist there.
	FileAt(ctx context.Context, repo, ref, path string) (content []byte, found bool, err error)
	// CommitMessages returns the messages of the pull request's commits, all of them: when
	// GitHub cannot list them all (it lists 250 at most) the error wraps ErrTooManyCommits.
	CommitMessages(ctx context.Context, repo string, number int) ([]string, error)
}

// CheckRun is the part of a check run a lane writes.
type CheckRun struct {
	Name       string
	HeadSHA    string
	ExternalID string
	Conclusion string
	Title      string
	Summary    string
}

// Comment is an issue comment as listed.
type Comment struct {
	ID     int64
	Author string
	Body   string
}

// Publisher writes lane results to GitHub. Every method returns the API's error wrapped
// with what was being done.
type Publisher interface {
	// FindCheckRun looks for a check run of that name and external id on sha.
	FindCheckRun(ctx context.Context, repo, sha, name, externalID string) (id int64, found bool, err error)
	// CreateCheckRun creates a completed check run and returns its id.
	CreateCheckRun(ctx context.Context, repo string, run CheckRun) (int64, error)
	// UpdateCheckRun replaces a check run's conclusion and output.
	UpdateCheckRun(ctx context.Context, repo string, id int64, run CheckRun) error
	// Comments lists every comment on an issue or pull request, oldest first.
	Comments(ctx context.Context, repo string, number int) ([]Comment, error)
	// CreateComment adds a comment and returns its id.
	CreateComment(ctx context.Context, repo string, number int, body string) (int64, error)
	// EditComment replaces a comment's body.
	EditComment(ctx context.Context, repo string, id int64, body string) error
}

// PullHead re-reads a pull request's head for the check before dispatch.
type PullHead struct {
	GitHub PullReader
	Repo   string
	Number int
}

// CurrentHead returns the pull request's head SHA now.
func (p PullHead) CurrentHead(ctx context.Context) (string, error) {
	pr, err := p.GitHub.Pull(ctx, p.Repo, p.Number)
	return pr.HeadSHA, err
}

var _ HeadSource = PullHead{}
