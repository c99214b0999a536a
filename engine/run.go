package engine

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/settings"
)

// Prompter asks a human to answer a gate interactively. ok is false when no answer could be
// had (not a terminal); the gate then stays open and the session pauses.
type Prompter func(ctx context.Context, g GateRecord) (answer string, ok bool, err error)

// RunConfig wires a Run to the outside world.
type RunConfig struct {
	Store    Store
	Profiles Profiles
	Budget   limits.Budget
	// Stages are the protocols' stage caps, by protocol and stage (see StageBudgeter).
	Stages map[string]map[string]settings.StageBudget
	Sinks  []events.Sink
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Answers pre-supply gate answers by gate key (flags, reply commands).
	Answers map[string]string
	// Prompter answers gates interactively; nil means non-interactive.
	Prompter Prompter
	// Heartbeat is the interval of call.heartbeat events (default 10 s).
	Heartbeat time.Duration
	// Source says where the session's material comes from, for the disclosure.
	Source Source
	// Sleep waits between a call's attempts (default: a timer); it returns ctx's error when
	// ctx ends first. Tests inject one to see the waits without spending them.
	Sleep func(ctx context.Context, d time.Duration) error
	// Account, when set, is a ceiling this session shares with others (an installation's
	// day on the App): every call is checked against it before it starts and charged to it
	// after.
	Account limits.Account
	// Evidence opens the prober of a session's evidence source (nil: evidence.Local, git on
	// a local checkout). The App supplies one that reads the repository through GitHub's API.
	Evidence evidence.Opener
	// Calls bounds every call's time and attempts (the App's ceilings; zero: none).
	Calls limits.CallLimits
}

// Run executes one session's protocol code durably. It is safe for concurrent use by the
// goroutines Parallel starts.
type Run struct {
	cfg     RunConfig
	session *Session
	sinks   events.Sinks
	fence   string

	mu    sync.Mutex
	noted map[string]bool // the once-only notes already added (a clamped call's)
	used  int64
	// stage is the cap EnterStage last applied.
	stage     limits.Budget
	usedUSD   float64
	semaphore map[string]chan struct{}
	warm      warmGate
	marks     cacheMarks
	notes     []string

	disclosure sync.Mutex
	disclosed  bool
	// checkBefore are the profiles disclosed, preflighted before the first call (under
	// preflight); preflighted says that passed.
	checkBefore []string
	preflight   sync.Mutex
	preflighted bool

	// steps are the session's stored steps by key, when the run knows them all (nil: ask the
	// store each time).
	stepMu sync.Mutex
	steps  map[string]StepRecord
	// stored are the steps this run stored itself: reading one again is no resume.
	stored map[string]bool

	// prefixes are the session's inputs fenced and hashed once for every call (see assemble).
	prefixes prefixMemo
}

// Start creates a new session in the store and returns its Run.
func Start(ctx context.Context, cfg RunConfig, s *Session) (*Run, error) {
	now := cfg.now()
	if s.ID == "" {
		s.ID = NewSessionID()
	}
	s.Status, s.CreatedAt, s.UpdatedAt = StatusRunning, now, now
	if err := cfg.Store.CreateSession(ctx, s); err != nil {
		return nil, fmt.Errorf("create session: %w", err)
	}
	r := newRun(cfg, s)
	r.steps = map[string]StepRecord{} // a new session has no stored step: nothing to look up
	r.Emit(events.Event{Kind: events.SessionStarted, Message: s.Protocol})
	return r, nil
}

