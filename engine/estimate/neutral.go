package estimate

import (
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
)

// Neutral is the estimate in the form the engine keeps and sets beside the ledger in every
// record (engine.Protocol.Estimate); seatRoles are the roles it counts as seats.
func (e Estimate) Neutral(seatRoles []string) engine.Forecast {
	return Span([]Estimate{e}, seatRoles, "")
}

// Span merges estimates of the shapes a session may take (the modes automatic routing may
// pick) into one forecast whose ranges cover them all; why names the spread for the record.
func Span(ests []Estimate, seatRoles []string, why string) engine.Forecast {
	var f engine.Forecast
	sessions := 0
	for i, e := range ests {
		if i == 0 {
			f.Seats, f.Calls, f.Minutes = engine.Count{Low: e.Seats, High: e.Seats}, engine.Count{Low: e.Calls, High: e.Calls}, e.Minutes
		}
		f.Seats = engine.Count{Low: min(f.Seats.Low, e.Seats), High: max(f.Seats.High, e.Seats)}
		f.Calls = engine.Count{Low: min(f.Calls.Low, e.Calls), High: max(f.Calls.High, e.Calls)}
		f.Minutes = engine.Span{Low: min(f.Minutes.Low, e.Minutes.Low), High: max(f.Minutes.High, e.Minutes.High)}
		if e.USD != nil {
			if f.USD == nil {
				u := *e.USD
				f.USD = &u
			}
			f.USD.Low, f.USD.High = min(f.USD.Low, e.USD.Low), max(f.USD.High, e.USD.High)
		}
		for _, p := range e.Unpriced {
			if !slices.Contains(f.Unpriced, p) {
				f.Unpriced = append(f.Unpriced, p)
			}
		}
		sessions = max(sessions, e.Sessions)
	}
	slices.Sort(f.Unpriced)
	f.SeatRoles = seatRoles
	f.Basis = "seed constants only (no recorded session of this protocol yet)"
	if sessions > 0 {
		f.Basis = fmt.Sprintf("latencies and token use calibrated from %d recorded session(s)", sessions)
	}
	if why != "" {
		f.Basis += "; " + why
	}
	return f
}
