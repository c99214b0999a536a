package reviewlane

import (
	"context"
	"fmt"
	"slices"

	"github.com/google/go-github/v62/github"
	wr "github.com/war-room/war-room/internal/github"
)

// maxAnnotations is the most annotations GitHub takes in one check-run request.
const maxAnnotations = 50

// addAnnotations sends the annotations of run that check run id does not have yet, 50 a
// request. GitHub appends what each request carries, so every batch is sent as a create:
// after an unknown outcome the run's annotations are listed again before it is repeated.
func (c *Client) addAnnotations(ctx context.Context, repo string, id int64, run CheckRun) error {
	if len(run.Annotations) == 0 {
		return nil
	}
	have, err := c.Annotations(ctx, repo, id)
	if err != nil {
		return err
	}
	var missing []annotation
	for _, a := range run.Annotations {
		if !slices.Contains(have, a) && !slices.Contains(missing, a) {
			missing = append(missing, a)
		}
	}
	for len(missing) > 0 {
		batch := missing[:min(len(missing), maxAnnotations)]
		missing = missing[len(batch):]
		_, _, err := wr.Ensure(ctx, c.writeOptions(), wr.Find[annotation]{
			What:  fmt.Sprintf("%d annotation(s) of check run %d", len(batch), id),
			List:  func(ctx context.Context) ([]annotation, error) { return c.Annotations(ctx, repo, id) },
			Match: func(a annotation) bool { return a == batch[0] },
			Create: func(ctx context.Context) (annotation, error) {
				return batch[0], c.appendAnnotations(ctx, repo, id, run, batch)
			},
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// appendAnnotations adds batch (at most 50) to check run id, its output otherwise as run says.
func (c *Client) appendAnnotations(ctx context.Context, repo string, id int64, run CheckRun, batch []annotation) error {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return err
	}
	_, _, err = c.gh.Checks.UpdateCheckRun(wr.Appends(ctx), owner, name, id, github.UpdateCheckRunOptions{
		Name: run.Name,
		Output: &github.CheckRunOutput{Title: github.String(run.Title), Summary: github.String(run.Summary), Text: textOf(run),
			Annotations: annotationsOut(batch)},
	})
	if err != nil {
		return fmt.Errorf("annotate check run %d: %w", id, err)
	}
	return nil
}

// Annotations lists a check run's annotations, in the order they were added.
func (c *Client) Annotations(ctx context.Context, repo string, id int64) ([]annotation, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return nil, err
	}
	var out []annotation
	opt := &github.ListOptions{PerPage: 100}
	for {
		as, resp, err := c.gh.Checks.ListCheckRunAnnotations(ctx, owner, name, id, opt)
		if err != nil {
			return nil, fmt.Errorf("list annotations of check run %d: %w", id, err)
		}
		for _, a := range as {
			out = append(out, annotation{Path: a.GetPath(), StartLine: a.GetStartLine(), EndLine: a.GetEndLine(),
				Level: a.GetAnnotationLevel(), Title: a.GetTitle(), Message: a.GetMessage()})
		}
		if resp.NextPage == 0 {
			return out, nil
		}
		opt.Page = resp.NextPage
	}
}

func annotationsOut(as []annotation) []*github.CheckRunAnnotation {
	var out []*github.CheckRunAnnotation
	for _, a := range as {
		out = append(out, &github.CheckRunAnnotation{Path: github.String(a.Path), StartLine: github.Int(a.StartLine),
			EndLine: github.Int(a.EndLine), AnnotationLevel: github.String(a.Level), Title: github.String(a.Title),
			Message: github.String(a.Message)})
	}
	return out
}