// Resume loads a stored session so its protocol can run again from the top: completed steps
// return their stored results, answered gates their answers.
func Resume(ctx context.Context, cfg RunConfig, id string) (*Run, error) {
	s, err := cfg.Store.GetSession(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	if s.Status == StatusCompleted || s.Status == StatusCancelled {
		return nil, fmt.Errorf("resume session %s: session is %s", id, s.Status)
	}
	entries, err := cfg.Store.Ledger(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: read ledger: %w", id, err)
	}
	steps, err := cfg.Store.Steps(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("resume session %s: read steps: %w", id, err)
	}
	r := newRun(cfg, s)
	r.steps = make(map[string]StepRecord, len(steps))
	for _, st := range steps {
		r.steps[st.Key] = st
	}
	for _, e := range entries {
		r.used += e.Usage.Total()
		r.usedUSD += e.CostUSD
	}
	if err := cfg.Store.SetStatus(ctx, id, StatusRunning, ""); err != nil {
		return nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	s.Status = StatusRunning
	r.Emit(events.Event{Kind: events.SessionStarted, Message: "resumed"})
	return r, nil
}

func newRun(cfg RunConfig, s *Session) *Run {
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 10 * time.Second
	}
	r := &Run{cfg: cfg, session: s, semaphore: map[string]chan struct{}{}}
	for _, k := range cfg.Sinks {
		r.sinks.Add(k)
	}
	r.fence = fenceToken(s)
	for name, p := range cfg.Profiles {
		if p.MaxConcurrency > 0 {
			r.semaphore[name] = make(chan struct{}, p.MaxConcurrency)
		}
	}
	return r
}

func (c RunConfig) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Session returns the run's session.
func (r *Run) Session() *Session { return r.session }

// Store returns the run's store.
func (r *Run) Store() Store { return r.cfg.Store }

// Prober is what answers evidence requests on src for this run.
func (r *Run) Prober(src evidence.Source) evidence.Prober {
	if r.cfg.Evidence != nil {
		return r.cfg.Evidence(src)
	}
	return evidence.Local(src)
}

// Profiles returns the profiles the run may call.
func (r *Run) Profiles() Profiles { return r.cfg.Profiles }

// Now returns the run's clock reading.
func (r *Run) Now() time.Time { return r.cfg.now() }

// Rand returns a generator seeded from the session seed and key. Each key gets its own
// stream, so a resumed run draws exactly what an uninterrupted one drew, whatever steps it
// skipped.
func (r *Run) Rand(key string) *rand.Rand { return SeededRand(r.session.Seed, key) }

// SeededRand is the generator a session with this seed draws from under key: what Run.Rand
// returns, for planning without a Run (a dry run's preview).
func SeededRand(seed int64, key string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(key))
	return rand.New(rand.NewPCG(uint64(seed), h.Sum64()))
}

// Emit sends an event to the run's sinks, stamped with the session, its protocol and time.
func (r *Run) Emit(e events.Event) {
	e.SessionID, e.Protocol = r.session.ID, r.session.Protocol
	if e.Time.IsZero() {
		e.Time = r.Now()
	}
	r.sinks.Emit(e)
}

// Phase announces that a protocol phase begins.
func (r *Run) Phase(name string) { r.Emit(events.Event{Kind: events.Phase, Phase: name}) }

// ErrStopped is wrapped by errors that mean a person deliberately stopped the session (declined
// a gate, dropped a question, cancelled): Finish records those as cancelled, not failed.
var ErrStopped = errors.New("stopped by a person")

// Finish records how the protocol function ended: completed, paused at a gate (or given an
// answer the gate does not take), stopped by a person, or failed. A cancelled context leaves the session running so that it can be resumed.
func (r *Run) Finish(ctx context.Context, err error) error {
	status, text := StatusCompleted, ""
	var gate *GateError
	switch {
	case err == nil:
	case errors.As(err, &gate), errors.Is(err, ErrInvalidAnswer):
		status = StatusAwaitingInput
	case errors.Is(err, ErrStopped):
		status, text = StatusCancelled, err.Error()
	case ctx.Err() != nil:
		return err
	default:
		status, text = StatusFailed, err.Error()
	}
	// A cancelled caller context must not stop the status write.
	if serr := r.cfg.Store.SetStatus(context.WithoutCancel(ctx), r.session.ID, status, text); serr != nil {
		return errors.Join(err, fmt.Errorf("record session status: %w", serr))
	}
	r.session.Status, r.session.Error = status, text
	r.Emit(events.Event{Kind: events.SessionFinished, Outcome: string(status)})
	return err
}

// PutArtifact stores a named artifact of the session.
func (r *Run) PutArtifact(ctx context.Context, name string, body []byte) error {
	if err := r.cfg.Store.PutArtifact(ctx, r.session.ID, name, body); err != nil {
		return fmt.Errorf("store artifact %s: %w", name, err)
	}
	return nil
}
