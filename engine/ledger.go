package engine

import (
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

// LedgerEntry records one model call attempt: who was asked, with what, and what came back.
// It is the audit trail that proves which inputs each role was fed. Every attempt that reached
// the provider is one request to it (adapters never retry on their own), so the rows of a call
// count its requests exactly; refusals before sending (budget, context) are rows too, marked
// by their outcome.
type LedgerEntry struct {
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
func UsageByProfile(entries []LedgerEntry) []decision.ProviderUsage {
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
