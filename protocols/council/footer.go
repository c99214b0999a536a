package council

import (
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/ledger"
)

// honestyLine is what the outcome says first when every seat voted alike and nobody
// dissented: the contention the team was convened for did not happen.
const honestyLine = "Unanimous, empty dissent — one model would likely have answered as well."

// lead is the outcome's first line, ahead of the decision: the margin and who dissented, or
// the honesty line on a unanimous run, so that no reader meets the decision before its dissent.
func (s *state) lead() string {
	t, sel := s.rec.Tally, s.rec.Ruling.Selected
	against := t.Against(sel)
	if t.Unanimous() && len(s.rec.Ruling.Dissent) == 0 {
		return "**" + honestyLine + "**"
	}
	if len(against) == 0 {
		return "**" + upper(t.Margin(sel)) + ".**"
	}
	var held []string
	for _, l := range against {
		for _, b := range s.rec.Ballots {
			if b.Label == l {
				o := s.rec.Docket.Options[b.Option-1]
				held = append(held, fmt.Sprintf("%s held %s (%s)", s.who(l), o.Name(), o.Title))
			}
		}
	}
	return fmt.Sprintf("**%s — dissent: %s.**", upper(t.Margin(sel)), strings.Join(held, "; "))
}

// footer is the one-line summary every outcome ends with: "4m12s · 15 calls · 4 seats ·
// converged 3-1 · 2 open trip-wires". The time is what the calls took along the phases.
func (s *state) footer(entries []ledger.Entry) string {
	a := estimate.Actual(entries)
	n := len(s.rec.Ruling.TripWires) + len(s.rec.IntentTripWires)
	return fmt.Sprintf("%s · %d calls · %d seats · %s · %d open trip-wire%s", clock(a.Minutes), a.Calls, len(s.plan.Seats),
		s.rec.Tally.Margin(s.rec.Ruling.Selected), n, plural(n))
}

func clock(minutes float64) string {
	d := time.Duration(minutes * float64(time.Minute)).Round(time.Second)
	if d < time.Minute {
		return fmt.Sprintf("%ds", int(d.Seconds()))
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
