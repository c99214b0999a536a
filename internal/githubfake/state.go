package githubfake

import "time"

// state is everything the fake GitHub knows. It is only touched with Fake.mu held.
type state struct {
	nextID      int64
	users       map[string]*user     // by login
	tokens      map[string]*user     // by token
	repos       map[string]*repo     // by "owner/name", lower-cased
	nodes       map[string]any       // by node ID
	install     map[int64]*user      // installation ID -> bot acting for it
	tokenExpiry map[string]time.Time // installation tokens expire
}

func newState() *state {
	return &state{
		users:       map[string]*user{},
		tokens:      map[string]*user{},
		repos:       map[string]*repo{},
		nodes:       map[string]any{},
		install:     map[int64]*user{},
		tokenExpiry: map[string]time.Time{},
	}
}

func (s *state) id() int64 {
	s.nextID++
	return s.nextID
}

type user struct {
	id     int64
	nodeID string
	login  string // REST login; a bot's ends in "[bot]"
	typ    string // "User", "Bot" or "Organization"
}

// graphQLLogin is the login GraphQL reports: GitHub drops the "[bot]" suffix there.
func (u *user) graphQLLogin() string {
	if u.typ == "Bot" && len(u.login) > 5 && u.login[len(u.login)-5:] == "[bot]" {
		return u.login[:len(u.login)-5]
	}
	return u.login
}

type repo struct {
	id          int64
	nodeID      string
	owner       *user
	name        string
	opts        RepoOptions
	lastNumber  int // issues, pull requests and discussions share numbers
	categories  []*category
	labels      []*label
	discussions []*discussion
	issues      map[int]*issue               // pull requests too
	files       map[string]map[string]string // ref -> path -> content
	refs        map[string]string            // branch -> head SHA
	history     map[string][]branchCommit    // branch -> pushed commits, oldest first
	perms       map[string]string            // login -> read|triage|write|maintain|admin
	checkRuns   []*checkRun
}

func (r *repo) fullName() string { return r.owner.login + "/" + r.name }

type category struct {
	id         int64
	nodeID     string
	repo       *repo
	name, slug string
	answerable bool
	createdAt  time.Time
}

type label struct {
	id     int64
	nodeID string
	repo   *repo
	name   string
	color  string
}

type discussion struct {
	id                   int64
	nodeID               string
	repo                 *repo
	number               int
	title, body          string
	category             *category
	author               *user
	createdAt, updatedAt time.Time
	labels               []*label
	comments             []*dcomment // top-level, oldest first
	answer               *dcomment
	answerChosenAt       time.Time
	searchableAfter      int // search calls that must pass before search sees it
	reactions            []*reaction
}

type dcomment struct {
	id                   int64
	nodeID               string
	discussion           *discussion
	replyTo              *dcomment
	replies              []*dcomment
	body                 string
	author               *user
	createdAt, updatedAt time.Time
	reactions            []*reaction
}

type issue struct {
	id                   int64
	nodeID               string
	repo                 *repo
	number               int
	title, body          string
	author               *user
	state                string
	createdAt, updatedAt time.Time
	labels               []*label
	comments             []*issueComment
	reactions            []*reaction
	pull                 *pull // non-nil for a pull request
}

type pull struct {
	spec    PullSpec
	nodeID  string
	commits []pullCommit // oldest first; the last is the head
	// diffs is the diff the pull request showed at each head it has had, by head SHA:
	// review comments anchor to the diff at their commit.
	diffs          map[string]string
	reviews        []*review        // oldest first
	reviewComments []*reviewComment // oldest first
}

type review struct {
	id          int64
	nodeID      string
	pr          *issue
	author      *user
	body, state string // state: PENDING, COMMENTED, APPROVED or CHANGES_REQUESTED
	commitID    string
	submittedAt time.Time // zero while PENDING
}

type reviewComment struct {
	id                   int64
	nodeID               string
	review               *review
	author               *user
	body, path           string
	commitID             string
	line, startLine      int // 0: none
	side, startSide      string
	position             int
	diffHunk             string
	subjectType          string // "line" or "file"
	createdAt, updatedAt time.Time
}

type issueComment struct {
	id                   int64
	nodeID               string
	issue                *issue
	body                 string
	author               *user
	createdAt, updatedAt time.Time
	reactions            []*reaction
}

type reaction struct {
	id        int64
	nodeID    string
	content   string
	user      *user
	createdAt time.Time
}

type checkRun struct {
	id                     int64
	nodeID                 string
	repo                   *repo
	app                    *user
	name, headSHA          string
	status, conclusion     string
	detailsURL, externalID string
	title, summary, text   string
	annotations            []map[string]any
	startedAt, completedAt time.Time
}
