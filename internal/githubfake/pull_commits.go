package githubfake

import (
	"crypto/sha1"
	"encoding/hex"
	"strconv"
	"time"
)

// CommitSpec is one commit of a pull request, as GET /pulls/{n}/commits lists it.
type CommitSpec struct {
	// SHA is the commit ID; "" makes one up (the last commit of AddPull takes HeadSHA).
	SHA string
	// Message is the full commit message, trailers included.
	Message string
	// AuthorLogin is the GitHub user who wrote and pushed the commit; "" means the pull
	// request's author. The git author name is the login and the email its noreply address.
	AuthorLogin string
}

// maxListedPullCommits is GitHub's cap on GET /pulls/{n}/commits ("Lists a maximum of 250
// commits for a pull request"); later commits are only reachable through the commits API.
const maxListedPullCommits = 250

// pullCommit is a commit as stored: its spec with every field filled, and when it was made.
type pullCommit struct {
	CommitSpec
	parent string
	at     time.Time
}

// seedCommits fills the pull request's commits from spec.Commits, or one commit at the head
// carrying the title when none are given (caller holds f.mu).
func (f *Fake) seedCommits(is *issue) {
	s := &is.pull.spec
	specs := append([]CommitSpec(nil), s.Commits...)
	if len(specs) == 0 {
		specs = []CommitSpec{{SHA: s.HeadSHA, Message: is.title}}
	}
	last := &specs[len(specs)-1]
	switch {
	case last.SHA == "":
		last.SHA = s.HeadSHA
	case s.HeadSHA == "":
		s.HeadSHA = last.SHA
	case last.SHA != s.HeadSHA:
		f.t.Fatalf("githubfake: AddPull: the last commit %s is not the head %s", last.SHA, s.HeadSHA)
	}
	f.appendCommits(is, specs)
}

// appendCommits records commits on top of the pull request's head (caller holds f.mu).
func (f *Fake) appendCommits(is *issue, specs []CommitSpec) {
	p := is.pull
	parent := p.spec.BaseSHA
	if n := len(p.commits); n > 0 {
		parent = p.commits[n-1].SHA
	}
	for _, c := range specs {
		if c.AuthorLogin == "" {
			c.AuthorLogin = is.author.login
		}
		if c.SHA == "" {
			c.SHA = madeUpSHA(is, len(p.commits), c.Message)
		}
		f.userFor(c.AuthorLogin)
		p.commits = append(p.commits, pullCommit{CommitSpec: c, parent: parent, at: f.clock()})
		parent = c.SHA
	}
}

// madeUpSHA is a stable 40-hex commit ID for a commit seeded without one.
func madeUpSHA(is *issue, i int, message string) string {
	h := sha1.Sum([]byte(is.repo.fullName() + "#" + strconv.Itoa(is.number) + "/" + strconv.Itoa(i) + "\x00" + message))
	return hex.EncodeToString(h[:])
}
