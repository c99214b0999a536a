package discussions

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/shurcooL/githubv4"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/verify"
)

// Request is one decision to publish.
type Request struct {
	Repo     Repo
	Decision *decision.Decision
	// Supersedes is the number of the discussion this decision replaces (the prior-decision
	// check's "proceed" answer), 0 for none.
	Supersedes int
	// FullRecord says where the untruncated record is, for truncation notes.
	FullRecord string
	// Record is the session's verifiable record, published after the phase comments.
	Record *verify.PublishedRecord
}

// Result is what a publish did.
type Result struct {
	// Skipped says why nothing was published (Discussions disabled, category missing); the
	// local record is unaffected.
	Skipped   string   `json:"skipped,omitempty"`
	ID        string   `json:"id,omitempty"`
	Number    int      `json:"number,omitempty"`
	URL       string   `json:"url,omitempty"`
	Answered  bool     `json:"answered,omitempty"`
	LogNumber int      `json:"log_number,omitempty"`
	Truncated []string `json:"truncated,omitempty"`
	Warnings  []string `json:"warnings,omitempty"`
	// Issues are the deferred-item issues, by number.
	Issues []int `json:"issues,omitempty"`
}

// pubState is what is known to exist on GitHub for one session's publication. It is saved
// right after every write, and Pending is saved right before one: a pending part whose
// outcome is unknown (a 502, a timeout) is looked up on GitHub before anything else.
type pubState struct {
	Discussion *ref              `json:"discussion,omitempty"`
	Comments   map[string]string `json:"comments,omitempty"`
	Pending    string            `json:"pending,omitempty"`
	Labeled    bool              `json:"labeled,omitempty"`
	Answered   bool              `json:"answered,omitempty"`
	Forwarded  bool              `json:"forwarded,omitempty"`
	Issues     map[string]int    `json:"issues,omitempty"`
	Done       bool              `json:"done,omitempty"`
	// LastWrite is when the last write was answered, so that a restarted process keeps the
	// spacing from the writes of the one before it.
	LastWrite time.Time `json:"last_write,omitempty"`
	Result    *Result   `json:"result,omitempty"`
}

