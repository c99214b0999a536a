package warroom

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// awaiting answers from the script, but holds each request matching lead until `need`
// requests matching beside have arrived: a call that waited for lead's answer would never
// arrive, and lead would give up (after a minute: a hang fails, a slow machine does not).
type awaiting struct {
	*script.Provider
	lead, beside *regexp.Regexp
	arrived      chan struct{}
	need         int
}

func (a *awaiting) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	switch {
	case a.beside.MatchString(req.User):
		a.arrived <- struct{}{}
	case a.lead.MatchString(req.User):
		wait, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		for range a.need {
			select {
			case <-a.arrived:
			case <-wait.Done():
				return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0, "%s: the calls beside it never came", req.Role)
			}
		}
	}
	return a.Provider.Complete(ctx, req)
}

// overlapped runs a deliberation whose lead calls hold until need calls matching beside have
// been sent.
func overlapped(t *testing.T, sc script.Script, opts Options, lead, beside string, need int) (*decision.Decision, *script.Provider) {
	t.Helper()
	sp := script.New(sc)
	a := &awaiting{Provider: sp, lead: regexp.MustCompile(lead), beside: regexp.MustCompile(beside),
		arrived: make(chan struct{}, 16), need: need}
	ps := profiles(sp)
	for _, p := range ps {
		p.Provider = a
	}
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: ps, Sleep: noWait},
		session(t, opts, "wr-test0000000000001"))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	return d, sp
}

// A full council's intelligence seats report while phase 0 is still being answered, and its
// challenges are written while the escalation check is: two rounds fewer, the same calls.
func TestAFullCouncilRunsItsIndependentRoundsTogether(t *testing.T) {
	d, p := overlapped(t, council(scoresFull, "", 0), options(ModeFull), `Phase 0\.`, `Phase 1, intelligence`, 2)
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.Equal(t, 26, p.Calls(), "no call added or repeated")

	d, p = overlapped(t, council(scoresFull, "", 0), options(ModeFull), `Escalation check`, `Phase 4, challenge`, 2)
	assert.Contains(t, phaseKeys(d), "red-team")
	assert.Equal(t, 26, p.Calls())
}

// On auto the scout, whom every routed panel reads, reports beside phase 0; a lightweight
// panel's challenges wait for its escalation check, which may add courses of action.
func TestAutoRoutingStartsOnlyTheScoutBesidePhaseZero(t *testing.T) {
	d, p := overlapped(t, council(scoresLightweight, "", 0), options(ModeAuto), `Phase 0\.`, `Phase 1, intelligence`, 1)
	assert.Equal(t, "lightweight", d.Metrics["mode"])
	intel := map[string]int{}
	for _, r := range p.Requests() {
		if regexp.MustCompile(`Phase 1, intelligence`).MatchString(r.User) {
			intel[r.Role]++
		}
	}
	assert.Equal(t, map[string]int{scout: 1}, intel, "no speculative report from a seat only a full council asks")

	for i, r := range p.Requests() {
		if regexp.MustCompile(`Phase 4, challenge`).MatchString(r.User) {
			for _, later := range p.Requests()[i:] {
				assert.NotRegexp(t, `Escalation check`, later.User, "a lightweight panel's challenges follow its escalation check")
			}
			break
		}
	}
}

// A seat whose report failed beside phase 0 is a gap in phase 1, not asked a second time in
// the same run: its attempts in the ledger are one call's.
func TestAReportThatFailedAheadIsAGapNotASecondCall(t *testing.T) {
	st := openStore(t, "")
	sc := override(council(scoresFull, "", 0), script.Response{Role: scout, Match: `Phase 1, intelligence`, Error: "transport"})
	d, _, err := deliberate(t, st, sc, options(ModeAuto))
	require.NoError(t, err)
	assert.True(t, hasNote(d, "Phase 1: intelligence produced nothing (transport)"), d.Notes)
	ledger, err := st.Ledger(context.Background(), "wr-test0000000000001")
	require.NoError(t, err)
	var attempts []int
	for _, e := range ledger {
		if e.Role == scout && e.Step == "p1-intel/"+scout {
			attempts = append(attempts, e.Attempt)
		}
	}
	require.NotEmpty(t, attempts)
	for i, a := range attempts {
		assert.Equal(t, i+1, a, "attempt numbers run once from 1: the call was not made again (%v)", attempts)
	}
}

// On auto with a large context the scout does not report beside phase 0: on the express path
// its report, context and all, would be paid for and thrown away.
func TestALargeContextKeepsTheScoutAfterPhaseZero(t *testing.T) {
	small, err := NewSession(question, nil, options(ModeAuto), 7, "--seed")
	require.NoError(t, err)
	opts, err := engine.SessionOptions[Options](small)
	require.NoError(t, err)
	assert.True(t, opts.ScoutBeside)

	big := engine.ContextInput("notes.md", strings.Repeat("a long design document. ", 3000))
	s, err := NewSession(question, []engine.Input{engine.NewInput(InputQuestion, question), big},
		options(ModeAuto), 7, "--seed")
	require.NoError(t, err)
	opts, err = engine.SessionOptions[Options](s)
	require.NoError(t, err)
	assert.False(t, opts.ScoutBeside)
	s.ID = "wr-test0000000000001"
	sp := script.New(council(scoresExpress, "", 0))
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: profiles(sp), Sleep: noWait}, s)
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	assert.Equal(t, "express", d.Metrics["mode"])
	assert.Equal(t, 3, sp.Calls(), "score, recommendation, ratification: no report thrown away")
}
