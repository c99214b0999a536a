package githubfake

// mutationRoot resolves the Mutation type's fields the fake models. Each takes an input
// object; its payload echoes clientMutationId.
type mutationRoot struct{}

func (mutationRoot) typeName() string { return "Mutation" }

func (mutationRoot) resolve(x *execCtx, field string, args map[string]any) (any, error) {
	in, _ := args["input"].(map[string]any)
	fn := mutations[field]
	if fn == nil {
		return nil, &fieldError{typ: "INTERNAL", msg: "githubfake does not implement mutation " + field}
	}
	fields, err := fn(x, in)
	if err != nil {
		return nil, err
	}
	fields["clientMutationId"] = in["clientMutationId"]
	return &mapObj{typ: x.schema.Mutation.Fields.ForName(field).Type.NamedType, fields: fields}, nil
}

type mutationFunc func(x *execCtx, in map[string]any) (map[string]any, error)

var mutations map[string]mutationFunc

func init() {
	mutations = map[string]mutationFunc{
		"createDiscussion":                createDiscussion,
		"updateDiscussion":                updateDiscussion,
		"addDiscussionComment":            addDiscussionComment,
		"updateDiscussionComment":         updateDiscussionComment,
		"markDiscussionCommentAsAnswer":   markAnswer,
		"unmarkDiscussionCommentAsAnswer": unmarkAnswer,
		"addLabelsToLabelable":            addLabels,
		"addReaction":                     addReaction,
	}
}

// lookup resolves a global ID to T among what the actor may see, or GitHub's NOT_FOUND.
func lookup[T any](x *execCtx, id any) (T, error) {
	s, _ := id.(string)
	v, ok := x.f.st.nodes[s].(T)
	if r := repoOf(x.f.st.nodes[s]); !ok || (r != nil && !x.canSee(r)) {
		var zero T
		return zero, errNoNode(s)
	}
	return v, nil
}

func forbidden(x *execCtx, mutation string) error {
	if x.actor.typ == "Bot" {
		return errForbidden("Resource not accessible by integration")
	}
	return errForbidden(x.actor.login + " does not have the correct permissions to execute `" + mutation + "`")
}
