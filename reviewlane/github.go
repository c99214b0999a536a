package reviewlane

import (
	"context"
	"io"
)

// pullInfo is what lanes need to know about a pull request.
type pullInfo struct {
	Repository  string
	Number      int
	BaseRef     string
	BaseSHA     string
	HeadSHA     string
	AuthorLogin string
	Draft       bool
	State       string
}

// pullReader reads a pull request, for building lanes and re-checking the head.
type pullReader interface {
	// Pull returns the pull request as it is now.
	Pull(ctx context.Context, repo string, number int) (pullInfo, error)
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
	// Text is the lane's sealed record (recordText).
	Text string
	// Annotations are the lane's findings on lines; GitHub takes 50 per request and keeps
	// every one it was sent, so PutCheckRun sends only those the run does not have yet.
	Annotations []annotation
}

// annotation is a check-run annotation (lines in the file at the head).
type annotation struct {
	Path      string
	StartLine int
	EndLine   int
	// Level is "notice", "warning" or "failure".
	Level   string
	Title   string
	Message string
}

// Review is a pull request review as listed.
type Review struct {
	ID         int64
	Author     string
	AuthorType string
	Body       string
	CommitID   string
	URL        string
}

// reviewComment is a pull request review comment as listed.
type reviewComment struct {
	ID, ReviewID int64
	Author       string
	AuthorType   string
	Body         string
	Path         string
	StartLine    int
	Line         int
	URL          string
}

// reviewDraft is a review to create with its comments, all at once.
type reviewDraft struct {
	CommitID string
	Body     string
	// Event is always COMMENT: a lane's review neither approves nor requests changes.
	Comments []draftComment
}

// draftComment anchors a comment to lines on the head side (RIGHT) of the diff: Line, or
// StartLine to Line for a range.
type draftComment struct {
	Path      string
	StartLine int
	Line      int
	Body      string
}

// comment is an issue comment as listed.
type comment struct {
	ID     int64
	Author string
	// AuthorType is "User" or "Bot" (REST's user.type).
	AuthorType string
	Body       string
}

// publisher writes lane results to GitHub, each write found again before it is made: a
// retry after any failure updates what exists rather than adding a second one. Every
// method returns the API's error wrapped with what was being done.
type publisher interface {
	// PutCheckRun makes the completed check run named run.Name on run.HeadSHA say run:
	// updated when it exists (found by run.ExternalID, or by name on the head SHA), else
	// created. A create whose outcome is unknown is looked for again before it is repeated.
	PutCheckRun(ctx context.Context, repo string, run CheckRun) error
	// PutComment makes the comment on issue or pull request number that starts with the
	// marker line, among those self wrote, say body: left alone when it does, edited when it
	// differs, created when there is none (found again after an unknown outcome). A marker
	// in anyone else's comment is ignored.
	PutComment(ctx context.Context, repo string, number int, self, marker, body string) error
	// PutReview makes the review of pull request number whose body starts with key and a
	// space, among those self wrote, exist: left alone when it does, else created from
	// draft (found again after an unknown outcome). It says whether it created it. GitHub's
	// 422 for a comment it cannot anchor is returned as it is (wr.HasStatus 422).
	PutReview(ctx context.Context, repo string, number int, self, key string, draft reviewDraft) (bool, error)
	// Reviews and ReviewComments list a pull request's reviews and review comments, all of
	// them, oldest first.
	Reviews(ctx context.Context, repo string, number int) ([]Review, error)
	ReviewComments(ctx context.Context, repo string, number int) ([]reviewComment, error)
}

// PullHead re-reads a pull request's head for the check before dispatch.
type PullHead struct {
	GitHub pullReader
	Repo   string
	Number int
}

// CurrentHead returns the pull request's head SHA now.
func (p PullHead) CurrentHead(ctx context.Context) (string, error) {
	pr, err := p.GitHub.Pull(ctx, p.Repo, p.Number)
	return pr.HeadSHA, err
}

var _ HeadSource = PullHead{}
