package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/config"
)

// actor is who wrote a comment, as the event reports it.
type actor struct {
	Login string
	// Type is "User", "Bot" or "Organization".
	Type string
}

// ignored says why a comment's author must not trigger anything, or "" when it may try.
// Our own account never triggers (its comments are our progress and replies); other bots
// are ignored when configured so (the default), so that two bots cannot loop.
func ignored(a actor, ourLogin string, ignoreBots bool) string {
	switch {
	case a.Login == "":
		return "the comment has no author"
	case strings.EqualFold(a.Login, ourLogin):
		return "the comment is our own"
	case ignoreBots && (a.Type == "Bot" || strings.HasSuffix(a.Login, "[bot]")):
		return "the comment is by a bot"
	}
	return ""
}

// permission is the collaborator-permission API's answer: permission is the legacy level
// (admin, write, read, none; maintain reads as write and triage as read) and role is the
// role itself where GitHub names one (a custom role name is possible).
type permission struct {
	Level string `json:"permission"`
	Role  string `json:"role_name"`
}

var permissionRank = map[string]int{"none": 0, "read": 1, "triage": 2, "write": 3, "maintain": 4, "admin": 5}

// rank is the finest known reading: the role when it is a built-in one, else the level (a
// custom role is as strong as the level GitHub maps it to).
func (p permission) rank() int {
	if r, ok := permissionRank[strings.ToLower(p.Role)]; ok {
		return r
	}
	return permissionRank[strings.ToLower(p.Level)]
}

// Allows reports whether p meets min (config's github.trigger.min_permission).
func (p permission) Allows(min config.Permission) bool {
	need, ok := permissionRank[string(min)]
	if !ok {
		need = permissionRank[string(config.DefaultMinPermission)]
	}
	return p.rank() >= need && p.rank() > 0
}

// String is the role for messages.
func (p permission) String() string {
	if p.Role != "" {
		return p.Role
	}
	if p.Level != "" {
		return p.Level
	}
	return "none"
}

// Permission asks GitHub for login's permission on repo. A user GitHub does not know as a
// collaborator (404) has none. go-github v62 drops role_name, so the request is decoded here.
func (g *gitHub) Permission(ctx context.Context, repo Repo, login string) (permission, error) {
	u := fmt.Sprintf("repos/%s/%s/collaborators/%s/permission", repo.Owner, repo.Name, login)
	req, err := g.REST.NewRequest("GET", u, nil)
	if err != nil {
		return permission{}, err
	}
	var p permission
	if _, err := g.REST.Do(ctx, req, &p); err != nil {
		if isNotFound(err) {
			return permission{Level: "none"}, nil
		}
		return permission{}, fmt.Errorf("permission of %s on %s: %w", login, repo, err)
	}
	return p, nil
}

// Authorize checks that login may trigger sessions on repo: its permission must meet min.
// It returns the permission found and whether it suffices.
func (g *gitHub) Authorize(ctx context.Context, repo Repo, login string, min config.Permission) (permission, bool, error) {
	p, err := g.Permission(ctx, repo, login)
	if err != nil {
		return p, false, err
	}
	return p, p.Allows(min), nil
}
