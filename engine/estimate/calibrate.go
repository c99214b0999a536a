package estimate

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
)

// defaultHistory is how many recent sessions of a protocol calibrate its estimates.
const defaultHistory = 20

// Calibration is what earlier sessions recorded: the latency of every answered call per
// profile (and per profile and role), and the tokens per role.
type Calibration struct {
	// Sessions is how many sessions the calls came from.
	Sessions int
	latency  map[latencyKey][]time.Duration
	tokens   map[string][]tokenSample
	// cached sums, per profile, the input tokens its answered calls sent and how many of them
	// were read from, and written to, the vendor's prompt cache.
	cached map[string]*cacheSums
}

type cacheSums struct{ input, read, written int64 }

// share is the fraction of a profile's input read from, and written to, its cache.
func (s *cacheSums) share() (read, written float64) {
	if s == nil || s.input == 0 {
		return 0, 0
	}
	return float64(s.read) / float64(s.input), float64(s.written) / float64(s.input)
}

type latencyKey struct{ profile, role string }

type tokenSample struct{ in, out int64 }

// Calibrate summarises ledger entries of earlier sessions. Only answered calls count: a
// refused or failed call says nothing about how long an answer takes.
func Calibrate(entries []ledger.Entry, sessions int) Calibration {
	c := Calibration{Sessions: sessions, latency: map[latencyKey][]time.Duration{}, tokens: map[string][]tokenSample{},
		cached: map[string]*cacheSums{}}
	for _, e := range entries {
		if e.Outcome != ledger.OutcomeOK {
			continue
		}
		d := time.Duration(e.LatencyMS) * time.Millisecond
		c.latency[latencyKey{e.Profile, e.Role}] = append(c.latency[latencyKey{e.Profile, e.Role}], d)
		c.latency[latencyKey{e.Profile, ""}] = append(c.latency[latencyKey{e.Profile, ""}], d)
		in := e.Usage.InputTokens + e.Usage.CacheReadTokens + e.Usage.CacheWriteTokens
		c.tokens[e.Role] = append(c.tokens[e.Role], tokenSample{in, e.Usage.OutputTokens})
		sums := c.cached[e.Profile]
		if sums == nil {
			sums = &cacheSums{}
			c.cached[e.Profile] = sums
		}
		sums.input, sums.read, sums.written = sums.input+in, sums.read+e.Usage.CacheReadTokens, sums.written+e.Usage.CacheWriteTokens
	}
	return c
}

// Recorded reads the ledgers of the protocol's most recent sessions (at most limit; 0 means
// DefaultHistory) from the store, for Calibrate.
func Recorded(ctx context.Context, st engine.Store, protocol string, limit int) ([]ledger.Entry, int, error) {
	if limit <= 0 {
		limit = defaultHistory
	}
	// Only the ids are needed: the inputs, a megabyte of context each, are never read.
	sessions, err := engine.ListSessionHeads(ctx, st, protocol, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("estimate: list recorded sessions: %w", err)
	}
	var out []ledger.Entry
	used := 0
	for _, s := range sessions {
		l, err := st.Ledger(ctx, s.ID)
		if err != nil {
			return nil, 0, fmt.Errorf("estimate: read the ledger of %s: %w", s.ID, err)
		}
		if len(l) > 0 {
			out, used = append(out, l...), used+1
		}
	}
	return out, used, nil
}

// spread is a median with the lowest and highest sample.
type spread struct {
	n              int
	typ, low, high time.Duration
	recorded       bool
}

// latencyOf is what a call of role on profile takes: recorded for that role on that
// profile, else for the profile, else the seed for its type and effort.
func (c Calibration) latencyOf(call Call, profileType string) spread {
	for _, k := range []latencyKey{{call.Profile, call.Role}, {call.Profile, ""}} {
		if s, ok := c.recorded(k); ok {
			return s
		}
	}
	d := SeedLatency(profileType, call.Effort)
	return spread{typ: d, low: d / 2, high: 2 * d}
}

// recorded is the median, lowest and highest latency recorded under k.
func (c Calibration) recorded(k latencyKey) (spread, bool) {
	ds := c.latency[k]
	if len(ds) == 0 {
		return spread{}, false
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return spread{n: len(s), typ: med, low: s[0], high: s[len(s)-1], recorded: true}, true
}

// Measured is the median latency recorded for role on profile (n calls); n is 0 when nothing
// was recorded for that pair.
func (c Calibration) Measured(profile, role string) (median time.Duration, n int) {
	s, _ := c.recorded(latencyKey{profile, role})
	return s.typ, s.n
}

// Output is the mean output tokens recorded for role; ok is false when nothing was.
func (c Calibration) Output(role string) (int64, bool) {
	typ, _, _, ok := c.tokensOf(role)
	return typ.out, ok
}

// tokensOf is the recorded mean (and the smallest and largest) tokens of a role's calls, or
// the seeds.
func (c Calibration) tokensOf(role string) (typ, low, high tokenSample, recorded bool) {
	ts := c.tokens[role]
	if len(ts) == 0 {
		typ = tokenSample{SeedInputTokens, SeedOutputTokens}
		return typ, tokenSample{typ.in / 2, typ.out / 2}, tokenSample{typ.in * 2, typ.out * 2}, false
	}
	low, high = ts[0], ts[0]
	var sum tokenSample
	for _, t := range ts {
		sum.in, sum.out = sum.in+t.in, sum.out+t.out
		low.in, low.out = min(low.in, t.in), min(low.out, t.out)
		high.in, high.out = max(high.in, t.in), max(high.out, t.out)
	}
	n := int64(len(ts))
	return tokenSample{sum.in / n, sum.out / n}, low, high, true
}

// Typical is the typical latency of one call: recorded for the role on the profile, else for
// the profile, else the seed for its type and effort (a heartbeat's "usually 45s").
func (c Calibration) Typical(call Call, profileType string) time.Duration {
	return c.latencyOf(call, profileType).typ
}
