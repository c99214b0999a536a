package session_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/session"
)

// serverLimits are an App's ceilings, named by the serve flags that set them.
func serverLimits() limits.Limits {
	return limits.Limits{
		Budget: limits.Budget{MaxTokens: 1, TokensBy: "--max-session-tokens"},
		Bounds: map[limits.Ceiling]limits.Limit{
			limits.CeilingPasses:        {Max: 3, By: "--max-passes"},
			limits.CeilingRounds:        {Max: 4, By: "--max-rounds"},
			limits.CeilingSeats:         {Max: 4, By: "--max-seats"},
			limits.CeilingContextBytes:  {Max: 4096, By: "--max-context-bytes"},
			limits.CeilingBaselineCalls: {Max: 10, By: "--max-baseline-calls"},
		}}
}

// Each protocol's bounded settings are held to the runner's limits before anything is
// stored: the refusal names the setting as given and the ceiling with its flag.
func TestTheRunnerRefusesARequestOverALimit(t *testing.T) {
	w := newWorld(t)
	cases := []struct {
		name string
		req  session.Request
		want string
	}{
		{"passes", session.Request{Protocol: "reason", Question: question, Flags: map[string]string{"passes": "40"}},
			"--passes=40 is over this server's ceiling: --max-passes=3."},
		{"seats", session.Request{Protocol: "council", Question: question,
			Flags: map[string]string{"seats": "architect,skeptic,economist,steward,user-advocate"}},
			"A team of 5 seats (architect, economist, skeptic, steward, user-advocate) is over this server's ceiling: --max-seats=4."},
		{"delphi rounds", session.Request{Protocol: "war-room", Question: question},
			"protocols.war_room.delphi.max_rounds: 5 is over this server's ceiling: --max-rounds=4."},
		{"baseline", session.Request{Protocol: "council", Question: question, Flags: map[string]string{"baseline": "matched"}},
			"A matched baseline vote (--baseline or baseline.calls: matched, up to 32 calls) is over this server's ceiling: --max-baseline-calls=10."},
		{"context", session.Request{Protocol: "reason", Question: question,
			Context: []engine.Input{engine.NewInput("context:issue", strings.Repeat("x", 5000))}},
			"is over this server's ceiling: --max-context-bytes=4096."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := w.store("")
			r := w.runner(st)
			r.Limits = serverLimits()
			err := r.Check(c.req)
			var ue *session.UsageError
			var le *limits.LimitError
			if !errors.As(err, &ue) || !errors.As(err, &le) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Check: %v, want a usage error saying %q", err, c.want)
			}
			out := r.Run(context.Background(), c.req)
			if out.Status != engine.StatusFailed || !errors.As(out.Err, &le) {
				t.Fatalf("Run: %s %v", out.Status, out.Err)
			}
			if ss, _ := st.ListSessions(context.Background(), "", 0); len(ss) != 0 {
				t.Errorf("a refused request stored %d session(s)", len(ss))
			}
		})
	}
}

// Within its bounds a session runs under the lower budget: the server's one-token ceiling
// refuses the first call, unsent, though the configuration sets no budget.
func TestTheRunnersCeilingIsTheBudgetWhenLower(t *testing.T) {
	w := newWorld(t)
	st := w.store("")
	r := w.runner(st)
	r.Limits = serverLimits()
	r.Limits.Bounds = nil
	out := r.Run(context.Background(), session.Request{SessionID: "wr-ceil000000000001", Protocol: "reason", Question: question, Seed: 3, SeedSource: "--seed"})
	if out.Status != engine.StatusFailed || out.Err == nil ||
		!strings.Contains(out.Err.Error(), "over the ceiling of 1 (--max-session-tokens)") {
		t.Fatalf("run: %s %v", out.Status, out.Err)
	}
	l, err := st.Ledger(context.Background(), "wr-ceil000000000001")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range l {
		if e.Outcome != ledger.OutcomeBudgetRefused {
			t.Errorf("a call went out: %+v", e)
		}
	}
	if len(l) == 0 {
		t.Error("the refusal left no ledger row")
	}
}
