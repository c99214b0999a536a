package warroom

import (
	"fmt"
	"strings"
)

// Mode is how heavily a question is deliberated.
type Mode string

// Modes, lightest first. ModeAuto routes by the reversibility score.
const (
	ModeAuto        Mode = "auto"
	ModeExpress     Mode = "express"
	ModeLightweight Mode = "lightweight"
	ModeFull        Mode = "full"
	ModeDelphi      Mode = "delphi"
)

// Modes lists every accepted mode.
var Modes = []Mode{ModeAuto, ModeExpress, ModeLightweight, ModeFull, ModeDelphi}

func joinModes() string {
	s := make([]string, len(Modes))
	for i, m := range Modes {
		s[i] = string(m)
	}
	return joinChoices(s)
}

func joinChoices(s []string) string { return strings.Join(s, ", ") }

// weight orders the concrete modes (auto has none).
func (m Mode) weight() int {
	switch m {
	case ModeExpress:
		return 1
	case ModeLightweight:
		return 2
	case ModeFull:
		return 3
	case ModeDelphi:
		return 4
	}
	return 0
}

// Heavier reports whether m deliberates more than n.
func (m Mode) Heavier(n Mode) bool { return m.weight() > n.weight() }

// Decision types, from two-way door to locked vault.
const (
	type2      = "2"
	type1B     = "1B"
	type1A     = "1A"
	type1APlus = "1A+"
)

// reversibility is the Phase 0 assessment. Its JSON shape is the one decisions stored before
// it became a section of the protocol-neutral record.
type reversibility struct {
	Dimensions []dimension `json:"dimensions"`
	// Score is RS = sum/25.
	Score float64 `json:"score"`
	Type  string  `json:"type"`
	Mode  string  `json:"mode"`
}

// dimension is one scored reversibility dimension (1–5).
type dimension struct {
	Name      string `json:"name"`
	Score     int    `json:"score"`
	Rationale string `json:"rationale"`
}

// Thresholds are the express, lightweight and full-council ceilings: a score at or below a
// ceiling gets that mode, a score above the last gets Delphi.
type Thresholds [3]float64

// defaultThresholds are the default preset's ceilings.
var defaultThresholds = Thresholds{0.40, 0.60, 0.80}

// Validate checks the ceilings lie in (0, 1] and strictly increase.
func (t Thresholds) Validate() error {
	for i, v := range t {
		if v <= 0 || v > 1 {
			return fmt.Errorf("threshold %d (%g) is not in (0, 1]", i+1, v)
		}
		if i > 0 && v <= t[i-1] {
			return fmt.Errorf("thresholds must strictly increase, got %g after %g", v, t[i-1])
		}
	}
	return nil
}

// String renders "0.40,0.60,0.80", the form --thresholds takes.
func (t Thresholds) String() string { return fmt.Sprintf("%.2f,%.2f,%.2f", t[0], t[1], t[2]) }

// eps absorbs binary rounding so that a score exactly on a ceiling (10/25 against 0.40)
// always counts as at or below it.
const eps = 1e-9

// classify maps a reversibility score to its decision type and recommended mode.
func classify(rs float64, t Thresholds) (typ string, mode Mode) {
	switch {
	case rs <= t[0]+eps:
		return type2, ModeExpress
	case rs <= t[1]+eps:
		return type1B, ModeLightweight
	case rs <= t[2]+eps:
		return type1A, ModeFull
	}
	return type1APlus, ModeDelphi
}

// dimensions are the five scored aspects of reversibility, in the order they are reported.
// Key is the label the strategist's answer uses.
var dimensions = []struct{ Key, Name string }{
	{"REVERSAL_COST", "Reversal Cost"},
	{"TIME_LOCK_IN", "Time Lock-In"},
	{"BLAST_RADIUS", "Blast Radius"},
	{"INFORMATION_LOSS", "Information Loss"},
	{"REPUTATION_IMPACT", "Reputation Impact"},
}

// assess reads a strategist's five scores into an assessment under thresholds t: the
// dimensions, RS, the decision type and the mode the score recommends.
func assess(text string, t Thresholds) (reversibility, error) {
	dims, err := parseScores(text)
	if err != nil {
		return reversibility{}, err
	}
	scores := make([]int, len(dims))
	for i, d := range dims {
		scores[i] = d.Score
	}
	rs := score(scores)
	typ, mode := classify(rs, t)
	return reversibility{Dimensions: dims, Score: rs, Type: typ, Mode: string(mode)}, nil
}

// score is RS = sum of the five dimension scores / 25.
func score(scores []int) float64 {
	sum := 0
	for _, s := range scores {
		sum += s
	}
	return float64(sum) / 25
}
