package estimate

import (
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Outcome is what a session actually spent, read from its ledger.
type Outcome = engine.Spent

// Actual reads a finished session's ledger (engine.SpentBy).
func Actual(entries []engine.LedgerEntry) Outcome { return engine.SpentBy(entries) }

// Versus says how the actual compares with the estimate, for the record: "est. 3.0–7.0 min,
// took 4.2; est. $0.10–0.40, spent $0.21; 15 calls expected, 15 made".
func Versus(e Estimate, a Outcome) string {
	s := fmt.Sprintf("est. %s min, took %.1f", minutes(e.Minutes), a.Minutes)
	if e.USD != nil {
		s += fmt.Sprintf("; est. $%s, spent $%.2f", dollars(*e.USD), a.USD)
	}
	return s + fmt.Sprintf("; %d calls expected, %d made", e.Calls, a.Calls)
}
