package engine

import "time"

// Decision is the protocol-neutral record every protocol ends in. The Discussions publisher,
// the CLI and the Action consume only this; none of them knows which protocol produced it.
// Text fields hold model output verbatim (markdown) and are untrusted.
type Decision struct {
	// Protocol is "war-room", "reason" or "council".
	Protocol string `json:"protocol"`
	// Title is what a reader sees first, e.g. "[War Room] Adopt PostgreSQL" (≤ 256 chars is
	// the publisher's job to enforce).
	Title    string `json:"title"`
	Question string `json:"question"`
	// Context is the situation as the protocol summarised it.
	Context string `json:"context,omitempty"`
	// Outcome is the selected approach or answer.
	Outcome      string `json:"outcome"`
	Rationale    string `json:"rationale,omitempty"`
	Consequences string `json:"consequences,omitempty"`
	// Confidence is set where the protocol states one (the reason chain does).
	Confidence string `json:"confidence,omitempty"`
	// Type is the war-room decision type ("2", "1B", "1A", "1A+"), empty for other protocols.
	Type          string         `json:"type,omitempty"`
	Reversibility *Reversibility `json:"reversibility,omitempty"`
	Alternatives  []Alternative  `json:"alternatives,omitempty"`
	// Dissent lists disagreement kept as it was stated: never merged into the outcome.
	Dissent []string `json:"dissent,omitempty"`
	// WhatWouldChangeMind lists the conditions under which the outcome should be revisited.
	WhatWouldChangeMind []string      `json:"what_would_change_mind,omitempty"`
	Panel               []PanelMember `json:"panel,omitempty"`
	// Phases are the per-phase summaries published as comments, in order.
	Phases []PhaseSummary `json:"phases,omitempty"`
	// Notes are facts a reader must see: an expert that timed out, a suspect premise that was
	// overridden, a reduced-independence approval, a reaffirmed earlier decision.
	Notes    []string       `json:"notes,omitempty"`
	Deferred []DeferredItem `json:"deferred,omitempty"`
	// Independence is the engine's judgment of the seats that answered (Conforming or
	// ReducedIndependence), never a model's claim; IndependenceReasons say why it is reduced.
	Independence        string   `json:"independence,omitempty"`
	IndependenceReasons []string `json:"independence_reasons,omitempty"`
	// IndependenceApproved says a person approved running with reduced independence before the
	// first call. Reduced and not approved means the run lost independence on the way (a
	// family that never answered): the CLI exits non-zero for it.
	IndependenceApproved bool            `json:"independence_approved,omitempty"`
	SessionID            string          `json:"session_id"`
	Seed                 int64           `json:"seed"`
	MerkleRoot           string          `json:"merkle_root,omitempty"`
	Usage                []ProviderUsage `json:"usage,omitempty"`
	// Metrics are protocol-specific numbers printed in the footer (name → value).
	Metrics   map[string]string `json:"metrics,omitempty"`
	Topics    []string          `json:"topics,omitempty"`
	CreatedAt time.Time         `json:"created_at"`
}

// Reversibility is the war-room Phase 0 assessment.
type Reversibility struct {
	Dimensions []Dimension `json:"dimensions"`
	// Score is RS = sum/25.
	Score float64 `json:"score"`
	Type  string  `json:"type"`
	Mode  string  `json:"mode"`
}

// Dimension is one scored reversibility dimension (1–5).
type Dimension struct {
	Name      string `json:"name"`
	Score     int    `json:"score"`
	Rationale string `json:"rationale"`
}

// Alternative is an option considered and not chosen (or a finalist).
type Alternative struct {
	Label   string `json:"label"`
	Title   string `json:"title"`
	Summary string `json:"summary,omitempty"`
	// Points is the Borda score where voting happened.
	Points   int    `json:"points,omitempty"`
	Selected bool   `json:"selected,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// PanelMember attributes a role to the profile that played it. Attribution is revealed only
// in the final record, never in prompts before synthesis.
type PanelMember struct {
	Role     string `json:"role"`
	Label    string `json:"label,omitempty"`
	Profile  string `json:"profile"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Family   string `json:"family"`
	Effort   string `json:"effort,omitempty"`
	// Failed names why the member produced nothing (e.g. "timeout"), empty when it answered.
	Failed string `json:"failed,omitempty"`
}

// PhaseSummary is one phase's published summary.
type PhaseSummary struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Body  string `json:"body"`
}

// DeferredItem is future work captured from a deliberation.
type DeferredItem struct {
	Title     string `json:"title"`
	Rationale string `json:"rationale"`
	Source    string `json:"source"`
	SessionID string `json:"session_id"`
}
