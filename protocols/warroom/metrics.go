package warroom

import (
	"fmt"
	"strings"
	"time"
)

// Metric names. Durations and tokens are per phase key and per role key:
// "duration.p3-coa", "tokens.scout".
const (
	MetricRS               = "rs"
	MetricType             = "type"
	MetricRecommendedMode  = "recommended_mode"
	MetricMode             = "mode"
	MetricModeMatch        = "mode_match"
	MetricEscalated        = "escalated"
	MetricDeescalated      = "deescalated"
	MetricOverDeliberation = "over_deliberation"
	MetricFailures         = "expert_failures"
	MetricDelphiRounds     = "delphi_rounds"
	MetricConvergence      = "delphi_convergence"
	MetricDurationTotal    = "duration.total"
)

// metrics are the per-session numbers the footer prints.
func (s *state) metrics() map[string]string {
	m := map[string]string{
		MetricRS: fmt.Sprintf("%.2f", s.rec.Rev.Score), MetricType: s.rec.Rev.Type,
		MetricRecommendedMode: string(s.rec.Recommend), MetricMode: string(s.rec.Mode),
		MetricModeMatch: yes(s.rec.Mode == s.rec.Recommend), MetricEscalated: yes(s.rec.Escalated),
		MetricDeescalated: yes(s.rec.Deescalated), MetricOverDeliberation: yes(s.rec.Mode.Heavier(s.rec.Recommend)),
		MetricFailures: fmt.Sprint(len(s.rec.Gaps)),
	}
	if s.rec.Mode == ModeDelphi {
		var scores []string
		for _, r := range s.rec.Rounds {
			scores = append(scores, fmt.Sprintf("%.2f", r.Convergence))
		}
		m[MetricDelphiRounds], m[MetricConvergence] = fmt.Sprint(len(s.rec.Rounds)), strings.Join(scores, " → ")
	}
	var first, last time.Time
	tokens := map[string]int64{}
	for _, p := range s.rec.Phases {
		m["duration."+p.Key] = p.Ended.Sub(p.Started).Round(time.Millisecond).String()
		if first.IsZero() || p.Started.Before(first) {
			first = p.Started
		}
		if p.Ended.After(last) {
			last = p.Ended
		}
		for _, c := range p.Contributions {
			tokens[c.Role] += c.Usage.Total()
		}
	}
	m[MetricDurationTotal] = last.Sub(first).Round(time.Millisecond).String()
	for role, n := range tokens {
		m["tokens."+role] = fmt.Sprint(n)
	}
	return m
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
