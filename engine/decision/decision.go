package decision

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
)

// Decision is the protocol-neutral record every protocol ends in. The Discussions publisher,
// the CLI and the Action consume only this; none of them knows which protocol produced it.
// What only one protocol has (war-room's reversibility table, council's ballot, reason's
// attack vector) travels as Sections, Labels and Class, which renderers show without knowing
// what they mean. Text fields, sections included, hold model output verbatim (markdown) and
// are untrusted: every renderer quotes and sanitises them itself.
type Decision struct {
	// Protocol is "war-room", "reason" or "council".
	Protocol string `json:"protocol"`
	// Title is what a reader sees first, the protocol's prefix included, e.g.
	// "[War Room] Adopt PostgreSQL"; the publisher only shortens it to GitHub's 256 characters.
	Title    string `json:"title"`
	Question string `json:"question"`
	// Context is the situation as the protocol summarised it.
	Context string `json:"context,omitempty"`
	// Outcome is the selected approach or answer.
	Outcome      string `json:"outcome"`
	Rationale    string `json:"rationale,omitempty"`
	Consequences string `json:"consequences,omitempty"`
	// Confidence is set where the protocol states one (the reason chain; war-room, beside its
	// Borda standing, when the decider states it).
	Confidence string `json:"confidence,omitempty"`
	// Summary is the decision in one sentence, the card's first line (a renderer falls back
	// to the outcome's first sentence).
	Summary string `json:"summary,omitempty"`
	// Margin is how the panel stood on the outcome, in words that do not overstate it
	// ("unanimous, 4 of 4", "plurality 2 of 4 (2-1-1)", "led the Borda count, 18 points to
	// 15"); empty where no vote was held.
	Margin string `json:"margin,omitempty"`
	// Override is set when the decider chose an option other than the ballot's leader, as one
	// sentence a card shows: what was chosen over what, and the decider's reason.
	Override string `json:"override,omitempty"`
	// Baseline is the matched-compute vote held beside the decision when the session asked
	// for one (see Baseline), stamped by the engine; nil when none was asked.
	Baseline *BaselineVote `json:"baseline,omitempty"`
	// Minutes is the time the calls took along the session's phases, stamped by the engine.
	Minutes float64 `json:"minutes,omitempty"`
	// Class is a short classification the protocol gives the decision, shown in the
	// decision log's column and `decisions list` (war-room: "type 1A"); empty for none.
	Class string `json:"class,omitempty"`
	// Labels are the labels the protocol asks the publisher to apply where the repository has
	// them (war-room: "type-1a"), besides the configured ones.
	Labels []string `json:"labels,omitempty"`
	// Sections are the protocol's own parts of the record, in the order it wants them read.
	Sections     []Section     `json:"sections,omitempty"`
	Alternatives []Alternative `json:"alternatives,omitempty"`
	// Dissent lists disagreement kept as it was stated: never merged into the outcome.
	Dissent []string `json:"dissent,omitempty"`
	// WhatWouldChangeMind lists the conditions under which the outcome should be revisited.
	WhatWouldChangeMind []string      `json:"what_would_change_mind,omitempty"`
	Panel               []PanelMember `json:"panel,omitempty"`
	// Positions are what each seat held when the panel decided (the option its last ballot
	// put first), stamped by the protocol from the ballots it counted; empty where no seat
	// voted. Calibration sets them against the outcomes recorded later.
	Positions []Position `json:"positions,omitempty"`
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

// Section is one part of the record that only its protocol has. Renderers show it under
// Title as Text, then Table, then Items, each sanitised as model text; they never interpret
// Key, which names the section for machines (e.g. "reversibility").
type Section struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	// Text is a markdown paragraph (or several).
	Text  string   `json:"text,omitempty"`
	Table *Table   `json:"table,omitempty"`
	Items []string `json:"items,omitempty"`
}

