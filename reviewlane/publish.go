package reviewlane

import (
	"context"
	"errors"
	"fmt"
)

// Publish writes one lane's result to its pull request: a completed check run on the pinned
// head SHA (found again by name and external id, so a retry updates rather than duplicates)
// and the lane's sticky comment (found again by its marker, trusted only when self wrote it).
// self is the login the token acts as, e.g. "github-actions[bot]" or "<app>[bot]".
//
// The sticky comment speaks for the pull request as it is now: a result for a head the pull
// request has since left (a stale lane, or one whose call outlived a push) updates its own
// check run only, so that it never overwrites the newer head's comment. heads re-reads the
// head for that; nil writes the comment regardless.
func Publish(ctx context.Context, pub Publisher, heads HeadSource, self string, r *Result, refutedConclusion string) error {
	return PublishAll(ctx, pub, heads, self, []*Result{r}, refutedConclusion)
}

// PublishAll publishes every lane's result, one after another (GitHub asks for content
// writes to be spaced rather than parallel). Each lane keeps its own check and comment; the
// head is read once for all of them.
func PublishAll(ctx context.Context, pub Publisher, heads HeadSource, self string, results []*Result, refutedConclusion string) error {
	current := ""
	if heads != nil {
		h, err := heads.CurrentHead(ctx)
		if err != nil {
			return fmt.Errorf("publish: re-read head: %w", err)
		}
		current = h
	}
	var errs []error
	for _, r := range results {
		if r != nil {
			errs = append(errs, publish(ctx, pub, current, self, r, refutedConclusion))
		}
	}
	return errors.Join(errs...)
}

// publish writes one result; current is the pull request's head ("" when unknown).
func publish(ctx context.Context, pub Publisher, current, self string, r *Result, refutedConclusion string) error {
	if r.Repository == "" || r.PRNumber == 0 {
		return errors.New("publish: the result is not for a pull request")
	}
	if err := publishCheck(ctx, pub, r, refutedConclusion); err != nil {
		return fmt.Errorf("publish lane %s: %w", r.Lane, err)
	}
	if current != "" && current != r.HeadSHA {
		return nil // the comment is the newer head's to write
	}
	if err := publishComment(ctx, pub, self, r, refutedConclusion); err != nil {
		return fmt.Errorf("publish lane %s: %w", r.Lane, err)
	}
	return nil
}

func publishCheck(ctx context.Context, pub Publisher, r *Result, refutedConclusion string) error {
	conclusion, title := CheckConclusion(r, refutedConclusion)
	return pub.PutCheckRun(ctx, r.Repository, CheckRun{Name: CheckName(r.Lane), HeadSHA: r.HeadSHA, ExternalID: r.Lane,
		Conclusion: conclusion, Title: title, Summary: Report(r)})
}

func publishComment(ctx context.Context, pub Publisher, self string, r *Result, refutedConclusion string) error {
	return pub.PutComment(ctx, r.Repository, r.PRNumber, self, Marker(r.Lane), CommentBody(r, refutedConclusion))
}
