package discussions

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/safetext"
)

// cardSentence bounds the card's sentences that come from a model, so the card stays within
// the first screen a reader sees.
const cardSentence = 140

// Fact is one line of the card: a label and its words, as the record has them (unescaped).
type Fact struct{ Label, Text string }

// CardFacts are what a reader who reads nothing else needs, in order: what was decided, how
// the panel stood (in words that do not overstate it, an override said as one, and what a
// plain vote beside it chose when the session asked for one), the stated
// confidence, who dissented, whether the panel was independent, and how long it took and what
// it cost per vendor (never summed across vendors). The CLI prints them first; card renders
// them for GitHub.
func CardFacts(d *decision.Decision) []Fact {
	var out []Fact
	add := func(label, text string) {
		if strings.TrimSpace(text) != "" {
			out = append(out, Fact{label, text})
		}
	}
	decided := d.Summary
	if decided == "" {
		decided = safetext.Headline(d.Outcome, cardSentence)
	}
	add("Decided", clip(decided))
	reduced := d.Independence == decision.ReducedIndependence
	if reduced {
		// Right under the decision: what a reader must weigh it by.
		add("Independence", independenceLine(d))
	}
	add("Panel", d.Margin)
	if d.Override != "" {
		add("Override", clip(d.Override))
	}
	if d.Baseline != nil {
		// Beside how the panel stood: whether a plain vote would have chosen the same.
		add("Baseline", d.Baseline.Line(d))
	}
	add("Confidence", d.Confidence)
	add("Dissent", dissentLine(d.Dissent))
	if !reduced {
		add("Independence", independenceLine(d))
	}
	line := minutes(d.Minutes)
	if len(d.Usage) > 0 {
		line += " · " + ledger.CostPerVendor(d.Usage)
	}
	add("Time and cost", line)
	return out
}

// card renders the facts as the list that opens the body and the comment marked as the
// answer, each value a phrase, and where the record is.
func card(d *decision.Decision, where string) string {
	var lines []string
	for _, f := range CardFacts(d) {
		lines = append(lines, "- **"+f.Label+":** "+safetext.Phrase(f.Text))
	}
	lines = append(lines, "- **Record:** "+where)
	return strings.Join(lines, "\n")
}

// clip keeps a model's sentence to the card's length.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > cardSentence {
		return strings.TrimSpace(string(r[:cardSentence-1])) + "…"
	}
	return s
}

func dissentLine(dissent []string) string {
	switch len(dissent) {
	case 0:
		return "none recorded"
	case 1:
		return "1, " + clip(dissent[0])
	}
	return fmt.Sprintf("%d; the first, %s", len(dissent), clip(dissent[0]))
}

func independenceLine(d *decision.Decision) string {
	if d.Independence == "" || len(d.IndependenceReasons) == 0 {
		return d.Independence
	}
	line := d.Independence + ", because " + strings.Join(d.IndependenceReasons, "; ")
	if d.IndependenceApproved {
		line += " (approved before the first call)"
	}
	return line
}

func minutes(m float64) string {
	if m < 1 {
		return "under a minute"
	}
	return fmt.Sprintf("%.1f min", m)
}
