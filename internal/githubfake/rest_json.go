package githubfake

import (
	"strconv"
	"time"
)

// JSON shapes of REST responses, following GitHub's OpenAPI description (checked against
// testdata/rest-subset.json by the tests). api is the fake's URL, standing in for
// https://api.github.com in the url fields.

type obj = map[string]any

func ts(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}

func (f *Fake) userJSON(u *user) obj {
	api := f.srv.URL + "/users/" + u.login
	return obj{
		"login": u.login, "id": u.id, "node_id": u.nodeID, "type": u.typ, "site_admin": false,
		"avatar_url":  "https://avatars.githubusercontent.com/u/" + strconv.FormatInt(u.id, 10) + "?v=4",
		"gravatar_id": "", "url": api, "html_url": htmlRoot + u.login,
		"followers_url": api + "/followers", "following_url": api + "/following{/other_user}",
		"gists_url": api + "/gists{/gist_id}", "starred_url": api + "/starred{/owner}{/repo}",
		"subscriptions_url": api + "/subscriptions", "organizations_url": api + "/orgs",
		"repos_url": api + "/repos", "events_url": api + "/events{/privacy}",
		"received_events_url": api + "/received_events", "user_view_type": "public",
	}
}

func (f *Fake) repoURL(r *repo) string { return f.srv.URL + "/repos/" + r.fullName() }

func (f *Fake) repoJSON(r *repo) obj {
	u := f.repoURL(r)
	o := obj{
		"id": r.id, "node_id": r.nodeID, "name": r.name, "full_name": r.fullName(),
		"owner": f.userJSON(r.owner), "private": r.opts.Private, "html_url": htmlRoot + r.fullName(),
		"description": nil, "fork": false, "url": u, "homepage": nil, "language": nil,
		"default_branch": r.opts.DefaultBranch, "has_issues": !r.opts.IssuesDisabled,
		"has_discussions": r.opts.DiscussionsEnabled, "has_projects": false, "has_wiki": false,
		"has_pages": false, "has_downloads": false, "archived": false, "disabled": false,
		"visibility": map[bool]string{true: "private", false: "public"}[r.opts.Private],
		"mirror_url": nil, "license": nil, "forks": 0, "forks_count": 0, "open_issues": 0,
		"open_issues_count": 0, "stargazers_count": 0, "watchers": 0, "watchers_count": 0, "size": 0,
		"pushed_at": "2020-01-01T00:00:00Z", "network_count": 0, "subscribers_count": 0, "created_at": "2020-01-01T00:00:00Z", "updated_at": "2020-01-01T00:00:00Z",
		"clone_url": htmlRoot + r.fullName() + ".git", "git_url": "git://github.com/" + r.fullName() + ".git",
		"ssh_url": "git@github.com:" + r.fullName() + ".git", "svn_url": htmlRoot + r.fullName(),
	}
	for k, tmpl := range map[string]string{
		"archive_url": "/{archive_format}{/ref}", "assignees_url": "/assignees{/user}",
		"blobs_url": "/git/blobs{/sha}", "branches_url": "/branches{/branch}",
		"collaborators_url": "/collaborators{/collaborator}", "comments_url": "/comments{/number}",
		"commits_url": "/commits{/sha}", "compare_url": "/compare/{base}...{head}",
		"contents_url": "/contents/{+path}", "contributors_url": "/contributors",
		"deployments_url": "/deployments", "downloads_url": "/downloads", "events_url": "/events",
		"forks_url": "/forks", "git_commits_url": "/git/commits{/sha}", "git_refs_url": "/git/refs{/sha}",
		"git_tags_url": "/git/tags{/sha}", "hooks_url": "/hooks", "issue_comment_url": "/issues/comments{/number}",
		"issue_events_url": "/issues/events{/number}", "issues_url": "/issues{/number}", "keys_url": "/keys{/key_id}",
		"labels_url": "/labels{/name}", "languages_url": "/languages", "merges_url": "/merges",
		"milestones_url": "/milestones{/number}", "notifications_url": "/notifications{?since,all,participating}",
		"pulls_url": "/pulls{/number}", "releases_url": "/releases{/id}", "stargazers_url": "/stargazers",
		"statuses_url": "/statuses/{sha}", "subscribers_url": "/subscribers", "subscription_url": "/subscription",
		"tags_url": "/tags", "teams_url": "/teams", "trees_url": "/git/trees{/sha}",
	} {
		o[k] = u + tmpl
	}
	return o
}

func (f *Fake) labelJSON(l *label) obj {
	return obj{"id": l.id, "node_id": l.nodeID, "url": f.repoURL(l.repo) + "/labels/" + l.name,
		"name": l.name, "description": nil, "color": l.color, "default": false}
}

func (f *Fake) issueJSON(is *issue) obj {
	u := f.repoURL(is.repo) + "/issues/" + strconv.Itoa(is.number)
	labels := []any{}
	for _, l := range is.labels {
		labels = append(labels, f.labelJSON(l))
	}
	o := obj{
		"id": is.id, "node_id": is.nodeID, "url": u, "repository_url": f.repoURL(is.repo),
		"labels_url": u + "/labels{/name}", "comments_url": u + "/comments", "events_url": u + "/events",
		"timeline_url": u + "/timeline", "html_url": htmlRoot + is.repo.fullName() + "/issues/" + strconv.Itoa(is.number),
		"number": is.number, "state": is.state, "state_reason": nil, "title": is.title, "body": is.body,
		"user": f.userJSON(is.author), "labels": labels, "assignee": nil, "assignees": []any{},
		"milestone": nil, "locked": false, "active_lock_reason": nil, "comments": len(is.comments),
		"closed_at": nil, "created_at": ts(is.createdAt), "updated_at": ts(is.updatedAt), "closed_by": nil,
		"author_association": association(is.repo, is.author), "reactions": f.rollup(u, is.reactions),
		"performed_via_github_app": nil,
	}
	if is.pull != nil {
		pu := f.repoURL(is.repo) + "/pulls/" + strconv.Itoa(is.number)
		html := htmlRoot + is.repo.fullName() + "/pull/" + strconv.Itoa(is.number)
		o["html_url"] = html
		o["pull_request"] = obj{"url": pu, "html_url": html, "diff_url": html + ".diff", "patch_url": html + ".patch", "merged_at": nil}
	}
	return o
}

func (f *Fake) commentJSON(c *issueComment) obj {
	u := f.repoURL(c.issue.repo) + "/issues/comments/" + strconv.FormatInt(c.id, 10)
	return obj{
		"id": c.id, "node_id": c.nodeID, "url": u, "html_url": c.htmlURL(), "body": c.body,
		"user": f.userJSON(c.author), "created_at": ts(c.createdAt), "updated_at": ts(c.updatedAt),
		"issue_url":          f.repoURL(c.issue.repo) + "/issues/" + strconv.Itoa(c.issue.number),
		"author_association": association(c.issue.repo, c.author), "reactions": f.rollup(u, c.reactions),
		"performed_via_github_app": nil,
	}
}

func (f *Fake) reactionJSON(r *reaction) obj {
	return obj{"id": r.id, "node_id": r.nodeID, "user": f.userJSON(r.user), "content": r.content, "created_at": ts(r.createdAt)}
}

func (f *Fake) rollup(subjectURL string, rs []*reaction) obj {
	o := obj{"url": subjectURL + "/reactions", "total_count": len(rs)}
	for k := range graphQLReaction {
		o[k] = 0
	}
	for _, r := range rs {
		o[r.content] = o[r.content].(int) + 1
	}
	return o
}
