package estimate

import (
	"github.com/war-room/war-room/engine"
)

// Outcome is what a session actually spent, read from its ledger.
type Outcome = engine.Spent

// Actual reads a finished session's ledger (engine.SpentBy).
func Actual(entries []engine.LedgerEntry) Outcome { return engine.SpentBy(entries) }
