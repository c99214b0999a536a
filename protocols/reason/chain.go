package reason

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/promptsafe"
)

// Gate keys and their answers. The reduced-independence gate is the engine's, the same for
// every protocol.
const (
	gateReducedIndependence = engine.GateReducedIndependence
	GatePremise             = "premise"

	answerApprove = engine.AnswerApprove
	AnswerDecline = engine.AnswerDecline
	AnswerProceed = "proceed"
	AnswerDrop    = "drop"
)

// Artifact is one role's stored output.
type Artifact struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Text     string `json:"text"`
	Attempts int    `json:"attempts"`
	Scripted bool   `json:"scripted,omitempty"`
	// At is when the call answered, for the DAG's record (not hashed).
	At time.Time `json:"at"`
}

// chain is one execution of a session's protocol code.
type chain struct {
	r      *engine.Run
	s      *engine.Session
	plan   Plan
	done   map[string]Artifact
	forced bool // the premise was suspect and a human chose to proceed
	// opened are the generators' outcomes from the opening, in papers() order.
	opened []opened
	// callTimeout is protocols.reason.timeouts.call, as the session stored it (0: by effort).
	callTimeout time.Duration
	// scrub withholds the calls' identities from what a later role reads.
	scrub promptsafe.Scrubber
}

// Runner is the reasoning chain as the engine runs it (engine.Run.Execute).
var Runner engine.Protocol = runner{}

type runner struct{}

// Execute runs, or resumes, the reasoning chain of r's session from its stored inputs,
// options and completed steps. It returns a *engine.GateError (wrapped) when it pauses for a
// human, a *engine.Stopped when a human stopped it, a *ChainFailure when a role failed, and
// the sealed Decision when it completes.
func Execute(ctx context.Context, r *engine.Run) (*decision.Decision, error) {
	return r.Execute(ctx, Runner)
}

// Plan draws the chain's topology (once: it is a stored step) and writes its manifest. Every
// slot is a seat keyed by its step, so a role played twice (an attacker per pass) is judged
// per call.
func (runner) Plan(ctx context.Context, r *engine.Run) (engine.Plan, error) {
	c, err := newChain(ctx, r)
	if err != nil {
		return engine.Plan{}, err
	}
	return c.plan.enginePlan(), nil
}

// Deliberate runs the premise check, the generator(s), every pass and the synthesis.
func (runner) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	c, err := newChain(ctx, r)
	if err != nil {
		return engine.Result{}, err
	}
	err = c.opening(ctx)
	if err == nil {
		err = c.deliberate(ctx)
	}
	dag, derr := c.dag()
	if err = errors.Join(err, derr); err != nil {
		return engine.Result{DAG: dag}, err
	}
	d, err := c.decide(ctx)
	return engine.Result{Decision: d, DAG: dag}, err
}

// newChain loads the session's stored plan (drawing it the first time) and writes the
// manifest.
func newChain(ctx context.Context, r *engine.Run) (*chain, error) {
	c := &chain{r: r, s: r.Session(), done: map[string]Artifact{}}
	if c.s.Protocol != Protocol {
		return nil, fmt.Errorf("reason: session %s runs protocol %q, not %q", c.s.ID, c.s.Protocol, Protocol)
	}
	opts, err := sessionOptions(c.s)
	if err != nil {
		return nil, err
	}
	c.callTimeout = opts.CallTimeout
	c.plan, err = engine.Step(ctx, c.r, keyPlan, func(context.Context) (Plan, error) {
		return Assign(opts, c.s.Seed, Families(c.r.Profiles()))
	})
	if err != nil {
		return nil, fmt.Errorf("reason: plan: %w", err)
	}
	c.scrub = promptsafe.NewScrubber(identities(c.plan, c.r.Profiles()))
	// Drawn from the session and its stored plan, so made again by a run that lost it.
	if err := putJSON(engine.Derived(ctx), c.r, manifestArtifact, newManifest(c.s, c.plan)); err != nil {
		return nil, err
	}
	return c, nil
}

// Families maps each profile to its declared family.
func Families(ps engine.Profiles) map[string]string {
	out := make(map[string]string, len(ps))
	for name, p := range ps {
		out[name] = p.Family
	}
	return out
}

// opening runs the premise check and the generator(s) in one round: a generator reads exactly
// what the premise check reads and nothing of its answer, so it need not wait for it. The
// generators' answers are stored steps, which deliberate then reads at no cost. When the
// premise halts the chain, the generators' calls were speculative: they are in the ledger and
// the call count like any other, and a chain that proceeds past the gate reads them instead of
// paying again. The opening waits for the generators before it returns, so none is left half
// made.
func (c *chain) opening(ctx context.Context) error {
	// The premise check is announced first and the generators after it, so that the order a
	// reader sees them start in does not depend on scheduling; they then run together.
	started := make(chan struct{})
	var once sync.Once
	signal := func() { once.Do(func() { close(started) }) }
	premise := make(chan error, 1)
	go func() {
		err := c.premise(engine.OnCallStarted(ctx, signal))
		signal() // a stored premise makes no call; a refused one may never start
		premise <- err
	}()
	<-started
	papers := c.papers()
	c.opened = make([]opened, len(papers))
	var wg sync.WaitGroup
	for i, key := range papers {
		wg.Go(func() {
			a, err := c.step(ctx, key, c.base(), taskGenerator, checkPosition)
			c.opened[i] = opened{a, err}
		})
	}
	err := <-premise
	wg.Wait()
	return err
}

// opened is a generator's outcome from the opening, which deliberate keeps (or reports) as it
// would its own call's: a failed generator is not asked again in the same run.
type opened struct {
	a   Artifact
	err error
}

// papers are the generators' step keys: one, or two under high assurance.
func (c *chain) papers() []string {
	if c.plan.HighAssurance {
		return []string{keyPosition, keyPositionB}
	}
	return []string{keyPosition}
}

// premise runs the premise check and, on a suspect verdict, the premise gate.
func (c *chain) premise(ctx context.Context) error {
	c.r.Phase("premise")
	a, err := c.call(ctx, keyPremise, c.base(), taskPremise, func(text string) error {
		_, err := premiseVerdict(text)
		return err
	})
	if err != nil {
		return err
	}
	if verdict, _ := premiseVerdict(a.Text); verdict != verdictSuspect {
		return nil
	}
	answer, err := c.r.Gate(ctx, GatePremise, premiseQuestion, AnswerProceed, AnswerDrop)
	if err != nil {
		return fmt.Errorf("reason: %w", err)
	}
	if answer != AnswerProceed {
		return &engine.Stopped{Gate: GatePremise, Answer: answer}
	}
	c.forced = true
	return nil
}
