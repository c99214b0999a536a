package council

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/provider/script"
)

// deadlines answers as p does and records, per role, how long each call was given.
type deadlines struct {
	provider.Provider
	mu  sync.Mutex
	got map[string]time.Duration
}

func (d *deadlines) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	if dl, ok := ctx.Deadline(); ok {
		d.mu.Lock()
		d.got[req.Role] = max(d.got[req.Role], time.Until(dl))
		d.mu.Unlock()
	}
	return d.Provider.Complete(ctx, req)
}

// With protocols.council.timeouts {seat: 20m, arbiter: 20m}, a seat is given twenty
// minutes: one that thinks for three answers in time. (The test reads the deadline each call
// carries; it waits for nothing.)
func TestCouncilTimeoutsAreConfigured(t *testing.T) {
	rec := &deadlines{Provider: script.New(team(nil)), got: map[string]time.Duration{}}
	ps := profiles(nil)
	for _, p := range ps {
		p.Provider = rec
	}
	sec := NewSection()
	sec.Timeouts = SectionTimeouts{Seat: 20 * time.Minute, Arbiter: 20 * time.Minute}
	opts, err := Convene(sec, ps, Flags{Go: true}, Env{})
	require.NoError(t, err)
	opts.Triage = false
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: ps}, session(t, opts, "wr-timeouts0000001", 7))
	require.NoError(t, err)
	_, err = execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	require.NotEmpty(t, rec.got)
	for role, d := range rec.got {
		switch role {
		case Clerk:
			assert.Less(t, d, 20*time.Minute, "the clerk keeps the limit its effort earns")
		default:
			assert.Greater(t, d, 19*time.Minute, "%s was given %s", role, d)
		}
	}
}

// Unset, a call's limit follows its effort: a seat at max gets the five minutes the
// specification allows a seat, the arbiter at max twenty; an explicit key always wins.
func TestCouncilTimeoutsFollowTheEffort(t *testing.T) {
	var o Options
	for _, c := range []struct {
		kind   string
		effort provider.Effort
		want   time.Duration
	}{
		{timeoutSeat, provider.EffortMax, 5 * time.Minute},
		{timeoutSeat, "", 2 * time.Minute},
		{timeoutArbiter, provider.EffortMax, 20 * time.Minute},
		{timeoutArbiter, provider.EffortHigh, 5 * time.Minute},
		{timeoutTriage, provider.EffortLow, 2 * time.Minute},
	} {
		got, key := o.TimeoutFor(c.kind, c.effort)
		assert.Equal(t, c.want, got, "%s at %q", c.kind, c.effort)
		assert.Equal(t, "protocols.council.timeouts."+c.kind, key)
	}
	o.SeatTimeout = 40 * time.Second
	got, _ := o.TimeoutFor(timeoutSeat, provider.EffortMax)
	assert.Equal(t, 40*time.Second, got)
}

// A zero timeout in the file is refused, naming the key: leaving it out is how to ask for
// the derived limit.
func TestCouncilTimeoutsRefuseZero(t *testing.T) {
	c := &settings.Check{Set: func(k string) bool { return k == "timeouts.seat" }}
	NewSection().Validate(c)
	require.Len(t, c.Problems(), 1)
	assert.Equal(t, "timeouts.seat", c.Problems()[0].Path)
	assert.Contains(t, c.Problems()[0].Msg, "leave it out")
}
