package council

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// seatGuard bounds how long a streaming triage waits for a seat call before it finishes
// alone. It only runs out when the seats wrongly wait for triage's whole answer, and the
// test then fails saying so; a passing run never waits for it.
const seatGuard = 10 * time.Second

// streamingTriage answers as its script does, but streams triage's answer as a vendor's API
// would: its first line, then (when hold is set) nothing more until another call of the
// session has arrived, then the rest, or, when cut is set, part of the rest and a truncation.
type streamingTriage struct {
	*script.Provider
	hold, cut bool

	once  sync.Once
	other chan struct{} // closed at the first call that is not triage's
	mu    sync.Mutex
	// overlapped: a call other than triage's arrived while triage was still answering.
	overlapped bool
	triageDone bool
}

func newStreamingTriage(sc script.Script) *streamingTriage {
	return &streamingTriage{Provider: script.New(sc), other: make(chan struct{})}
}

func (s *streamingTriage) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	if req.Role != Triage {
		s.mu.Lock()
		if !s.triageDone {
			s.overlapped = true
		}
		s.mu.Unlock()
		s.once.Do(func() { close(s.other) })
		return s.Provider.Complete(ctx, req)
	}
	resp, err := s.Provider.Complete(ctx, req)
	if err != nil {
		return resp, err
	}
	defer func() { s.mu.Lock(); s.triageDone = true; s.mu.Unlock() }()
	head, rest, _ := strings.Cut(resp.Text, "\n")
	delta := func(string) {}
	if req.Delta != nil { // the engine watches only an answer it can act on early
		delta = req.Delta
	}
	req.Began()
	delta(head + "\n")
	if s.hold {
		select {
		case <-s.other:
		case <-ctx.Done():
			return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: ctx.Err()}
		case <-time.After(seatGuard):
		}
	}
	if s.cut {
		delta(rest[:len(rest)/2])
		return provider.Response{Text: head + "\n" + rest[:len(rest)/2], StopReason: "max_tokens"},
			provider.Errorf(provider.ClassTruncated, 0, "answer cut off at max_tokens")
	}
	delta(rest)
	return resp, nil
}

func (s *streamingTriage) sawOverlap() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.overlapped
}

// runStreaming starts or resumes the triage test session on the streaming provider and runs
// it to its next stop.
func runStreaming(t *testing.T, st engine.Store, p *streamingTriage, opts Options, answers map[string]string) (*decision.Decision, error) {
	t.Helper()
	ps := profiles(p.Provider)
	for _, prof := range ps {
		prof.Provider = p
	}
	return runOn(t, st, ps, opts, answers)
}

// With --go and a streaming answer, the seats are called once triage's first line says the
// question needs a team, while triage still writes its reason: triage and the blind positions
// are one round. The record is what it would have been had triage finished first.
func TestGoCallsTheSeatsOnceTriageHasJudged(t *testing.T) {
	st, p := openStore(t, ""), newStreamingTriage(triaged(shapeTeam))
	p.hold = true
	opts := convened(t, p.Provider, Flags{Go: true})
	d, err := runStreaming(t, st, p, opts, nil)
	require.NoError(t, err)
	assert.True(t, p.sawOverlap(), "no seat was called while triage was still answering")
	assert.Contains(t, d.Notes, "Triage judged that the question needs a team: It has one checkable answer.")
	entries, err := st.Ledger(context.Background(), "wr-triage000000001")
	require.NoError(t, err)
	triage := 0
	for _, e := range entries {
		if e.Role == Triage {
			triage++
		}
	}
	assert.Equal(t, 1, triage, "triage was asked once")
	assert.Len(t, entries, p.Calls(), "every call is in the ledger once")
}

// The gate still comes before any seat is paid for: a streamed single-agent judgment calls no
// seat and opens the gate once triage has finished; and with a card to confirm, nothing is
// called beside triage, whose answer is waited for whole.
func TestAStreamedTriageStillGatesEverySeat(t *testing.T) {
	st, p := openStore(t, ""), newStreamingTriage(triaged(shapeSingle))
	_, err := runStreaming(t, st, p, convened(t, p.Provider, Flags{Go: true}), nil)
	require.Equal(t, gateTriage, gateOf(err), "%v", err)
	assert.Equal(t, 1, p.Calls(), "only triage was asked")
	var g *engine.GateError
	require.True(t, errors.As(err, &g))
	assert.Equal(t, "It has one checkable answer.", g.Gate.Excerpt)

	st, p = openStore(t, ""), newStreamingTriage(triaged(shapeTeam))
	_, err = runStreaming(t, st, p, convened(t, p.Provider, Flags{}), nil)
	require.Equal(t, GateCard, gateOf(err), "%v", err)
	assert.Equal(t, 1, p.Calls(), "only triage was asked before the card")
}

