package warroom

import (
	"fmt"
	"strings"
	"time"
)

// Metric names. Durations and tokens are per phase key and per role key:
// "duration.p3-coa", "tokens.scout".
const (
	metricRS               = "rs"
	metricRSRescored       = "rs_rescored"
	metricType             = "type"
	metricRecommendedMode  = "recommended_mode"
	metricMode             = "mode"
	metricModeMatch        = "mode_match"
	metricEscalated        = "escalated"
	metricDeescalated      = "deescalated"
	metricOverDeliberation = "over_deliberation"
	metricFailures         = "expert_failures"
	metricDelphiRounds     = "delphi_rounds"
	metricConvergence      = "delphi_convergence"
	metricConformity       = "delphi_moves_toward_group"
	metricDurationTotal    = "duration.total"
	metricAgentTeams       = "agent_teams"
	metricAuthorQuestions  = "author_questions"
)

// metrics are the per-session numbers the footer prints.
func (s *state) metrics() map[string]string {
	m := map[string]string{
		metricRS: fmt.Sprintf("%.2f", s.rec.Rev.Score), metricType: s.rec.Rev.Type,
		metricRecommendedMode: string(s.rec.Recommend), metricMode: string(s.rec.Mode),
		metricModeMatch: yes(s.rec.Mode == s.rec.Recommend), metricEscalated: yes(s.rec.Escalated),
		metricDeescalated: yes(s.rec.Deescalated), metricOverDeliberation: yes(s.rec.Mode.Heavier(s.rec.Recommend)),
		metricFailures: fmt.Sprint(len(s.rec.Gaps)),
	}
	if s.opts.AgentTeams {
		m[metricAgentTeams] = yes(s.teams())
		m[metricAuthorQuestions] = fmt.Sprint(len(s.rec.Questions))
	}
	if r := s.rec.Rescore; r != nil {
		m[metricRSRescored] = fmt.Sprintf("%.2f", r.Score)
	}
	if s.rec.Mode == ModeDelphi {
		var scores []string
		for _, r := range s.rec.Rounds {
			scores = append(scores, fmt.Sprintf("%.2f", r.Convergence))
		}
		m[metricDelphiRounds], m[metricConvergence] = fmt.Sprint(len(s.rec.Rounds)), strings.Join(scores, " → ")
		var toward []string
		for _, r := range conformity(s.rec.Rounds) {
			toward = append(toward, fmt.Sprintf("%d/%d", r.Toward, r.Toward+r.Away+r.None))
		}
		if len(toward) > 0 {
			m[metricConformity] = strings.Join(toward, " → ")
		}
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
	m[metricDurationTotal] = last.Sub(first).Round(time.Millisecond).String()
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
