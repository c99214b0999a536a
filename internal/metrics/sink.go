package metrics

import "github.com/war-room/war-room/engine/events"

// Emit turns engine events into series (events.Sink): a finished call into its count, tokens
// and cost; a session's start and end into the running gauge and the sessions counter. Other
// events are not counted.
func (m *Metrics) Emit(e events.Event) {
	switch e.Kind {
	case events.CallFinished:
		m.calls.WithLabelValues(e.Profile, e.Family, e.Outcome).Inc()
		for typ, n := range map[string]int64{"input": e.Usage.InputTokens, "output": e.Usage.OutputTokens,
			"cache_read": e.Usage.CacheReadTokens, "cache_write": e.Usage.CacheWriteTokens} {
			m.tokens.WithLabelValues(e.Profile, typ).Add(float64(n))
		}
		m.costUSD.WithLabelValues(e.Profile).Add(e.CostUSD)
	case events.SessionStarted:
		m.running.WithLabelValues(e.Protocol).Inc()
	case events.SessionFinished:
		m.running.WithLabelValues(e.Protocol).Dec()
		m.sessions.WithLabelValues(e.Protocol, e.Outcome).Inc()
	}
}
