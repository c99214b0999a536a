package reviewlane

import (
	"context"
	"errors"
	"fmt"

	wr "github.com/war-room/war-room/internal/github"
)

// PublishWith publishes every lane's result, one after another (GitHub asks for content
// writes to be spaced rather than parallel); the head is read once for all of them. Each
// lane writes, each write found again before it is made so that a retry adds nothing:
//
//   - a completed check run on the pinned head SHA (found by name and external id), its
//     summary the whole report and every finding on a file an annotation;
//   - for a judged lane on the pull request's current head, one review (event COMMENT) for
//     that head, found by its marker on self's account: the findings not already open,
//     at or above o.MinSeverity, as comments on their lines (o.MaxComments at most, the
//     most severe first) or in its body when off the diff, past the limit or the lane is
//     body-only; the open findings no longer reported, marked outdated in its body; and
//     the coverage manifest. A review with nothing new to say is not made;
//   - the lane's sticky comment (found by its marker, trusted only when self wrote it).
//
// A result for a head the pull request has since left (a stale lane, or one whose call
// outlived a push) updates its own check run only, so that it never speaks for the newer
// head. heads re-reads the head for that; nil takes the result's head as current. self is
// the login the token acts as, e.g. "github-actions[bot]" or "<app>[bot]".
func PublishWith(ctx context.Context, pub publisher, heads HeadSource, self string, results []*Result, o publishOptions) error {
	o = o.withDefaults()
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
			errs = append(errs, publish(ctx, pub, current, self, r, o))
		}
	}
	return errors.Join(errs...)
}

// publish writes one result; current is the pull request's head ("" when unknown).
func publish(ctx context.Context, pub publisher, current, self string, r *Result, o publishOptions) error {
	if r.Repository == "" || r.PRNumber == 0 {
		return errors.New("publish: the result is not for a pull request")
	}
	if err := publishCheck(ctx, pub, r, o.conclusions()); err != nil {
		return fmt.Errorf("publish lane %s: %w", r.Lane, err)
	}
	if current != "" && current != r.HeadSHA || r.Status == statusStale {
		return nil // the review and the comment are the newer head's to write
	}
	if r.Status == StatusJudged {
		if err := publishReview(ctx, pub, self, r, o); err != nil {
			return fmt.Errorf("publish lane %s: %w", r.Lane, err)
		}
	}
	if err := publishComment(ctx, pub, self, r, o.conclusions()); err != nil {
		return fmt.Errorf("publish lane %s: %w", r.Lane, err)
	}
	return nil
}

func publishCheck(ctx context.Context, pub publisher, r *Result, c Conclusions) error {
	conclusion, title := c.Of(r)
	summary := Report(r)
	return pub.PutCheckRun(ctx, r.Repository, CheckRun{Name: CheckName(r.Lane), HeadSHA: r.HeadSHA, ExternalID: r.Lane,
		Conclusion: conclusion, Title: title, Summary: summary, Text: recordText(r, summary), Annotations: annotations(r)})
}

// publishReview makes the lane's review for its head, unless it exists or would say
// nothing new. When GitHub will not anchor a comment (the diff it has is not the one the
// lane was shown), the review is made with every finding in its body instead.
func publishReview(ctx context.Context, pub publisher, self string, r *Result, o publishOptions) error {
	reviews, err := pub.Reviews(ctx, r.Repository, r.PRNumber)
	if err != nil {
		return err
	}
	comments, err := pub.ReviewComments(ctx, r.Repository, r.PRNumber)
	if err != nil {
		return err
	}
	before := priorOf(r.Lane, r.HeadSHA, self, reviews, comments)
	if before.reviewed {
		return nil
	}
	plan := planReview(r, o, before)
	if plan.empty() {
		return nil
	}
	key := reviewKey(r.Lane, r.HeadSHA)
	_, err = pub.PutReview(ctx, r.Repository, r.PRNumber, self, key, plan.draft(r, o))
	if wr.HasStatus(err, 422) && len(plan.comments) > 0 {
		_, err = pub.PutReview(ctx, r.Repository, r.PRNumber, self, key, plan.refused().draft(r, o))
	}
	return err
}

func publishComment(ctx context.Context, pub publisher, self string, r *Result, c Conclusions) error {
	return pub.PutComment(ctx, r.Repository, r.PRNumber, self, Marker(r.Lane), commentBody(r, c))
}
