package doctor

import "time"

// status is the outcome of one check.
type status string

// Check outcomes.
const (
	OK      status = "ok"
	failed  status = "failed"
	unknown status = "unknown"
	// warned: the profile serves, but something needs a look (a rate limit just now).
	warned status = "warning"
	// na: the check does not apply to the profile (no cache on a CLI, no thinking off Anthropic).
	na status = "n/a"
)

// Symbol is how the table shows a status.
func (s status) Symbol() string {
	switch s {
	case OK:
		return "✓"
	case failed:
		return "✗"
	case unknown:
		return "?"
	case warned:
		return "!"
	}
	return "–"
}

// Check names, in table order.
const (
	checkAnswer   = "answer"
	checkEffort   = "effort"
	checkThinking = "thinking"
	checkCache    = "cache"
	checkContext  = "context"
)

var checkOrder = []string{checkAnswer, checkEffort, checkThinking, checkCache, checkContext}

// Check is one capability of one profile as the probe found it.
type Check struct {
	Name   string `json:"name"`
	Status status `json:"status"`
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
	// Inferred says the model is unknown to war-room's model catalog and which known model's
	// settings it was given (empty when it is known, or configured in full).
	Inferred string `json:"inferred,omitempty"`
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
	return Check{Name: name, Status: na}
}

// Serves reports whether the profile can serve as configured: it answered, and neither the
// effort nor the thinking it sends was refused (a call would then fail on them).
func (r Row) Serves() bool {
	for _, n := range []string{checkAnswer, checkEffort, checkThinking} {
		if r.check(n).Status == failed {
			return false
		}
	}
	return true
}

// report is every profile's row, by profile name.
type report struct {
	Rows []Row `json:"rows"`
	// Families are the families of every configured profile, sorted (empty when only some
	// were probed): one family means no protocol can judge its panel independent.
	Families []string `json:"families,omitempty"`
}

// OK reports whether every profile can serve.
func (r report) OK() bool {
	for _, row := range r.Rows {
		if !row.Serves() {
			return false
		}
	}
	return true
}
