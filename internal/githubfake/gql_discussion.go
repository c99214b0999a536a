package githubfake

import (
	"strconv"
)

type discussionObj struct{ d *discussion }

func (o discussionObj) typeName() string { return "Discussion" }

func (o discussionObj) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	d := o.d
	switch field {
	case "id":
		return d.nodeID, nil
	case "databaseId":
		return d.id, nil
	case "number":
		return d.number, nil
	case "title":
		return d.title, nil
	case "body", "bodyText":
		return d.body, nil
	case "url":
		return d.url(), nil
	case "resourcePath":
		return "/" + d.repo.fullName() + "/discussions/" + strconv.Itoa(d.number), nil
	case "createdAt", "publishedAt":
		return d.createdAt, nil
	case "updatedAt":
		return d.updatedAt, nil
	case "author":
		return userObj{d.author}, nil
	case "authorAssociation":
		return association(d.repo, d.author), nil
	case "viewerDidAuthor":
		return d.author == x.actor, nil
	case "category":
		return categoryObj{d.category}, nil
	case "repository":
		return repoObj{d.repo}, nil
	case "comments":
		return paginate("DiscussionCommentConnection", field, objects(d.comments, wrapComment), args)
	case "labels":
		return paginate("LabelConnection", field, objects(d.labels, func(l *label) object { return labelObj{l} }), args)
	case "answer":
		if d.answer == nil {
			return nil, nil
		}
		return commentObj{d.answer}, nil
	case "answerChosenAt":
		if d.answer == nil {
			return nil, nil
		}
		return d.answerChosenAt, nil
	case "isAnswered":
		if !d.category.answerable {
			return nil, nil
		}
		return d.answer != nil, nil
	case "closed", "locked":
		return false, nil
	case "reactions":
		return paginate("ReactionConnection", field, reactionObjects(d.reactions, args), args)
	}
	return nil, errUnimplemented
}

func (d *discussion) url() string {
	return htmlRoot + d.repo.fullName() + "/discussions/" + strconv.Itoa(d.number)
}

type commentObj struct{ c *dcomment }

func wrapComment(c *dcomment) object { return commentObj{c} }

func (o commentObj) typeName() string { return "DiscussionComment" }

func (o commentObj) url() string {
	return o.c.discussion.url() + "#discussioncomment-" + strconv.FormatInt(o.c.id, 10)
}

func (o commentObj) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	c := o.c
	switch field {
	case "id":
		return c.nodeID, nil
	case "databaseId":
		return c.id, nil
	case "body", "bodyText":
		return c.body, nil
	case "url":
		return o.url(), nil
	case "createdAt", "publishedAt":
		return c.createdAt, nil
	case "updatedAt":
		return c.updatedAt, nil
	case "author":
		return userObj{c.author}, nil
	case "authorAssociation":
		return association(c.discussion.repo, c.author), nil
	case "viewerDidAuthor":
		return c.author == x.actor, nil
	case "isAnswer":
		return c.discussion.answer == c, nil
	case "isMinimized":
		return false, nil
	case "deletedAt":
		return nil, nil
	case "discussion":
		return discussionObj{c.discussion}, nil
	case "replyTo":
		if c.replyTo == nil {
			return nil, nil
		}
		return commentObj{c.replyTo}, nil
	case "replies":
		return paginate("DiscussionCommentConnection", field, objects(c.replies, wrapComment), args)
	case "reactions":
		return paginate("ReactionConnection", field, reactionObjects(c.reactions, args), args)
	}
	return nil, errUnimplemented
}

type categoryObj struct{ c *category }

func (o categoryObj) typeName() string { return "DiscussionCategory" }

func (o categoryObj) resolve(_ *execCtx, field string, _ map[string]any) (any, error) {
	c := o.c
	switch field {
	case "id":
		return c.nodeID, nil
	case "name":
		return c.name, nil
	case "slug":
		return c.slug, nil
	case "isAnswerable":
		return c.answerable, nil
	case "emoji":
		return ":speech_balloon:", nil
	case "description":
		return nil, nil
	case "createdAt", "updatedAt":
		return c.createdAt, nil
	case "repository":
		return repoObj{c.repo}, nil
	}
	return nil, errUnimplemented
}

type labelObj struct{ l *label }

func (o labelObj) typeName() string { return "Label" }

func (o labelObj) resolve(_ *execCtx, field string, _ map[string]any) (any, error) {
	switch field {
	case "id":
		return o.l.nodeID, nil
	case "name":
		return o.l.name, nil
	case "color":
		return o.l.color, nil
	case "description":
		return nil, nil
	case "url":
		return htmlRoot + o.l.repo.fullName() + "/labels/" + o.l.name, nil
	}
	return nil, errUnimplemented
}

// userObj is a User, Bot or Organization. GraphQL reports a bot's login without "[bot]".
type userObj struct{ u *user }

func (o userObj) typeName() string { return o.u.typ }

func (o userObj) resolve(_ *execCtx, field string, _ map[string]any) (any, error) {
	switch field {
	case "id":
		return o.u.nodeID, nil
	case "databaseId":
		return o.u.id, nil
	case "login":
		return o.u.graphQLLogin(), nil
	case "url":
		if o.u.typ == "Bot" {
			return htmlRoot + "apps/" + o.u.graphQLLogin(), nil
		}
		return htmlRoot + o.u.login, nil
	case "avatarUrl":
		return "https://avatars.githubusercontent.com/u/" + strconv.FormatInt(o.u.id, 10), nil
	case "resourcePath":
		return "/" + o.u.login, nil
	}
	return nil, errUnimplemented
}

// association is the CommentAuthorAssociation GitHub reports for u on r.
func association(r *repo, u *user) string {
	switch {
	case u == r.owner:
		return "OWNER"
	case permRank(r.perms[lower(u.login)]) >= permRank("write"):
		return "COLLABORATOR"
	}
	return "NONE"
}
