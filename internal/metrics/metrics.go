package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every war-room series.
const namespace = "war_room"

// Metrics is one process's series, in a registry of its own (so two servers in one test
// binary do not share counts).
type Metrics struct {
	reg *prometheus.Registry

	deliveries  *prometheus.CounterVec
	jobs        *prometheus.CounterVec
	jobsRunning *prometheus.GaugeVec
	queueWait   *prometheus.HistogramVec

	calls    *prometheus.CounterVec
	tokens   *prometheus.CounterVec
	costUSD  *prometheus.CounterVec
	sessions *prometheus.CounterVec
	running  *prometheus.GaugeVec

	githubRequests *prometheus.CounterVec
	githubRetries  *prometheus.CounterVec
}

// New registers every series, with the Go runtime's and the process's collectors.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.deliveries = m.counter("deliveries_total", "Webhook requests answered, by event and answer.", "event", "answer")
	m.jobs = m.counter("jobs_total", "Delivery job runs by this process, by event and the state they left the job in.", "event", "state")
	m.jobsRunning = m.gauge("jobs_running", "Delivery jobs this process is running now, by event.", "event")
	m.queueWait = m.histogram("queue_wait_seconds", "Time a delivery job waited in the queue, from when it was due to when a worker of this process started it.",
		[]float64{.01, .05, .1, .5, 1, 5, 15, 60, 300, 900, 3600}, "event")
	m.calls = m.counter("model_calls_total", "Model call attempts, by profile, model family and outcome (ok, contract-failed, error).", "profile", "family", "outcome")
	m.tokens = m.counter("model_tokens_total", "Tokens the model calls consumed, by profile and type (input, output, cache_read, cache_write).", "profile", "type")
	m.costUSD = m.counter("model_cost_usd_total", "USD the model calls cost at the profile's configured prices (0 for an unpriced profile), by profile.", "profile")
	m.sessions = m.counter("sessions_total", "Session runs that ended, by protocol and the status they left the session in.", "protocol", "status")
	m.running = m.gauge("sessions_running", "Session runs in progress in this process, by protocol.", "protocol")
	m.githubRequests = m.counter("github_requests_total", "Requests to GitHub, by kind (rest, graphql) and outcome.", "kind", "outcome")
	m.githubRetries = m.counter("github_retries_total", "GitHub requests retried, by kind and the reason for the retry.", "kind", "reason")
	// The GitHub series' labels are known in advance: start them at 0, so that a retry
	// series exists (and a rate can be taken) before the first retry.
	for _, kind := range []string{"rest", "graphql"} {
		for _, o := range []string{outcomeOK, outcomeClientError, outcomeRateLimited, outcomeServerError, outcomeTransport} {
			m.githubRequests.WithLabelValues(kind, o)
		}
		for _, r := range []string{reasonRateLimited, ReasonSecondary, ReasonServerError, reasonTransport} {
			m.githubRetries.WithLabelValues(kind, r)
		}
	}
	return m
}

// Handler serves the series in Prometheus's text format (or OpenMetrics, when asked).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg, EnableOpenMetrics: true})
}

func (m *Metrics) counter(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: name, Help: help}, labels)
	m.reg.MustRegister(c)
	return c
}

func (m *Metrics) gauge(name, help string, labels ...string) *prometheus.GaugeVec {
	g := prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: namespace, Name: name, Help: help}, labels)
	m.reg.MustRegister(g)
	return g
}

func (m *Metrics) histogram(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: name, Help: help, Buckets: buckets}, labels)
	m.reg.MustRegister(h)
	return h
}
