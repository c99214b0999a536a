package estimate

import (
	"fmt"
	"slices"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Range is a low–high span of minutes or dollars.
type Range = engine.Span

// Estimate is a plan's forecast, shown before anything is spent.
type Estimate struct {
	Seats int `json:"seats"`
	Calls int `json:"calls"`
	// Rounds is how many rounds of calls run one after another (the plan's phases): with the
	// slowest call of each, what a user waits.
	Rounds int `json:"rounds"`
	// Minutes is the time the calls take along the plan's phases (the slowest call of each
	// phase, phases one after another); TypicalMinutes is its point forecast.
	Minutes        Range   `json:"minutes"`
	TypicalMinutes float64 `json:"typical_minutes"`
	// USD covers the priced profiles only; nil when none is priced. Unpriced lists the others.
	USD        *Range   `json:"usd,omitempty"`
	TypicalUSD float64  `json:"typical_usd,omitempty"`
	Unpriced   []string `json:"unpriced,omitempty"`
	// Profiles say, per profile, what its latency rests on.
	Profiles []basis `json:"profiles"`
	// Sessions is how many recorded sessions calibrated the estimate (0: seeds only).
	Sessions int `json:"sessions"`
}

// basis is one profile's share of an estimate and what it rests on.
type basis struct {
	Profile string `json:"profile"`
	Calls   int    `json:"calls"`
	// CacheRead and CacheWritten are the shares of the profile's input the recorded sessions
	// read from and wrote to its vendor's prompt cache (0 with nothing recorded), which the
	// dollars assume.
	CacheRead    float64 `json:"cache_read,omitempty"`
	CacheWritten float64 `json:"cache_written,omitempty"`
	// Typical is the median latency of one call; Recorded counts the recorded calls it was
	// taken from (0: the seed constant for the profile's type and effort).
	Typical  time.Duration `json:"typical"`
	Recorded int           `json:"recorded"`
}

// Forecast prices plan with the profiles and the calibration (a zero Calibration forecasts
// from the seeds alone).
func Forecast(plan Plan, profiles engine.Profiles, cal Calibration) Estimate {
	est := Estimate{Seats: plan.Seats, Calls: plan.Calls(), Rounds: plan.Rounds(), Sessions: cal.Sessions}
	var low, typ, high float64 // minutes
	var usd [3]float64
	priced := false
	for _, ph := range plan.Phases {
		var pl, pt, ph2 time.Duration
		for _, c := range ph.Calls {
			s := cal.latencyOf(c, typeOf(profiles, c.Profile))
			pl, pt, ph2 = max(pl, s.low), max(pt, s.typ), max(ph2, s.high)
			est.note(c.Profile, s, cal)
			if cost, ok := cal.cost(profiles, c); ok {
				priced = true
				for i := range usd {
					usd[i] += cost[i]
				}
			} else if !slices.Contains(est.Unpriced, c.Profile) {
				est.Unpriced = append(est.Unpriced, c.Profile)
			}
		}
		low, typ, high = low+pl.Minutes(), typ+pt.Minutes(), high+ph2.Minutes()
	}
	est.Minutes, est.TypicalMinutes = Range{Low: low, High: high}, typ
	if priced {
		est.USD, est.TypicalUSD = &Range{Low: usd[0], High: usd[2]}, usd[1]
	}
	slices.Sort(est.Unpriced)
	return est
}

// note adds a call to its profile's basis.
func (e *Estimate) note(profile string, s spread, cal Calibration) {
	i := slices.IndexFunc(e.Profiles, func(b basis) bool { return b.Profile == profile })
	if i < 0 {
		read, written := cal.cached[profile].share()
		e.Profiles = append(e.Profiles, basis{Profile: profile, Typical: s.typ, Recorded: s.n, CacheRead: read, CacheWritten: written})
		i = len(e.Profiles) - 1
	}
	e.Profiles[i].Calls++
}

// Typical is the typical latency of one call on profile, for a heartbeat ("usually 45s");
// zero for a profile the plan does not call.
func (e Estimate) Typical(profile string) time.Duration {
	for _, b := range e.Profiles {
		if b.Profile == profile {
			return b.Typical
		}
	}
	return 0
}

// cost is the low, typical and high price of a call; ok is false on an unpriced profile.
func (c Calibration) cost(profiles engine.Profiles, call Call) ([3]float64, bool) {
	p, err := profiles.Get(call.Profile)
	if err != nil {
		return [3]float64{}, false
	}
	typ, low, high, _ := c.tokensOf(call.Role)
	if call.InputTokens > 0 || call.OutputTokens > 0 {
		typ = tokenSample{call.InputTokens, call.OutputTokens}
		low, high = tokenSample{typ.in / 2, typ.out / 2}, tokenSample{typ.in * 2, typ.out * 2}
	}
	// The profile's recorded cache shares split the input into what is read from the cache,
	// written to it and sent plainly, each at its price; with nothing recorded, all is plain.
	read, written := c.cached[call.Profile].share()
	var out [3]float64
	for i, t := range []tokenSample{low, typ, high} {
		r, w := int64(float64(t.in)*read), int64(float64(t.in)*written)
		usd, ok := p.Cost(provider.Usage{InputTokens: t.in - r - w, CacheReadTokens: r, CacheWriteTokens: w, OutputTokens: t.out})
		if !ok {
			return out, false
		}
		out[i] = usd
	}
	return out, true
}

func typeOf(ps engine.Profiles, name string) string {
	if p, ok := ps[name]; ok {
		return p.Type
	}
	return ""
}

// String is the one-line summary: "~4 seats · ~15 calls in 6 rounds · est. 3–7 min · $0.10–0.40".
func (e Estimate) String() string {
	s := fmt.Sprintf("~%d seats · ~%d calls in %d rounds · est. %s min", e.Seats, e.Calls, e.Rounds, minutes(e.Minutes))
	switch {
	case e.USD != nil && len(e.Unpriced) > 0:
		s += fmt.Sprintf(" · $%s on priced profiles (%d unpriced)", dollars(*e.USD), len(e.Unpriced))
	case e.USD != nil:
		s += " · $" + dollars(*e.USD)
	default:
		s += " · cost unknown (no profile is priced)"
	}
	return s
}

// Basis says what the latencies rest on, one line per profile, with the share of its input
// the recorded sessions read from and wrote to the vendor's prompt cache, where there was one.
func (e Estimate) Basis() []string {
	var out []string
	for _, b := range e.Profiles {
		from := "seed constant (nothing recorded on this profile yet)"
		if b.Recorded > 0 {
			from = fmt.Sprintf("calibrated from %d recorded call(s)", b.Recorded)
		}
		line := fmt.Sprintf("%s: %d call(s), typically %s each — %s", b.Profile, b.Calls, roundDuration(b.Typical), from)
		if b.CacheRead > 0 || b.CacheWritten > 0 {
			line += fmt.Sprintf("; prompt cache: %.0f%% of its input read, %.0f%% written", 100*b.CacheRead, 100*b.CacheWritten)
		}
		out = append(out, line)
	}
	return out
}

func minutes(r Range) string { return r.Format(1) }

func dollars(r Range) string { return r.Format(2) }

func roundDuration(d time.Duration) time.Duration {
	if d >= time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(100 * time.Millisecond)
}