// Table is a small table of one-line cells. A row shorter than Columns is padded and a
// longer one cut, so a table always renders whole.
type Table struct {
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// Alternative is an option considered and not chosen (or a finalist).
type Alternative struct {
	Label   string `json:"label"`
	Title   string `json:"title"`
	Summary string `json:"summary,omitempty"`
	// Score is the alternative's standing where the protocol ranks them (Borda points, votes).
	Score    *Score `json:"score,omitempty"`
	Selected bool   `json:"selected,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// Score is a count in a unit the protocol names, singular and plural ("vote", "votes").
type Score struct {
	Value  int    `json:"value"`
	Unit   string `json:"unit"`
	Plural string `json:"plural,omitempty"`
}

// String is "11 Borda points" or "1 vote".
func (s Score) String() string {
	unit := s.Unit
	if s.Value != 1 && s.Plural != "" {
		unit = s.Plural
	}
	return strings.TrimSpace(fmt.Sprintf("%d %s", s.Value, unit))
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

// Position is one seat's standing choice at the end of a deliberation.
type Position struct {
	// Seat names the seat as Panel does (its role title).
	Seat   string `json:"seat"`
	Family string `json:"family"`
	Model  string `json:"model,omitempty"`
	// Option is the label of the alternative the seat put first.
	Option string `json:"option"`
	// Chosen says the option is the one the decision selected.
	Chosen bool `json:"chosen,omitempty"`
	// Confidence is the probability the seat gave its option, where it stated one as a number
	// ("70 %", "0.7"); 0 when it stated none or only a word ("medium").
	Confidence float64 `json:"confidence,omitempty"`
}

// statedProbability finds a probability stated as a percentage or a fraction.
var statedProbability = regexp.MustCompile(`(?:^|[^\d.])(\d{1,3}(?:\.\d+)?)\s?%|(?:^|[^\d.])(0?\.\d+|1\.0+)(?:[^\d.%]|$)`)

// StatedProbability reads the first probability text states as a number ("CONFIDENCE: 70 %
// — …", "p = 0.7"), as a fraction in (0, 1]; ok is false when it states none.
func StatedProbability(text string) (p float64, ok bool) {
	m := statedProbability.FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	if m[1] != "" {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil || v <= 0 || v > 100 {
			return 0, false
		}
		return v / 100, true
	}
	v, err := strconv.ParseFloat(m[2], 64)
	if err != nil || v <= 0 || v > 1 {
		return 0, false
	}
	return v, true
}

// PhaseSummary is one phase's published summary. Title is war-room's (renderers still
// sanitise it as one inline phrase). Parts are the body, in order, with war-room's own
// structure and the model text it frames kept apart, so that a renderer can show the one as
// structure and only quote the other.
type PhaseSummary struct {
	Key   string      `json:"key"`
	Title string      `json:"title"`
	Parts []PhasePart `json:"parts,omitempty"`
	// Body is the whole body as one markdown text, what a record stored before Parts holds.
	// It mixes war-room's text with model text, so a renderer treats all of it as model text
	// (quoted) and reads it only when Parts is empty.
	Body string `json:"body,omitempty"`
}

// DeferredItem is future work captured from a deliberation.
type DeferredItem struct {
	Title     string `json:"title"`
	Rationale string `json:"rationale"`
	Source    string `json:"source"`
	SessionID string `json:"session_id"`
}

// Section returns the decision's section under key.
func (d *Decision) Section(key string) (Section, bool) {
	for _, s := range d.Sections {
		if s.Key == key {
			return s, true
		}
	}
	return Section{}, false
}

// Independence labels. Independence is judged by the model family each profile declares,
// never by the endpoint, and never taken from a model's text.
const (
	Conforming          = "conforming"
	ReducedIndependence = "reduced-independence"
)

// ProviderUsage is usage summed per profile: tokens are never summed across providers.
type ProviderUsage struct {
	Profile  string         `json:"profile"`
	Provider string         `json:"provider"`
	Family   string         `json:"family"`
	Model    string         `json:"model"`
	Calls    int            `json:"calls"`
	Usage    provider.Usage `json:"usage"`
	CostUSD  float64        `json:"cost_usd,omitempty"`
	Scripted bool           `json:"scripted,omitempty"`
}

// Title is prefix and the question's first line, shortened to 120 characters, e.g.
// "[War Room] Should billing move to a queue?".
func Title(prefix, question string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(question), "\n")
	first = strings.TrimSpace(first)
	if r := []rune(first); len(r) > 120 {
		first = strings.TrimSpace(string(r[:119])) + "…"
	}
	return prefix + " " + first
}

// Digest is the SHA-256 of d as the record commits to it: its JSON encoding with the
// Merkle root left empty.
func (d *Decision) Digest() (string, error) {
	c := *d
	c.MerkleRoot = ""
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("encode decision: %w", err)
	}
	return record.SHA256Hex(b), nil
}
