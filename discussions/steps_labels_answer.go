package discussions

import (
	"context"
	"fmt"
	"strings"

	"github.com/shurcooL/githubv4"
)

// wantedLabels are the configured labels and those the decision's protocol asks for (a
// missing one is worth a warning) and the topic labels (used only when the repository has
// them).
func (p *Publisher) wantedLabels(j *job) (ids []githubv4.ID, missing []string) {
	seen := map[string]bool{}
	add := func(name string, required bool) {
		key := strings.ToLower(name)
		if name == "" || seen[key] {
			return
		}
		seen[key] = true
		if id, ok := j.info.labels[key]; ok {
			ids = append(ids, id)
		} else if required {
			missing = append(missing, name)
		}
	}
	for _, l := range p.Labels {
		add(l, true)
	}
	for _, l := range j.Decision.Labels {
		add(strings.TrimSpace(l), true)
	}
	for _, t := range j.Decision.Topics {
		add(t, false)
	}
	return ids, missing
}

type addLabelsMutation struct {
	AddLabelsToLabelable struct {
		ClientMutationID *string
	} `graphql:"addLabelsToLabelable(input: $input)"`
}

// ensureLabels applies the labels that exist; adding a label twice is harmless on GitHub.
func (p *Publisher) ensureLabels(ctx context.Context, j *job) error {
	if j.st.Labeled {
		return nil
	}
	ids, missing := p.wantedLabels(j)
	if len(missing) > 0 {
		j.warn(p, fmt.Sprintf("labels missing in %s (create them to have them applied): %s", j.Repo, strings.Join(missing, ", ")))
	}
	if len(ids) > 0 {
		var m addLabelsMutation
		in := githubv4.AddLabelsToLabelableInput{LabelableID: idOf(j.st.Discussion.ID), LabelIDs: ids}
		if err := p.c.mutate(ctx, "addLabelsToLabelable", &m, in, nil); err != nil {
			return fmt.Errorf("add labels: %w", err)
		}
	}
	j.st.Labeled = true
	return p.save(ctx, j)
}

type markAnswerMutation struct {
	MarkDiscussionCommentAsAnswer struct {
		ClientMutationID *string
	} `graphql:"markDiscussionCommentAsAnswer(input: $input)"`
}

// ensureAnswer marks the synthesis comment as the answer where the category allows answers.
func (p *Publisher) ensureAnswer(ctx context.Context, j *job) error {
	if j.st.Answered || !j.info.category.IsAnswerable || j.r.AnswerPart == "" {
		return nil
	}
	if err := p.pending(ctx, j, "answer"); err != nil {
		return err
	}
	var m markAnswerMutation
	in := githubv4.MarkDiscussionCommentAsAnswerInput{ID: idOf(j.st.Comments[j.r.AnswerPart])}
	if err := p.c.mutate(ctx, "markDiscussionCommentAsAnswer", &m, in, nil); err != nil {
		return fmt.Errorf("mark answer: %w", err)
	}
	j.st.Answered, j.st.Pending = true, ""
	return p.save(ctx, j)
}

// ensureForward comments on the superseded discussion with a link to the new one. The
// discussion was found to be ours by checkSupersedes.
func (p *Publisher) ensureForward(ctx context.Context, j *job) error {
	if j.Supersedes == 0 || j.st.Forwarded {
		return nil
	}
	body := Marker{Session: j.Decision.SessionID, Part: partSupersededBy}.String() + "\n" +
		execute("superseded.md.tmpl", map[string]any{"Number": j.st.Discussion.Number,
			"Title": j.r.Title, "SessionID": j.Decision.SessionID}) + "\n"
	if err := p.pending(ctx, j, partSupersededBy); err != nil {
		return err
	}
	if _, err := p.addComment(ctx, j.supersededID, body); err != nil {
		return fmt.Errorf("link #%d forward: %w", j.Supersedes, err)
	}
	j.st.Forwarded, j.st.Pending = true, ""
	return p.save(ctx, j)
}
