package githubfake

import (
	"unicode/utf8"
)

// Limits GitHub enforces on user content (observed; see FACTS.md).
const (
	maxBody  = 65536
	maxTitle = 256
)

func checkTitle(t string) error {
	switch {
	case t == "":
		return errUnprocessable("Title can't be blank")
	case utf8.RuneCountInString(t) > maxTitle:
		return errUnprocessable("Title is too long (maximum is 256 characters)")
	}
	return nil
}

func checkBody(b string) error {
	switch {
	case b == "":
		return errUnprocessable("Body can't be blank")
	case utf8.RuneCountInString(b) > maxBody:
		return errUnprocessable("Body is too long (maximum is 65536 characters)")
	}
	return nil
}

func createDiscussion(x *execCtx, in map[string]any) (map[string]any, error) {
	r, err := lookup[*repo](x, in["repositoryId"])
	if err != nil {
		return nil, err
	}
	c, err := lookup[*category](x, in["categoryId"])
	if err != nil || c.repo != r {
		return nil, errNoNode(str(in["categoryId"]))
	}
	if !r.opts.DiscussionsEnabled {
		return nil, errUnprocessable("Discussions are disabled for this repository.")
	}
	title, body := str(in["title"]), str(in["body"])
	if err := firstErr(checkTitle(title), checkBody(body)); err != nil {
		return nil, err
	}
	d := x.f.newDiscussion(r, c, x.f.claimNumber(r, 0), title, body, x.actor)
	return map[string]any{"discussion": discussionObj{d}}, nil
}

func updateDiscussion(x *execCtx, in map[string]any) (map[string]any, error) {
	d, err := lookup[*discussion](x, in["discussionId"])
	if err != nil {
		return nil, err
	}
	if d.author != x.actor && !x.can(d.repo, "write") {
		return nil, forbidden(x, "UpdateDiscussion")
	}
	if t, ok := in["title"].(string); ok {
		if err := checkTitle(t); err != nil {
			return nil, err
		}
		d.title = t
	}
	if b, ok := in["body"].(string); ok {
		if err := checkBody(b); err != nil {
			return nil, err
		}
		d.body = b
	}
	if id, ok := in["categoryId"].(string); ok {
		c, err := lookup[*category](x, id)
		if err != nil || c.repo != d.repo {
			return nil, errNoNode(id)
		}
		d.category = c
	}
	d.updatedAt = x.f.clock()
	return map[string]any{"discussion": discussionObj{d}}, nil
}

func addDiscussionComment(x *execCtx, in map[string]any) (map[string]any, error) {
	d, err := lookup[*discussion](x, in["discussionId"])
	if err != nil {
		return nil, err
	}
	var parent *dcomment
	if id, ok := in["replyToId"].(string); ok {
		if parent, err = lookup[*dcomment](x, id); err != nil || parent.discussion != d {
			return nil, errNoNode(id)
		}
		if parent.replyTo != nil {
			return nil, errUnprocessable("Parent comment is a reply; replies can only be made to top-level comments")
		}
	}
	body := str(in["body"])
	if err := checkBody(body); err != nil {
		return nil, err
	}
	c := x.f.newDComment(d, parent, body, x.actor)
	return map[string]any{"comment": commentObj{c}}, nil
}

func updateDiscussionComment(x *execCtx, in map[string]any) (map[string]any, error) {
	c, err := lookup[*dcomment](x, in["commentId"])
	if err != nil {
		return nil, err
	}
	if c.author != x.actor && !x.can(c.discussion.repo, "write") {
		return nil, forbidden(x, "UpdateDiscussionComment")
	}
	body := str(in["body"])
	if err := checkBody(body); err != nil {
		return nil, err
	}
	c.body, c.updatedAt = body, x.f.clock()
	return map[string]any{"comment": commentObj{c}}, nil
}

func markAnswer(x *execCtx, in map[string]any) (map[string]any, error) {
	c, err := lookup[*dcomment](x, in["id"])
	if err != nil {
		return nil, err
	}
	d := c.discussion
	if !d.category.answerable {
		return nil, errUnprocessable("Discussion category '" + d.category.name + "' is not answerable; only question-and-answer categories accept an answer")
	}
	if d.author != x.actor && !x.can(d.repo, "triage") {
		return nil, forbidden(x, "MarkDiscussionCommentAsAnswer")
	}
	d.answer, d.answerChosenAt = c, x.f.clock()
	return map[string]any{"discussion": discussionObj{d}}, nil
}

func unmarkAnswer(x *execCtx, in map[string]any) (map[string]any, error) {
	c, err := lookup[*dcomment](x, in["id"])
	if err != nil {
		return nil, err
	}
	d := c.discussion
	if d.author != x.actor && !x.can(d.repo, "triage") {
		return nil, forbidden(x, "UnmarkDiscussionCommentAsAnswer")
	}
	if d.answer == c {
		d.answer = nil
	}
	return map[string]any{"discussion": discussionObj{d}}, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
