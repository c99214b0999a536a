package estimate

import (
	"github.com/war-room/war-room/engine"
)

// Actual reads a finished session's ledger (engine.SpentBy).
func Actual(entries []engine.LedgerEntry) engine.Spent { return engine.SpentBy(entries) }
