// Package calibration sets the positions a panel's seats held against what later happened to
// the decisions they took part in: per model family and per seat, how often a seat's position
// matched the recorded outcome, and, where a seat stated a confidence, its Brier score.
//
// A position matches an outcome as follows: when the decision held, the seats that chose it
// matched and the others did not; when it was reversed, the seats that chose something else
// matched and those that chose it did not; a decision that partly held counts half for
// every seat. Only a decision's latest outcome counts.
package calibration

import (
	"cmp"
	"slices"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
)

// MinOutcomes is how many decisions with an outcome a report needs before it says anything:
// fewer make rates that read as findings and are noise.
const MinOutcomes = 10

// Decided is one decision and its latest outcome.
type Decided struct {
	// Ref names the decision for a reader: a session id, or "#N" on GitHub.
	Ref      string
	Decision *decision.Decision
	Outcome  outcome.Addendum
}

// Row is one family's or one seat's standing.
type Row struct {
	Name string `json:"name"`
	// Positions counts the positions held in decisions with an outcome; Matched sums their
	// scores (1 matched, 0.5 partly, 0 not), Rate is Matched / Positions.
	Positions int     `json:"positions"`
	Matched   float64 `json:"matched"`
	Rate      float64 `json:"rate"`
	// Forecasts counts the positions that stated a confidence; Brier is their mean squared
	// error (0 is perfect, 0.25 is always saying 50 %), nil when none did.
	Forecasts int      `json:"forecasts,omitempty"`
	Brier     *float64 `json:"brier,omitempty"`
}

// Report is the calibration of a decision log.
type Report struct {
	// Outcomes counts the decisions with a recorded outcome; Positions those of them that
	// hold seats' positions (a reason chain holds none).
	Outcomes  int            `json:"outcomes"`
	Positions int            `json:"decisions_with_positions"`
	Verdicts  map[string]int `json:"verdicts"`
	Families  []Row          `json:"families"`
	Seats     []Row          `json:"seats"`
	// Enough says Outcomes reached MinOutcomes; below it the rows are left empty.
	Enough bool `json:"enough"`
}

// Score is how far a position matched an outcome: 1, 0.5 or 0.
func Score(p decision.Position, verdict string) float64 {
	switch {
	case verdict == outcome.Partly:
		return 0.5
	case verdict == outcome.Held && p.Chosen, verdict == outcome.Reversed && !p.Chosen:
		return 1
	}
	return 0
}

type acc struct {
	n, forecasts int
	matched, sq  float64
}

// Compute builds the report. Decisions without positions count towards Outcomes only.
func Compute(ds []Decided) Report {
	r := Report{Verdicts: map[string]int{}}
	fam, seat := map[string]*acc{}, map[string]*acc{}
	add := func(m map[string]*acc, k string, p decision.Position, s float64) {
		a := m[k]
		if a == nil {
			a = &acc{}
			m[k] = a
		}
		a.n++
		a.matched += s
		if p.Confidence > 0 {
			a.forecasts++
			a.sq += (p.Confidence - s) * (p.Confidence - s)
		}
	}
	for _, d := range ds {
		r.Outcomes++
		r.Verdicts[d.Outcome.Verdict]++
		if d.Decision == nil || len(d.Decision.Positions) == 0 {
			continue
		}
		r.Positions++
		for _, p := range d.Decision.Positions {
			s := Score(p, d.Outcome.Verdict)
			add(fam, p.Family, p, s)
			add(seat, p.Seat, p, s)
		}
	}
	r.Enough = r.Outcomes >= MinOutcomes
	if r.Enough {
		r.Families, r.Seats = rows(fam), rows(seat)
	}
	return r
}

// rows orders the standings best rate first, then by name.
func rows(m map[string]*acc) []Row {
	out := make([]Row, 0, len(m))
	for name, a := range m {
		row := Row{Name: name, Positions: a.n, Matched: a.matched, Rate: a.matched / float64(a.n), Forecasts: a.forecasts}
		if a.forecasts > 0 {
			b := a.sq / float64(a.forecasts)
			row.Brier = &b
		}
		out = append(out, row)
	}
	slices.SortFunc(out, func(a, b Row) int {
		return cmp.Or(cmp.Compare(b.Rate, a.Rate), cmp.Compare(a.Name, b.Name))
	})
	return out
}