// An answer that said team and was then cut short leaves the judgment the seats were called
// on standing, and the record says the reason is as far as it got: no timeout or truncation
// becomes a different verdict.
func TestATeamJudgmentCutShortStands(t *testing.T) {
	st, p := openStore(t, ""), newStreamingTriage(triaged(shapeTeam))
	p.hold, p.cut = true, true
	d, err := runStreaming(t, st, p, convened(t, p.Provider, Flags{Go: true}), nil)
	require.NoError(t, err)
	assert.True(t, p.sawOverlap())
	assert.Contains(t, d.Notes, "Triage judged that the question needs a team, and the team was called on that judgment as the "+
		"answer came in; the answer then did not finish as it began, and its reason is as far as it got: It has one.")
}

// cancelAtSkeptic lets every seat but the skeptic answer, and stops the run from the
// skeptic's call once the other seats' positions are stored, while triage, held, is still
// writing its reason.
type cancelAtSkeptic struct {
	*streamingTriage
	st     engine.Store
	cancel context.CancelFunc
	mu     sync.Mutex
	filed  []string // the seats that answered
}

func (c *cancelAtSkeptic) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	switch req.Role {
	case Triage:
		return c.streamingTriage.Complete(ctx, req)
	case skeptic:
		for deadline := time.Now().Add(seatGuard); time.Now().Before(deadline) && !c.othersStored(ctx); {
			time.Sleep(time.Millisecond)
		}
		c.cancel()
		<-ctx.Done()
		return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: ctx.Err()}
	}
	// Straight to the script: triage is not told that a seat was called, so it holds.
	resp, err := c.streamingTriage.Provider.Complete(ctx, req)
	c.mu.Lock()
	c.filed = append(c.filed, req.Role)
	c.mu.Unlock()
	return resp, err
}

// othersStored reports whether the three other seats' positions are stored steps.
func (c *cancelAtSkeptic) othersStored(ctx context.Context) bool {
	c.mu.Lock()
	filed := slices.Clone(c.filed)
	c.mu.Unlock()
	if len(filed) < 3 {
		return false
	}
	for _, role := range filed {
		if _, err := c.st.GetStep(ctx, "wr-triage000000001", keyBlind+"/"+role); err != nil {
			return false
		}
	}
	return true
}

// A run stopped while triage writes its reason beside the blind positions leaves nothing
// running, and stores no judgment triage did not finish: the resumed run asks triage again
// (its call was in flight) and the one seat whose call was in flight, and reads the three
// positions stored before the stop instead of paying for them again.
func TestAStopWhileTriageWritesItsReasonResumesExactly(t *testing.T) {
	st := openStore(t, "")
	first := newStreamingTriage(triaged(shapeTeam))
	first.hold = true
	opts := convened(t, first.Provider, Flags{Go: true})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopper := &cancelAtSkeptic{streamingTriage: first, st: st, cancel: cancel}
	ps := profiles(first.Provider)
	for _, prof := range ps {
		prof.Provider = stopper
	}
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Sleep: noWait}, session(t, opts, "wr-triage000000001", 7))
	require.NoError(t, err)
	_, err = execute(ctx, r)
	require.ErrorIs(t, err, context.Canceled, "the run was stopped")
	require.True(t, stopper.othersStored(context.Background()), "three positions were stored before the stop")
	_, err = st.GetStep(context.Background(), "wr-triage000000001", keyTriage)
	require.ErrorIs(t, err, engine.ErrNotFound, "triage had not finished: nothing of it is stored")

	second := newStreamingTriage(triaged(shapeTeam))
	d, err := runStreaming(t, st, second, opts, nil)
	require.NoError(t, err)
	assert.Contains(t, d.Notes, "Triage judged that the question needs a team: It has one checkable answer.")
	assert.Equal(t, 1, second.CallsFor(Triage), "triage was in flight: asked again, once")
	asked := 0
	for _, req := range second.Requests() {
		if strings.Contains(req.User, "Blind round") {
			asked++
		}
	}
	assert.Equal(t, 1, asked, "only the skeptic's position was asked again")
	entries, err := st.Ledger(context.Background(), "wr-triage000000001")
	require.NoError(t, err)
	answered := map[string]int{}
	for _, e := range entries {
		if e.Outcome == ledger.OutcomeOK {
			answered[e.Step+"/"+e.Role]++
		}
	}
	for step, n := range answered {
		assert.Equal(t, 1, n, "%s answered %d times", step, n)
	}
}
