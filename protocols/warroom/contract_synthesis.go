package warroom

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Synthesis section headings.
const (
	secContext   = "Context"
	secSelected  = "Selected approach"
	secRationale = "Rationale"
	secOrders    = "Implementation orders"
	secWatch     = "Watch points"
	secConseq    = "Consequences"
	secDissent   = "Dissenting views"
	secRejected  = "Rejected alternatives"
)

// synthesisSections are required in every synthesis; Rejected alternatives only when there
// were alternatives.
var synthesisSections = []string{secContext, secSelected, secRationale, secOrders, secWatch, secConseq, secDissent}

// synthesis is the decider's parsed answer.
type synthesis struct {
	Text string `json:"text"`
	// Selected is the chosen COA label, or "ratify"/"override" in express mode.
	Selected     string            `json:"selected"`
	Context      string            `json:"context"`
	Approach     string            `json:"approach"`
	Rationale    string            `json:"rationale"`
	Orders       string            `json:"orders"`
	Watch        []string          `json:"watch,omitempty"`
	Consequences string            `json:"consequences"`
	Dissent      []string          `json:"dissent,omitempty"`
	Rejected     map[string]string `json:"rejected,omitempty"`
	// Confidence is the decider's stated confidence ("CONFIDENCE: medium — …"), empty when it
	// stated none.
	Confidence string `json:"confidence,omitempty"`
}

var selectedLine = regexp.MustCompile(`(?im)^[\s*>-]*SELECTED\**\s*:.*$`)

var confidenceLine = regexp.MustCompile(`(?im)^[\s*>-]*CONFIDENCE\**\s*:.*$`)

var rejectedItem = regexp.MustCompile(`(?i)^\**(Response\s+[A-Z]+)\**\s*[:\-–—]\s*(.*)$`)

// parseSynthesis reads the synthesis. choices are the values SELECTED may take.
func parseSynthesis(text string, choices []string) (synthesis, error) {
	if err := requireSections(synthesisSections...)(text); err != nil {
		return synthesis{}, err
	}
	sel := field(text, "SELECTED")
	i := slices.IndexFunc(choices, func(c string) bool { return strings.EqualFold(c, sel) })
	if i < 0 {
		return synthesis{}, fmt.Errorf("want a line \"SELECTED: <one of %s>\", got %q", strings.Join(choices, ", "), sel)
	}
	s := sections(confidenceLine.ReplaceAllString(selectedLine.ReplaceAllString(text, ""), ""))
	get := func(n string) string { return strings.TrimSpace(s[strings.ToLower(n)]) }
	out := synthesis{Text: text, Selected: choices[i], Context: get(secContext), Approach: get(secSelected),
		Rationale: get(secRationale), Orders: get(secOrders), Watch: bulletsOr(get(secWatch)),
		Consequences: get(secConseq), Dissent: dissent(get(secDissent)), Rejected: map[string]string{},
		Confidence: field(text, "CONFIDENCE")}
	for _, b := range bullets(get(secRejected)) {
		if m := rejectedItem.FindStringSubmatch(b); m != nil {
			label := "Response " + strings.ToUpper(strings.Fields(m[1])[1])
			out.Rejected[label] = strings.TrimSpace(m[2])
		}
	}
	return out, nil
}

// bulletsOr returns a section's bullets, or the whole section as one item when it has none.
func bulletsOr(section string) []string {
	if b := bullets(section); len(b) > 0 {
		return b
	}
	if section == "" {
		return nil
	}
	return []string{section}
}

// dissent drops the "none" a decider writes when nobody dissented.
func dissent(section string) []string {
	var out []string
	for _, b := range bulletsOr(section) {
		if n := strings.ToLower(strings.Trim(b, " .*_")); n == "none" || n == "no dissent" || n == "n/a" {
			continue
		}
		out = append(out, b)
	}
	return out
}

// synthesisContract checks the synthesis; leader is the option the Borda count put first
// ("" where no vote was held). A decider that chooses another must say, in its rationale, why
// not the leader: an override of the vote is a reader's first question.
func synthesisContract(choices []string, leader string) func(string) error {
	return func(text string) error {
		syn, err := parseSynthesis(text, choices)
		if err != nil {
			return err
		}
		if leader == "" || strings.EqualFold(syn.Selected, leader) ||
			strings.Contains(strings.ToLower(syn.Rationale), strings.ToLower(leader)) {
			return nil
		}
		return fmt.Errorf("SELECTED is %s but the Borda count put %s first: the Rationale must say why not %s, naming it",
			syn.Selected, leader, leader)
	}
}
