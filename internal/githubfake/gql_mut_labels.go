package githubfake

func addLabels(x *execCtx, in map[string]any) (map[string]any, error) {
	target := x.f.st.nodes[str(in["labelableId"])]
	r := repoOf(target)
	var labels *[]*label
	var obj object
	switch t := target.(type) {
	case *discussion:
		labels, obj = &t.labels, discussionObj{t}
	case *issue:
		labels, obj = &t.labels, issueObj{t}
	}
	if labels == nil || !x.canSee(r) {
		return nil, errNoNode(str(in["labelableId"]))
	}
	if !x.can(r, "triage") {
		return nil, forbidden(x, "AddLabelsToLabelable")
	}
	ids, _ := in["labelIds"].([]any)
	var add []*label
	for _, id := range ids {
		l, err := lookup[*label](x, id)
		if err != nil || l.repo != r {
			return nil, errNoNode(str(id))
		}
		add = append(add, l)
	}
	for _, l := range add {
		if !hasLabel(*labels, l) {
			*labels = append(*labels, l)
		}
	}
	return map[string]any{"labelable": obj}, nil
}

func hasLabel(ls []*label, l *label) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

func addReaction(x *execCtx, in map[string]any) (map[string]any, error) {
	id := str(in["subjectId"])
	target := x.f.st.nodes[id]
	r := repoOf(target)
	list := reactionsOf(target)
	if list == nil || !x.canSee(r) {
		return nil, errNoNode(id)
	}
	content := restReaction[str(in["content"])]
	re, _ := x.f.react(list, content, x.actor)
	return map[string]any{"reaction": reactionObj{re}, "subject": x.f.objectFor(target)}, nil
}

// reactionsOf is the reaction list of a reactable entity, nil if it is not one.
func reactionsOf(v any) *[]*reaction {
	switch t := v.(type) {
	case *discussion:
		return &t.reactions
	case *dcomment:
		return &t.reactions
	case *issue:
		return &t.reactions
	case *issueComment:
		return &t.reactions
	}
	return nil
}

// restReaction maps the GraphQL ReactionContent enum to REST reaction content.
var restReaction = map[string]string{}

func init() {
	for k, v := range graphQLReaction {
		restReaction[v] = k
	}
}
