package estimate

import (
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
)

// Outcome is what a session actually spent, read from its ledger.
type Outcome struct {
	Calls int `json:"calls"`
	// Minutes is the time the calls took along the session's phases: the slowest step of each
	// phase (a step's attempts added up), phases one after another — the quantity Forecast
	// predicts.
	Minutes float64 `json:"minutes"`
	USD     float64 `json:"usd"`
}

// Actual reads a finished session's ledger. A step "blind/skeptic" belongs to the phase
// "blind"; a step with no phase ("docket") is a phase of its own.
func Actual(entries []engine.LedgerEntry) Outcome {
	out := Outcome{Calls: len(entries)}
	var order []string
	steps := map[string]map[string]time.Duration{} // phase → step → summed attempts
	for _, e := range entries {
		phase, _, _ := strings.Cut(e.Step, "/")
		if _, ok := steps[phase]; !ok {
			order, steps[phase] = append(order, phase), map[string]time.Duration{}
		}
		steps[phase][e.Step] += time.Duration(e.LatencyMS) * time.Millisecond
		out.USD += e.CostUSD
	}
	for _, phase := range order {
		var slowest time.Duration
		for _, d := range steps[phase] {
			slowest = max(slowest, d)
		}
		out.Minutes += slowest.Minutes()
	}
	return out
}

// Versus says how the actual compares with the estimate, for the record: "est. 3.0–7.0 min,
// took 4.2; est. $0.10–0.40, spent $0.21; 15 calls expected, 15 made".
func Versus(e Estimate, a Outcome) string {
	s := fmt.Sprintf("est. %s min, took %.1f", minutes(e.Minutes), a.Minutes)
	if e.USD != nil {
		s += fmt.Sprintf("; est. $%s, spent $%.2f", dollars(*e.USD), a.USD)
	}
	return s + fmt.Sprintf("; %d calls expected, %d made", e.Calls, a.Calls)
}
