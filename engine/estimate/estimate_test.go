package estimate_test

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

var profiles = engine.Profiles{
	"claude": {Name: "claude", Type: "anthropic", PriceInPerMTok: 3, PriceOutPerMTok: 15},
	"local":  {Name: "local", Type: "openai"},
}

// Two parallel calls and one after them: the phase costs its slowest call.
var plan = estimate.Plan{Seats: 2, Phases: []estimate.Phase{
	{Name: "blind", Calls: []estimate.Call{{Role: "a", Profile: "claude", Effort: provider.EffortHigh}, {Role: "b", Profile: "local", Effort: provider.EffortLow}}},
	{Name: "ruling", Calls: []estimate.Call{{Role: "judge", Profile: "claude", Effort: provider.EffortMax}}},
}}

func TestSeedsForecastThePhasesInSequenceAndTheirCallsInParallel(t *testing.T) {
	e := estimate.Forecast(plan, profiles, estimate.Calibration{})
	// 45 s (the slower of 45 s and 10 s) then 300 s.
	if want := (45*time.Second + 300*time.Second).Minutes(); e.TypicalMinutes != want {
		t.Errorf("typical %.2f min, want %.2f", e.TypicalMinutes, want)
	}
	if e.Minutes.Low >= e.TypicalMinutes || e.Minutes.High <= e.TypicalMinutes {
		t.Errorf("range %+v does not contain %.2f", e.Minutes, e.TypicalMinutes)
	}
	if e.Calls != 3 || e.USD == nil || len(e.Unpriced) != 1 || e.Unpriced[0] != "local" {
		t.Errorf("calls %d usd %v unpriced %v", e.Calls, e.USD, e.Unpriced)
	}
	for _, b := range e.Basis() {
		if !strings.Contains(b, "seed constant") {
			t.Errorf("uncalibrated basis %q does not say it is a seed", b)
		}
	}
}

func TestRecordedCallsReplaceTheSeedsPerProfileAndRole(t *testing.T) {
	var entries []ledger.Entry
	for _, ms := range []int64{2000, 4000, 3000} {
		entries = append(entries, ledger.Entry{Role: "a", Profile: "claude", Outcome: ledger.OutcomeOK, LatencyMS: ms,
			Usage: provider.Usage{InputTokens: 1000, OutputTokens: 100}})
	}
	entries = append(entries, ledger.Entry{Role: "a", Profile: "claude", Outcome: ledger.OutcomeError, LatencyMS: 900000})
	e := estimate.Forecast(plan, profiles, estimate.Calibrate(entries, 1))
	// Role a on claude: median 3 s. The judge on claude: the profile's median, 3 s. local: seed 10 s.
	if want := (10*time.Second + 3*time.Second).Minutes(); e.TypicalMinutes != want {
		t.Errorf("typical %.3f min, want %.3f", e.TypicalMinutes, want)
	}
	if got := e.Typical("claude"); got != 3*time.Second {
		t.Errorf("claude typically %s, want 3s", got)
	}
	// Role a's recorded tokens price its call; the judge has none recorded and is priced on the seeds.
	seeded := float64(estimate.SeedInputTokens*3+estimate.SeedOutputTokens*15) / 1e6
	if want := float64(1000*3+100*15)/1e6 + seeded; e.USD == nil || !near(e.TypicalUSD, want) || e.Sessions != 1 {
		t.Fatalf("usd %v typical %.6f want %.6f sessions %d", e.USD, e.TypicalUSD, want, e.Sessions)
	}
}

func TestActualAddsTheSlowestStepOfEachPhase(t *testing.T) {
	entries := []ledger.Entry{
		{Step: "blind/a", LatencyMS: 1000, CostUSD: 0.1}, {Step: "blind/b", LatencyMS: 4000},
		{Step: "blind/a", LatencyMS: 2000}, // a retry: a's step took 3 s
		{Step: "ruling", LatencyMS: 6000, CostUSD: 0.2},
	}
	a := estimate.Actual(entries)
	if a.Calls != 4 || !near(a.Minutes, (10*time.Second).Minutes()) || !near(a.USD, 0.3) {
		t.Fatalf("%+v", a)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// A profile whose recorded calls read most of their input from the vendor's prompt cache is
// priced so: the same share of the forecast input at the cache's prices, and the basis says
// how much was read and written. A profile with nothing recorded is priced as plain input.
func TestRecordedCacheSharesPriceTheForecast(t *testing.T) {
	cached := engine.Profiles{"claude": {Name: "claude", Type: "anthropic", PriceInPerMTok: 3, PriceOutPerMTok: 15,
		PriceCacheReadPerMTok: 0.3, PriceCacheWritePerMTok: 3.75}}
	one := estimate.Plan{Seats: 1, Phases: []estimate.Phase{{Name: "x", Calls: []estimate.Call{{Role: "a", Profile: "claude"}}}}}
	entries := []ledger.Entry{{Role: "a", Profile: "claude", Outcome: ledger.OutcomeOK, LatencyMS: 1000,
		Usage: provider.Usage{InputTokens: 100, CacheReadTokens: 700, CacheWriteTokens: 200, OutputTokens: 100}}}
	e := estimate.Forecast(one, cached, estimate.Calibrate(entries, 1))
	// 1,000 input tokens: 100 plain at $3, 700 read at $0.30, 200 written at $3.75; 100 out at $15.
	if want := (100*3 + 700*0.3 + 200*3.75 + 100*15) / 1e6; !near(e.TypicalUSD, want) {
		t.Errorf("typical $%.6f, want $%.6f", e.TypicalUSD, want)
	}
	if b := e.Basis(); len(b) != 1 || !strings.Contains(b[0], "prompt cache: 70% of its input read, 20% written") {
		t.Errorf("basis %q", b)
	}
	plain := estimate.Forecast(one, cached, estimate.Calibrate(nil, 0))
	if b := plain.Basis(); strings.Contains(b[0], "prompt cache") {
		t.Errorf("nothing recorded, yet the basis speaks of a cache: %q", b)
	}
}
