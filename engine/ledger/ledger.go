// Package ledger is the book of calls: one entry per attempt of a model call, in the order
// they ended, with its outcome, error class, usage and cost; and what a session spent and
// used per profile, read back from it. The engine writes it; stores keep it; nothing else
// writes it.
package ledger

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
)

// Outcome of one model call attempt.
const (
	OutcomeOK             = "ok"
	OutcomeContractFailed = "contract-failed"
	OutcomeError          = "error"
	OutcomeBudgetRefused  = "budget-refused"
	// OutcomeContextRefused: the prompt could not fit the profile's context_tokens, so no
	// request was sent.
	OutcomeContextRefused = "context-refused"
)

// Entry records one model call attempt: who was asked, with what, and what came back.
// It is the audit trail that proves which inputs each role was fed. Every attempt that reached
// the provider is one request to it (adapters never retry on their own), so the rows of a call
// count its requests exactly; refusals before sending (budget, context) are rows too, marked
// by their outcome.
type Entry struct {
	SessionID string `json:"session_id"`
	Seq       int64  `json:"seq"`
	Step      string `json:"step"`
	Role      string `json:"role"`
	Profile   string `json:"profile"`
	Provider  string `json:"provider"`
	Model     string `json:"model"`
	// ModelReported is the model the vendor said answered.
	ModelReported string `json:"model_reported,omitempty"`
	Family        string `json:"family"`
	// Effort is the level sent (empty: no effort field was sent); EffortAsked is what the
	// role asked for before it was mapped to a level the profile accepts.
	Effort      provider.Effort   `json:"effort,omitempty"`
	EffortAsked provider.Effort   `json:"effort_asked,omitempty"`
	Thinking    provider.Thinking `json:"thinking,omitempty"`
	// MaxTokens is the output budget the attempt asked for (0: the adapter's default).
	MaxTokens int `json:"max_tokens,omitempty"`
	// StopReason is the vendor's reason for stopping, when an answer came back.
	StopReason   string         `json:"stop_reason,omitempty"`
	PromptSHA256 string         `json:"prompt_sha256"`
	Inputs       []string       `json:"inputs"`
	Attempt      int            `json:"attempt"`
	Usage        provider.Usage `json:"usage"`
	CostUSD      float64        `json:"cost_usd,omitempty"`
	LatencyMS    int64          `json:"latency_ms"`
	Outcome      string         `json:"outcome"`
	ErrorClass   string         `json:"error_class,omitempty"`
	ErrorText    string         `json:"error_text,omitempty"`
	Scripted     bool           `json:"scripted,omitempty"`
	StartedAt    time.Time      `json:"started_at"`
}

// UsageByProfile folds a ledger into one row per profile, by profile name: parallel calls
// finish in any order, and the record must not depend on which finished first.
func UsageByProfile(entries []Entry) []decision.ProviderUsage {
	var out []decision.ProviderUsage
	idx := map[string]int{}
	for _, e := range entries {
		i, ok := idx[e.Profile]
		if !ok {
			i = len(out)
			idx[e.Profile] = i
			out = append(out, decision.ProviderUsage{Profile: e.Profile, Provider: e.Provider,
				Family: e.Family, Model: e.Model, Scripted: e.Scripted})
		}
		out[i].Calls++
		out[i].Usage = out[i].Usage.Add(e.Usage)
		out[i].CostUSD += e.CostUSD
	}
	slices.SortFunc(out, func(a, b decision.ProviderUsage) int { return strings.Compare(a.Profile, b.Profile) })
	return out
}

// Failure classes of a call beyond the provider's own.
const (
	ClassContract = "contract"
	ClassBudget   = "budget"
	// ClassTimeout: the call's own deadline expired before an answer came.
	ClassTimeout = "timeout"
	// ClassCancelled: the caller's context ended (Ctrl-C, a cancelled job) before an answer
	// came. It says nothing about the provider, and is never a timeout.
	ClassCancelled = "cancelled"
	// ClassConfig: the vendor rejected a setting that comes from the profile's configuration
	// (its effort or thinking); the error names the profile and the key that fixes it.
	ClassConfig = "configuration"
	// ClassContext: the prompt cannot fit the profile's context_tokens; nothing was sent.
	ClassContext = "context"
)

// Spent is what a session actually spent, read from its ledger.
type Spent struct {
	// Seats counts the plan's seats (those the forecast counts) that answered at least once.
	Seats int `json:"seats,omitempty"`
	Calls int `json:"calls"`
	// Minutes is the time the calls took along the session's phases: the slowest step of each
	// phase (a step's attempts added up), phases one after another — the quantity a forecast
	// predicts. A step "blind/skeptic" belongs to the phase "blind"; a step with no phase
	// ("docket") is a phase of its own.
	Minutes float64 `json:"minutes"`
	USD     float64 `json:"usd"`
}

// SpentBy reads calls, minutes and dollars from a session's ledger (Seats is left zero: it
// needs the plan; see Plan.Answered).
func SpentBy(entries []Entry) Spent {
	out := Spent{Calls: len(entries)}
	var order []string
	steps := map[string]map[string]time.Duration{} // phase → step → summed attempts
	for _, e := range entries {
		phase, _, _ := strings.Cut(e.Step, "/")
		if _, ok := steps[phase]; !ok {
			order, steps[phase] = append(order, phase), map[string]time.Duration{}
		}
		steps[phase][e.Step] += time.Duration(e.LatencyMS) * time.Millisecond
		out.USD += e.CostUSD
	}
	for _, phase := range order {
		var slowest time.Duration
		for _, d := range steps[phase] {
			slowest = max(slowest, d)
		}
		out.Minutes += slowest.Minutes()
	}
	return out
}

// CostPerVendor is "anthropic $0.05 · openai unpriced": the ledger's dollars per vendor, a
// vendor none of whose profiles is priced said so, and scripted answers as costing nothing.
func CostPerVendor(usage []decision.ProviderUsage) string {
	cost, scripted := map[string]float64{}, map[string]bool{}
	var vendors []string
	for _, u := range usage {
		if _, seen := cost[u.Provider]; !seen {
			vendors = append(vendors, u.Provider)
		}
		cost[u.Provider] += u.CostUSD
		scripted[u.Provider] = u.Scripted || u.Provider == provider.TypeScript
	}
	if len(vendors) == 0 {
		return "$0.00"
	}
	slices.Sort(vendors)
	parts := make([]string, len(vendors))
	for i, v := range vendors {
		switch {
		case cost[v] == 0 && scripted[v]:
			parts[i] = v + " none (scripted)"
		case cost[v] == 0:
			parts[i] = v + " unpriced"
		default:
			parts[i] = fmt.Sprintf("%s $%.2f", v, cost[v])
		}
	}
	return strings.Join(parts, " · ")
}
