package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/protocols"
)

// Runner runs sessions. One Runner serves one configuration and store; it is safe to use for
// one Run at a time per session.
type Runner struct {
	Config *config.Config
	Store  engine.Store
	// Profiles builds the provider profiles. It is called only when a protocol must run, so
	// a session that only needs publishing needs no provider key.
	Profiles func(ctx context.Context) (engine.Profiles, error)
	Sinks    []events.Sink
	// Prompter answers gates interactively (a terminal); nil means nobody can answer now.
	Prompter engine.Prompter
	Now      func() time.Time
	Budget   limits.Budget
	// Limits are ceilings the configuration cannot raise (the App's): a new session over one
	// of their bounds is refused before anything is written or spent, and every session runs
	// under the lower of Budget and Limits.Budget.
	Limits limits.Limits
	// Account, when set, is a ceiling sessions share (an installation's day): see
	// engine.RunConfig.Account.
	Account limits.Account
	// Evidence opens the prober of a session's evidence source (see engine.RunConfig.Evidence).
	Evidence evidence.Opener
	// Publisher publishes decisions and searches earlier ones; nil publishes nothing.
	Publisher *discussions.Publisher
	// Warn tells the user something they should know that does not stop the session.
	Warn func(string)
	// Holder names this worker in session leases, so that one session runs on one worker at
	// a time across the processes sharing the store; empty takes no lease. LeaseTTL is the
	// lease's life between renewals (default DefaultLeaseTTL).
	Holder   string
	LeaseTTL time.Duration
	// Wait makes a session another process is running wait for it instead of failing with
	// ErrBusy (the CLI: a second `resume` waits for the first). Sleep paces the waiting
	// (default: the clock's).
	Wait  bool
	Sleep func(ctx context.Context, d time.Duration) error
}

// Request is what to run: a new session (Protocol and Question, under SessionID when the
// caller already chose one), or SessionID alone to continue a stored one.
type Request struct {
	SessionID  string
	Protocol   string
	Question   string
	Flags      map[string]string
	Context    []engine.Input
	Seed       int64
	SeedSource string
	// Answers are gate answers given so far (flags, reply commands), by gate key.
	Answers map[string]string
	// Carried is what an earlier job of this session stored, for a store that does not
	// outlive its job: a session the store does not hold is created with it and continues
	// from there (engine.StartCarried). CarriedFrom says where it was kept, for the record.
	Carried     *engine.Carried
	CarriedFrom string
	// Source says where the material comes from, for the disclosure.
	Source engine.Source
	// Repo, when set (and the Runner has a Publisher), is where earlier decisions are looked
	// for; with Publish, the decision is published there too.
	Repo    *discussions.Repo
	Publish bool
	// FullRecord says where the untruncated record is, for truncation notes.
	FullRecord string
	// CanAsk says a person can answer a gate where this runs; without one, the prior-decision
	// check only informs.
	CanAsk bool
	// Supersede, when set, is the decision a person asked this session to supersede (a
	// reopened question): the prior-decision check answers itself when it finds that one.
	Supersede int
	// Claim, when set, names the command this run serves (a comment, a dispatched run): the
	// first request with a claim owns it, and a later one with the same claim continues that
	// session, whatever session id it brought.
	Claim string
	// Surround is what a new session may read besides the configuration (the repository's
	// files, the scope's approved member memory, the checkout probes read).
	protocols.Surround
}

// Outcome is how one run of a session ended.
type Outcome struct {
	Session *engine.Session
	// Status is completed, awaiting_input, cancelled, failed, or running (interrupted).
	Status   engine.Status
	Decision *decision.Decision
	// Gate is the open gate when Status is awaiting_input.
	Gate *engine.GateRecord
	// Published is the publication of a completed session (nil when nothing was published).
	Published *discussions.Result
	// Reaffirmed is the decision number a reaffirmation kept, and the note's discussion URL.
	Reaffirmed    int
	ReaffirmedURL string
	// Notes are facts for the reader (related discussions, a skipped publish).
	Notes []string
	// Err says why the session failed, or why a completed one was not (fully) published
	// (a *PublishError).
	Err error
}

// PublishError is the error of a completed session whose publication failed: the decision
// is stored and sealed; running the session again completes the publication.
type PublishError struct{ Err error }

func (e *PublishError) Error() string {
	return "the decision was reached but not published: " + e.Err.Error()
}
func (e *PublishError) Unwrap() error { return e.Err }

// ErrUnknownSession is a request to continue a session the store does not have.
var ErrUnknownSession = errors.New("no such session")

func (r *Runner) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Runner) warn(msg string) {
	if r.Warn != nil {
		r.Warn(msg)
	}
}

func (r *Runner) searching(req Request) bool  { return r.Publisher != nil && req.Repo != nil }
func (r *Runner) publishing(req Request) bool { return r.searching(req) && req.Publish }

// Run runs one session to where it stops: a sealed, published decision, a gate, a failure or
// an interruption. It never returns nil.
func (r *Runner) Run(ctx context.Context, req Request) *Outcome {
	out := &Outcome{Status: engine.StatusFailed}
	if err := r.claim(ctx, &req); err != nil {
		out.Err = err
		return out
	}
	if req.SessionID == "" {
		req.SessionID = engine.NewSessionID()
	}
	release, err := r.lease(ctx, req.SessionID)
	if err != nil {
		out.Status, out.Err = engine.StatusRunning, err
		return out
	}
	defer release()
	s, err := r.Store.GetSession(ctx, req.SessionID)
	switch {
	case err == nil && (s.Status == engine.StatusCompleted || s.Status == engine.StatusCancelled):
		r.finished(ctx, req, s, out)
		return out
	case err != nil && !errors.Is(err, engine.ErrNotFound):
		out.Err = fmt.Errorf("read session %s: %w", req.SessionID, err)
		return out
	case err != nil && req.Protocol == "":
		out.Err = fmt.Errorf("session %s: %w", req.SessionID, ErrUnknownSession)
		return out
	}
	run, err := r.open(ctx, req, err == nil)
	if err != nil {
		out.Err = err
		return out
	}
	out.Session = run.Session()
	r.deliberate(ctx, req, run, out)
	if out.Status == engine.StatusCompleted && r.publishing(req) {
		r.publish(ctx, req, out)
	}
	return out
}
