package estimate

import "github.com/war-room/war-room/engine/ledger"

// Actual reads a finished session's ledger (ledger.SpentBy).
func Actual(entries []ledger.Entry) ledger.Spent { return ledger.SpentBy(entries) }
