package githubfake

import (
	"net/http"
)

// getAuthenticatedUser answers GET /user with the token's user in GitHub's private-user
// shape. An App installation token (any bot's, GITHUB_TOKEN included) acts as no user and
// gets 403 "Resource not accessible by integration", as on GitHub; the GraphQL viewer
// refuses it alike.
func (f *Fake) getAuthenticatedUser(w http.ResponseWriter, rq *restReq) {
	if rq.actor.typ == "Bot" {
		restError(w, http.StatusForbidden, "Resource not accessible by integration",
			"https://docs.github.com/rest/users/users#get-the-authenticated-user")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	owned, private := 0, 0
	for _, r := range f.st.repos {
		if r.owner == rq.actor {
			owned++
			if r.opts.Private {
				private++
			}
		}
	}
	o := f.userJSON(rq.actor)
	for k, v := range (obj{
		"name": nil, "company": nil, "blog": "", "location": nil, "email": nil, "notification_email": nil,
		"hireable": nil, "bio": nil, "twitter_username": nil, "public_repos": owned - private, "public_gists": 0,
		"followers": 0, "following": 0, "created_at": "2020-01-01T00:00:00Z", "updated_at": "2020-01-01T00:00:00Z",
		"private_gists": 0, "total_private_repos": private, "owned_private_repos": private, "disk_usage": 0,
		"collaborators": 0, "two_factor_authentication": true,
		"plan": obj{"name": "free", "space": 976562499, "collaborators": 0, "private_repos": 10000},
	}) {
		o[k] = v
	}
	writeJSON(w, http.StatusOK, o)
}
