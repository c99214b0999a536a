package githubfake

import (
	"strings"
	"time"
)

// RepoOptions configures a repository made with AddRepo.
type RepoOptions struct {
	DiscussionsEnabled bool   // false: createDiscussion fails as on GitHub
	DefaultBranch      string // default "main"
	Private            bool   // private: users without a permission get 404 / NOT_FOUND
	IssuesDisabled     bool   // POST /issues answers 410 Gone
	// TreeLimit is the most entries a recursive tree lists before it says truncated, as
	// GitHub's does above 100,000 entries or 7 MB (0: 100,000).
	TreeLimit int
}

// AddRepo creates owner/name and returns its node ID. The owner is created as an
// Organization unless a user of that login exists.
func (f *Fake) AddRepo(owner, name string, opts RepoOptions) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	key := strings.ToLower(owner + "/" + name)
	if f.st.repos[key] != nil {
		f.t.Fatalf("githubfake: repo %s/%s already exists", owner, name)
	}
	if opts.DefaultBranch == "" {
		opts.DefaultBranch = "main"
	}
	o := f.st.users[strings.ToLower(owner)]
	if o == nil {
		o = f.newUser(owner, "Organization")
	}
	r := &repo{id: f.st.id(), owner: o, name: name, opts: opts,
		issues: map[int]*issue{}, files: map[string]map[string]string{},
		refs: map[string]string{}, perms: map[string]string{}}
	r.nodeID = nodeID(pfxRepo, r.id)
	f.st.repos[key] = r
	f.st.nodes[r.nodeID] = r
	return r.nodeID
}

// AddUser registers a login; typ is "User" or "Bot" (a bot login ends in "[bot]", as REST
// reports it; GraphQL reports it without the suffix, like GitHub).
func (f *Fake) AddUser(login, typ string) string {
	f.t.Helper()
	if typ != "User" && typ != "Bot" {
		f.t.Fatalf("githubfake: AddUser %s: type %q is not User or Bot", login, typ)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if u := f.st.users[strings.ToLower(login)]; u != nil {
		u.typ = typ
		return u.nodeID
	}
	return f.newUser(login, typ).nodeID
}

func (f *Fake) newUser(login, typ string) *user {
	u := &user{id: f.st.id(), login: login, typ: typ}
	prefix := map[string]string{"User": pfxUser, "Bot": pfxBot, "Organization": pfxOrg}[typ]
	u.nodeID = nodeID(prefix, u.id)
	f.st.users[strings.ToLower(login)] = u
	f.st.nodes[u.nodeID] = u
	return u
}

// userFor returns the user of that login, creating it (a Bot if the login ends in "[bot]").
func (f *Fake) userFor(login string) *user {
	if u := f.st.users[strings.ToLower(login)]; u != nil {
		return u
	}
	typ := "User"
	if strings.HasSuffix(login, "[bot]") {
		typ = "Bot"
	}
	return f.newUser(login, typ)
}

// SetPermission gives login a role on repo: read, triage, write, maintain or admin.
func (f *Fake) SetPermission(repo, login, perm string) {
	f.t.Helper()
	if permRank(perm) == 0 {
		f.t.Fatalf("githubfake: SetPermission: unknown permission %q", perm)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	f.userFor(login)
	r.perms[strings.ToLower(login)] = perm
}

// AddToken makes token authenticate as login (created if unknown). Requests with an unknown
// token, or none, get 401.
func (f *Fake) AddToken(token, login string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.st.tokens[token] = f.userFor(login)
}

// AddInstallation registers a GitHub App installation: POST
// /app/installations/{id}/access_tokens (with any well-formed App JWT) mints a token that
// acts as botLogin (e.g. "war-room[bot]").
func (f *Fake) AddInstallation(id int64, botLogin string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	u := f.userFor(botLogin)
	u.typ = "Bot"
	f.st.install[id] = u
}

func (f *Fake) mustRepo(full string) *repo {
	f.t.Helper()
	r := f.st.repos[strings.ToLower(full)]
	if r == nil {
		f.t.Fatalf("githubfake: unknown repo %q (AddRepo it first; use \"owner/name\")", full)
	}
	return r
}

func permRank(p string) int {
	return map[string]int{"none": 0, "read": 1, "triage": 2, "write": 3, "maintain": 4, "admin": 5}[p]
}

// permission is u's role on r: an explicit SetPermission, else admin for the owner, write
// for a bot (an App installation or GITHUB_TOKEN acts with what it was granted), else read
// on a public repo and none on a private one.
func (r *repo) permission(u *user) string {
	if p, ok := r.perms[strings.ToLower(u.login)]; ok {
		return p
	}
	if u == r.owner {
		return "admin"
	}
	if u.typ == "Bot" {
		return "write"
	}
	if r.opts.Private {
		return "none"
	}
	return "read"
}

func (f *Fake) clock() time.Time { return f.now().UTC().Truncate(time.Second) }
