package githubfake

import (
	"strings"
)

// queryRoot resolves the Query type's fields.
type queryRoot struct{}

func (queryRoot) typeName() string { return "Query" }

func (queryRoot) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	switch field {
	case "repository":
		owner, _ := strArg(args, "owner")
		name, _ := strArg(args, "name")
		r := x.f.st.repos[strings.ToLower(owner+"/"+name)]
		if r == nil || !x.canSee(r) {
			return nil, errNotFound("Could not resolve to a Repository with the name '" + owner + "/" + name + "'.")
		}
		return repoObj{r}, nil
	case "viewer":
		if x.actor.typ == "Bot" {
			return nil, errForbidden("Resource not accessible by integration")
		}
		return userObj{x.actor}, nil
	case "node":
		id, _ := strArg(args, "id")
		o := x.node(id)
		if o == nil {
			return nil, errNoNode(id)
		}
		return o, nil
	case "nodes":
		ids, _ := args["ids"].([]any)
		out := make([]any, len(ids))
		for i, id := range ids {
			s, _ := id.(string)
			if o := x.node(s); o != nil {
				out[i] = o
			}
		}
		return out, nil
	case "search":
		return x.search(args)
	case "rateLimit":
		b := x.f.bucket(x.actor.login, "graphql")
		return &mapObj{typ: "RateLimit", fields: map[string]any{
			"limit": b.limit, "cost": 1, "remaining": b.limit - b.used, "used": b.used,
			"resetAt": b.reset, "nodeCount": 0}}, nil
	}
	return nil, errUnimplemented
}

// node finds a global ID the actor may see, as a GraphQL object.
func (x *execCtx) node(id string) object {
	o := x.f.objectFor(x.f.st.nodes[id])
	if o == nil {
		return nil
	}
	if r := repoOf(x.f.st.nodes[id]); r != nil && !x.canSee(r) {
		return nil
	}
	return o
}

func (x *execCtx) canSee(r *repo) bool { return permRank(r.permission(x.actor)) >= 1 }

func (x *execCtx) can(r *repo, perm string) bool {
	return permRank(r.permission(x.actor)) >= permRank(perm)
}

// objectFor wraps a stored entity as a GraphQL object (nil for unknown).
func (f *Fake) objectFor(v any) object {
	switch v := v.(type) {
	case *repo:
		return repoObj{v}
	case *user:
		return userObj{v}
	case *category:
		return categoryObj{v}
	case *label:
		return labelObj{v}
	case *discussion:
		return discussionObj{v}
	case *dcomment:
		return commentObj{v}
	case *issue:
		return issueObj{v}
	case *issueComment:
		return issueCommentObj{v}
	case *reaction:
		return reactionObj{v}
	}
	return nil
}

func repoOf(v any) *repo {
	switch v := v.(type) {
	case *repo:
		return v
	case *category:
		return v.repo
	case *label:
		return v.repo
	case *discussion:
		return v.repo
	case *dcomment:
		return v.discussion.repo
	case *issue:
		return v.repo
	case *issueComment:
		return v.issue.repo
	}
	return nil
}
