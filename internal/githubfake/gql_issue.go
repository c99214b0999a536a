package githubfake

import (
	"strconv"
	"strings"
)

// issueObj is an Issue or a PullRequest, for node lookups, labels and reactions.
type issueObj struct{ is *issue }

func (o issueObj) typeName() string {
	if o.is.pull != nil {
		return "PullRequest"
	}
	return "Issue"
}

func (o issueObj) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	is := o.is
	switch field {
	case "id":
		if is.pull != nil {
			return is.pull.nodeID, nil
		}
		return is.nodeID, nil
	case "databaseId":
		return is.id, nil
	case "number":
		return is.number, nil
	case "title":
		return is.title, nil
	case "body", "bodyText":
		return is.body, nil
	case "url":
		return htmlRoot + is.repo.fullName() + "/" + map[bool]string{true: "pull", false: "issues"}[is.pull != nil] + "/" + strconv.Itoa(is.number), nil
	case "state":
		return strings.ToUpper(is.state), nil
	case "author":
		return userObj{is.author}, nil
	case "createdAt":
		return is.createdAt, nil
	case "updatedAt":
		return is.updatedAt, nil
	case "repository":
		return repoObj{is.repo}, nil
	case "labels":
		return paginate("LabelConnection", field, objects(is.labels, func(l *label) object { return labelObj{l} }), args)
	case "reactions":
		return paginate("ReactionConnection", field, reactionObjects(is.reactions, args), args)
	case "headRefOid":
		if is.pull != nil {
			return is.pull.spec.HeadSHA, nil
		}
	case "baseRefName":
		if is.pull != nil {
			return is.pull.spec.BaseRef, nil
		}
	case "headRefName":
		if is.pull != nil {
			return is.pull.spec.HeadRef, nil
		}
	case "isDraft":
		return is.pull != nil && is.pull.spec.Draft, nil
	}
	return nil, errUnimplemented
}

type issueCommentObj struct{ c *issueComment }

func (o issueCommentObj) typeName() string { return "IssueComment" }

func (o issueCommentObj) resolve(_ *execCtx, field string, args map[string]any) (any, error) {
	c := o.c
	switch field {
	case "id":
		return c.nodeID, nil
	case "databaseId":
		return c.id, nil
	case "body", "bodyText":
		return c.body, nil
	case "author":
		return userObj{c.author}, nil
	case "createdAt":
		return c.createdAt, nil
	case "updatedAt":
		return c.updatedAt, nil
	case "url":
		return c.htmlURL(), nil
	case "reactions":
		return paginate("ReactionConnection", field, reactionObjects(c.reactions, args), args)
	}
	return nil, errUnimplemented
}

type reactionObj struct{ r *reaction }

func (o reactionObj) typeName() string { return "Reaction" }

func (o reactionObj) resolve(_ *execCtx, field string, _ map[string]any) (any, error) {
	switch field {
	case "id":
		return o.r.nodeID, nil
	case "databaseId":
		return o.r.id, nil
	case "content":
		return graphQLReaction[o.r.content], nil
	case "user":
		return userObj{o.r.user}, nil
	case "createdAt":
		return o.r.createdAt, nil
	}
	return nil, errUnimplemented
}

// reactionObjects lists reactions, filtered by the content argument if given.
func reactionObjects(rs []*reaction, args map[string]any) []object {
	want, _ := strArg(args, "content")
	var out []object
	for _, r := range rs {
		if want == "" || graphQLReaction[r.content] == want {
			out = append(out, reactionObj{r})
		}
	}
	return out
}

// graphQLReaction maps REST reaction content to the GraphQL ReactionContent enum.
var graphQLReaction = map[string]string{
	"+1": "THUMBS_UP", "-1": "THUMBS_DOWN", "laugh": "LAUGH", "confused": "CONFUSED",
	"heart": "HEART", "hooray": "HOORAY", "rocket": "ROCKET", "eyes": "EYES",
}

func lower(s string) string { return strings.ToLower(s) }
