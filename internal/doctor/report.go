package doctor

import "time"

// Status is the outcome of one check.
type Status string

// Check outcomes.
const (
	OK      Status = "ok"
	Failed  Status = "failed"
	Unknown Status = "unknown"
	// NA: the check does not apply to the profile (no cache on a CLI, no thinking off Anthropic).
	NA Status = "n/a"
)

// Symbol is how the table shows a status.
func (s Status) Symbol() string {
	switch s {
	case OK:
		return "✓"
	case Failed:
		return "✗"
	case Unknown:
		return "?"
	}
	return "–"
}

// Check names, in table order.
const (
	CheckAnswer   = "answer"
	CheckEffort   = "effort"
	CheckThinking = "thinking"
	CheckCache    = "cache"
	CheckContext  = "context"
)

var checkOrder = []string{CheckAnswer, CheckEffort, CheckThinking, CheckCache, CheckContext}

// Check is one capability of one profile as the probe found it.
type Check struct {
	Name   string `json:"name"`
	Status Status `json:"status"`
	// Detail says what was sent or seen ("max", "read 5000 tokens", "4096 tokens (ollama /api/ps)").
	Detail string `json:"detail,omitempty"`
	// Fix is the configuration key that fixes a failed or unknown check, with what to do.
	Fix string `json:"fix,omitempty"`
}

// Row is one profile's probe.
type Row struct {
	Profile string  `json:"profile"`
	Type    string  `json:"type"`
	Model   string  `json:"model"`
	Family  string  `json:"family"`
	Checks  []Check `json:"checks"`
	// Calls is how many requests the probe made; Latency their time and CostUSD their price
	// (Priced false when the profile has no prices).
	Calls   int           `json:"calls"`
	Latency time.Duration `json:"latency_ns"`
	CostUSD float64       `json:"cost_usd"`
	Priced  bool          `json:"priced"`
}

// check returns the named check, or a zero Check.
func (r Row) check(name string) Check {
	for _, c := range r.Checks {
		if c.Name == name {
			return c
		}
	}
	return Check{Name: name, Status: NA}
}

// Serves reports whether the profile can serve as configured: it answered, and neither the
// effort nor the thinking it sends was refused (a call would then fail on them).
func (r Row) Serves() bool {
	for _, n := range []string{CheckAnswer, CheckEffort, CheckThinking} {
		if r.check(n).Status == Failed {
			return false
		}
	}
	return true
}

// Report is every profile's row, by profile name.
type Report struct {
	Rows []Row `json:"rows"`
}

// OK reports whether every profile can serve.
func (r Report) OK() bool {
	for _, row := range r.Rows {
		if !row.Serves() {
			return false
		}
	}
	return true
}
