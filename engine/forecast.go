package engine

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// SectionEstimate is the key of the record's section that sets the estimate shown before the
// first call beside what the session spent. Execute adds it to every protocol's decision.
const SectionEstimate = "estimate"

// estimateStep is the step the engine stores a session's forecast under, so that a resumed
// session shows the estimate it showed before its first call.
const estimateStep = "engine/estimate"

// Span is a low–high range of minutes or dollars.
type Span struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Count is a low–high range of seats or calls (equal ends: one number).
type Count struct {
	Low  int `json:"low"`
	High int `json:"high"`
}

// Forecast is a protocol's estimate of a session in the neutral form the engine keeps: seats,
// calls, minutes and dollars as ranges. The protocol makes it from its plan (engine/estimate
// prices it); the engine asks for it before the first call and never interprets how it was
// made.
type Forecast struct {
	Seats   Count `json:"seats"`
	Calls   Count `json:"calls"`
	Minutes Span  `json:"minutes"`
	// USD covers the priced profiles only; nil when none is priced. Unpriced lists the others.
	USD      *Span    `json:"usd,omitempty"`
	Unpriced []string `json:"unpriced,omitempty"`
	// SeatRoles are the roles counted as seats (empty: every seat of the plan), so that the
	// actual count is of the same thing.
	SeatRoles []string `json:"seat_roles,omitempty"`
	// Basis says in one sentence what the forecast rests on ("seed constants only", "calibrated
	// from 3 recorded sessions", "spans the modes automatic routing may pick").
	Basis string `json:"basis,omitempty"`
}

// Answered counts the plan's seats among roles (all of them when roles is empty) that the
// ledger shows answering at least once.
func (p Plan) Answered(roles []string, entries []ledger.Entry) int {
	n := 0
	for _, s := range p.Seats {
		if len(roles) > 0 && !slices.Contains(roles, s.Role) {
			continue
		}
		if _, ok := s.outcome(entries); ok {
			n++
		}
	}
	return n
}

// estimateSection is the record's section setting f beside what was spent. What was spent is
// said per vendor: vendors bill apart, and a sum across them is nobody's bill.
func estimateSection(f Forecast, a ledger.Spent, usage []decision.ProviderUsage) decision.Section {
	usdEst, usdGot := "unknown (no profile is priced)", ledger.CostPerVendor(usage)
	if f.USD != nil {
		usdEst = "$" + f.USD.Format(2)
		if len(f.Unpriced) > 0 {
			usdEst += fmt.Sprintf(" on priced profiles (%d unpriced)", len(f.Unpriced))
		}
	}
	text := "Forecast before the first call, set beside what the ledger recorded."
	if f.Basis != "" {
		text += " The forecast rests on " + f.Basis + "."
	}
	return decision.Section{Key: SectionEstimate, Title: "Estimate and actual", Text: text, Table: &decision.Table{
		Columns: []string{"", "Estimate", "Actual"},
		Rows: [][]string{
			{"Seats", f.Seats.String(), strconv.Itoa(a.Seats)},
			{"Calls", f.Calls.String(), strconv.Itoa(a.Calls)},
			{"Minutes", f.Minutes.Format(1), fmt.Sprintf("%.1f", a.Minutes)},
			{"USD", usdEst, usdGot},
		}}}
}

// Format is "3.0–7.0" (or one number when both ends print alike) at prec decimals.
func (s Span) Format(prec int) string {
	lo, hi := strconv.FormatFloat(s.Low, 'f', prec, 64), strconv.FormatFloat(s.High, 'f', prec, 64)
	if lo == hi {
		return lo
	}
	return lo + "–" + hi
}

// String is "15" or "11–15".
func (c Count) String() string {
	if c.Low == c.High {
		return strconv.Itoa(c.Low)
	}
	return strconv.Itoa(c.Low) + "–" + strconv.Itoa(c.High)
}
