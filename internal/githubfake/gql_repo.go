package githubfake

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

const htmlRoot = "https://github.com/"

type repoObj struct{ r *repo }

func (o repoObj) typeName() string { return "Repository" }

func (o repoObj) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	r := o.r
	switch field {
	case "id":
		return r.nodeID, nil
	case "databaseId":
		return r.id, nil
	case "name":
		return r.name, nil
	case "nameWithOwner":
		return r.fullName(), nil
	case "owner":
		return userObj{r.owner}, nil
	case "url":
		return htmlRoot + r.fullName(), nil
	case "isPrivate":
		return r.opts.Private, nil
	case "hasDiscussionsEnabled":
		return r.opts.DiscussionsEnabled, nil
	case "hasIssuesEnabled":
		return !r.opts.IssuesDisabled, nil
	case "defaultBranchRef":
		return &mapObj{typ: "Ref", fields: map[string]any{"name": r.opts.DefaultBranch, "prefix": "refs/heads/"}}, nil
	case "discussionCategories":
		return paginate("DiscussionCategoryConnection", field, objects(r.categories, func(c *category) object { return categoryObj{c} }), args)
	case "discussionCategory":
		slug, _ := strArg(args, "slug")
		if c := r.categoryBySlug(slug); c != nil {
			return categoryObj{c}, nil
		}
		return nil, nil
	case "labels":
		q, _ := strArg(args, "query")
		var ls []object
		for _, l := range r.labels {
			if strings.Contains(strings.ToLower(l.name), strings.ToLower(q)) {
				ls = append(ls, labelObj{l})
			}
		}
		return paginate("LabelConnection", field, ls, args)
	case "label":
		name, _ := strArg(args, "name")
		if l := r.labelByName(name); l != nil {
			return labelObj{l}, nil
		}
		return nil, nil
	case "discussions":
		return r.discussionConn(args)
	case "discussion":
		n, _ := intArg(args, "number")
		for _, d := range r.discussions {
			if d.number == n {
				return discussionObj{d}, nil
			}
		}
		return nil, errNotFound("Could not resolve to a Discussion with the number of " + strconv.Itoa(n) + ".")
	case "issue", "pullRequest", "issueOrPullRequest":
		n, _ := intArg(args, "number")
		is := r.issues[n]
		if is == nil || (field == "issue" && is.pull != nil) || (field == "pullRequest" && is.pull == nil) {
			kind := map[string]string{"issue": "an Issue", "pullRequest": "a PullRequest", "issueOrPullRequest": "an issue or pull request"}[field]
			return nil, errNotFound("Could not resolve to " + kind + " with the number of " + strconv.Itoa(n) + ".")
		}
		return issueObj{is}, nil
	}
	return nil, errUnimplemented
}

func (r *repo) discussionConn(args map[string]any) (any, error) {
	catID, _ := strArg(args, "categoryId")
	answered, filterAnswered := args["answered"].(bool)
	var ds []*discussion
	for _, d := range r.discussions {
		if catID != "" && d.category.nodeID != catID {
			continue
		}
		if filterAnswered && (d.answer != nil) != answered {
			continue
		}
		ds = append(ds, d)
	}
	order, _ := args["orderBy"].(map[string]any)
	byCreated := order["field"] == "CREATED_AT"
	asc := order["direction"] == "ASC"
	slices.SortStableFunc(ds, func(a, b *discussion) int {
		c := cmp.Compare(a.updatedAt.UnixNano(), b.updatedAt.UnixNano())
		if byCreated {
			c = cmp.Compare(a.createdAt.UnixNano(), b.createdAt.UnixNano())
		}
		if c == 0 {
			c = cmp.Compare(a.id, b.id)
		}
		if !asc {
			c = -c
		}
		return c
	})
	return paginate("DiscussionConnection", "discussions", objects(ds, func(d *discussion) object { return discussionObj{d} }), args)
}

func (r *repo) categoryBySlug(slug string) *category {
	for _, c := range r.categories {
		if c.slug == slug {
			return c
		}
	}
	return nil
}

func (r *repo) labelByName(name string) *label {
	for _, l := range r.labels {
		if strings.EqualFold(l.name, name) {
			return l
		}
	}
	return nil
}

func objects[T any](items []T, wrap func(T) object) []object {
	out := make([]object, len(items))
	for i, it := range items {
		out[i] = wrap(it)
	}
	return out
}
