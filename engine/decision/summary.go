package decision

import (
	"strings"
	"time"
)

// DecisionSummary is what browsing a store's decisions reads instead of the whole decision:
// `decisions list` shows its columns and `decisions search` matches its Text. Run.Seal stores
// it beside the decision; a session sealed before summaries existed has none, and a browser
// reads its decision instead.
type DecisionSummary struct {
	SessionID string `json:"session_id"`
	// Protocol and CreatedAt are the session's; PutSummary ignores them and Browse fills
	// them from the session.
	Protocol  string    `json:"protocol"`
	CreatedAt time.Time `json:"created_at"`
	Class     string    `json:"class,omitempty"`
	Title     string    `json:"title"`
	// Text is what a search matches, lowercased: the title, question, context, outcome,
	// rationale and every dissent. Browse does not read it back.
	Text string `json:"-"`
}

// BrowseEntry is one session as Store.Browse lists it: the session's ID, Protocol and
// CreatedAt, with its summary's Class and Title when Summarised.
type BrowseEntry struct {
	DecisionSummary
	// Summarised says whether the store holds the session's summary; without one the
	// session may have a decision sealed before summaries were kept, or no decision yet.
	Summarised bool
}

// SummaryOf is the summary of session id's decision d.
func SummaryOf(id string, d *Decision) *DecisionSummary {
	parts := append([]string{d.Title, d.Question, d.Context, d.Outcome, d.Rationale}, d.Dissent...)
	return &DecisionSummary{SessionID: id, Protocol: d.Protocol, Class: d.Class, Title: d.Title,
		Text: SearchText(strings.Join(parts, "\n"))}
}

// SearchText is text as a summary's Text holds it and as a search word must be given to
// Store.Browse: lowercased, so that matching ignores case.
func SearchText(s string) string { return strings.ToLower(s) }
