package metrics

import "time"

// Delivery counts one answered webhook request (webhook.Observer).
func (m *Metrics) Delivery(event, answer string) {
	m.deliveries.WithLabelValues(event, answer).Inc()
}

// JobStarted counts a job a worker took, and how long it waited (queue.Observer).
func (m *Metrics) JobStarted(event string, waited time.Duration) {
	m.jobsRunning.WithLabelValues(event).Inc()
	m.queueWait.WithLabelValues(event).Observe(waited.Seconds())
}

// JobEnded counts how a job's run ended (queue.Observer).
func (m *Metrics) JobEnded(event, state string) {
	m.jobsRunning.WithLabelValues(event).Dec()
	m.jobs.WithLabelValues(event, state).Inc()
}