type ref struct {
	ID        string    `json:"id"`
	Number    int       `json:"number"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
}

var sessionIDRE = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// pendingComments marks the comment state of an adopted discussion as unknown.
const pendingComments = "comments"

func stateKey(repo Repo, session string) string {
	return strings.ToLower(repo.String()) + "/" + session
}

// job is one Publish call in progress.
type job struct {
	Request
	key      string
	st       pubState
	r        rendered
	res      *Result
	info     *repoInfo
	listing  categoryListing
	warnings map[string]bool
	// supersededID is the node of the decision Supersedes names, once found to be ours.
	supersededID string
}

// Publish publishes req.Decision: the discussion, its phase comments in order, labels, the
// answer mark, the forward link on a superseded discussion, the decision log and, when
// enabled, deferred-item issues. Calling it again after any failure finishes the job without
// duplicating anything; calling it after success costs no request.
func (p *Publisher) Publish(ctx context.Context, req Request) (*Result, error) {
	defer p.begin()()
	d := req.Decision
	if d == nil || !sessionIDRE.MatchString(d.SessionID) {
		return nil, errors.New("publish: the decision has no session id a marker can carry")
	}
	j := &job{Request: req, key: stateKey(req.Repo, d.SessionID), warnings: map[string]bool{}}
	if _, err := loadJSON(ctx, p.state, j.key, &j.st); err != nil {
		return nil, err
	}
	if j.st.Done && j.st.Result != nil {
		// What this process remembers is not evidence: one lookup confirms the discussion is
		// still there before "published" is said again; if it is gone, publish it anew.
		there, err := p.stillPublished(ctx, req.Repo, j.st.Discussion)
		if err != nil {
			return nil, fmt.Errorf("publish session %s to %s: %w", d.SessionID, req.Repo, err)
		}
		if there {
			return j.st.Result, nil
		}
		p.warn(fmt.Sprintf("discussion #%d of session %s is gone from %s; publishing it again", j.st.Discussion.Number, d.SessionID, req.Repo))
		j.st = pubState{LastWrite: j.st.LastWrite}
	}
	p.c.t.ObserveWrite(j.st.LastWrite)
	j.r = Render(d, RenderOptions{Supersedes: req.Supersedes, FullRecord: req.FullRecord, Record: req.Record})
	j.res = &Result{Truncated: j.r.Truncated}
	if j.st.Comments == nil {
		j.st.Comments = map[string]string{}
	}
	err := p.retry(ctx, "publish "+d.SessionID, func(ctx context.Context) error { return p.attempt(ctx, j) })
	if err != nil {
		// Keep the failed write's time too: a retry from a new process must space from it.
		if serr := p.save(context.WithoutCancel(ctx), j); serr != nil {
			err = errors.Join(err, serr)
		}
		return nil, fmt.Errorf("publish session %s to %s: %w", d.SessionID, req.Repo, err)
	}
	return j.res, nil
}

// attempt does everything still missing, in order.
func (p *Publisher) attempt(ctx context.Context, j *job) error {
	info, err := p.lookup(ctx, j.Repo)
	if err != nil {
		return err
	}
	j.info = info
	if why := unavailable(info, p.Category, j.Repo); why != "" {
		p.warn(why)
		j.res.Skipped = why
		return nil
	}
	if j.listing, err = p.listCategory(ctx, j.Repo, info); err != nil {
		return err
	}
	steps := []func(context.Context, *job) error{
		p.checkSupersedes, p.ensureDiscussion, p.syncPending, p.ensureComments, p.ensureLabels,
		p.ensureAnswer, p.ensureForward, p.ensureLog, p.ensureIssues,
	}
	for _, step := range steps {
		if err := step(ctx, j); err != nil {
			return err
		}
	}
	j.fillResult()
	j.st.Done, j.st.Result = true, j.res
	return p.save(ctx, j)
}

// unavailable says why nothing can be published to repo, and what would fix it; "" when
// the category is there.
func unavailable(info *repoInfo, slug string, repo Repo) string {
	switch {
	case !info.enabled:
		return fmt.Sprintf("Discussions are disabled in %s; nothing was published (the local record is kept). "+
			"Enable them under the repository's Settings → General → Features", repo)
	case info.category == nil:
		have := "none"
		if len(info.slugs) > 0 {
			have = strings.Join(info.slugs, ", ")
		}
		return fmt.Sprintf("%s has no discussion category %q (its category slugs: %s); nothing was published "+
			"(categories are never created automatically). Create one with that slug, or set "+
			"github.discussions.category to one of these", repo, slug, have)
	}
	return ""
}

func (p *Publisher) save(ctx context.Context, j *job) error {
	j.st.LastWrite = p.c.t.LastWrite()
	return saveJSON(ctx, p.state, j.key, &j.st)
}

// pending records that a write is about to be sent, before it is sent.
func (p *Publisher) pending(ctx context.Context, j *job, part string) error {
	j.st.Pending = part
	return p.save(ctx, j)
}

func (j *job) warn(p *Publisher, msg string) {
	if !j.warnings[msg] {
		j.warnings[msg] = true
		j.res.Warnings = append(j.res.Warnings, msg)
		p.warn(msg)
	}
}

func (j *job) fillResult() {
	if dd := j.st.Discussion; dd != nil {
		j.res.ID, j.res.Number, j.res.URL = dd.ID, dd.Number, dd.URL
	}
	j.res.Answered = j.st.Answered
	j.res.Issues = sortedIssues(j.st.Issues)
}

func idOf(s string) githubv4.ID { return githubv4.ID(s) }

type existsQuery struct {
	Repository *struct {
		Discussion *struct{ ID githubv4.ID } `graphql:"discussion(number: $number)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

// stillPublished asks GitHub whether the discussion a finished publish recorded still exists,
// under the same node id.
func (p *Publisher) stillPublished(ctx context.Context, repo Repo, d *ref) (bool, error) {
	if d == nil {
		return false, nil
	}
	var q existsQuery
	vars := map[string]any{"owner": githubv4.String(repo.Owner), "name": githubv4.String(repo.Name), "number": githubv4.Int(d.Number)}
	err := p.retry(ctx, "look up the published discussion", func(ctx context.Context) error {
		return p.c.query(ctx, "discussion", &q, vars)
	})
	var ae *APIError
	if errors.As(err, &ae) && ae.NotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return q.Repository != nil && q.Repository.Discussion != nil && fmt.Sprint(q.Repository.Discussion.ID) == d.ID, nil
}
