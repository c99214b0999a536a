package council

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ruling is the arbiter's parsed answer.
type ruling struct {
	Text         string   `json:"text"`
	Selected     int      `json:"selected"`
	Decision     string   `json:"decision"`
	Rationale    string   `json:"rationale"`
	Dissent      []string `json:"dissent,omitempty"`
	TripWires    []string `json:"trip_wires"`
	Consequences string   `json:"consequences,omitempty"`
}

// errNoDissentRecord is wrapped by every ruling rejected for its dissent record.
var errNoDissentRecord = errors.New("the dissent record is mandatory")

// parseRuling reads the arbiter's ruling against a docket of n options and the ballot tally.
// The dissent record must exist; when any ballot chose another option than the one selected,
// it must not say "none" and must name every such member by label in an item that says what
// they held — agreement the ballots do not show is never accepted.
func parseRuling(text string, n int, t tally) (ruling, error) {
	k, err := oneChoice(text, selectLine, "SELECTED", n)
	if err != nil {
		return ruling{}, err
	}
	s := sections(selectLine.ReplaceAllString(text, ""))
	if _, ok := s[headingKey(secDissent)]; !ok {
		return ruling{}, fmt.Errorf("%w: the ruling has no \"## %s\" section", errNoDissentRecord, secDissent)
	}
	if err := requireSections(s, secDecision, secRationale, secTripWires); err != nil {
		return ruling{}, err
	}
	r := ruling{Text: text, Selected: k, Decision: s[headingKey(secDecision)], Rationale: s[headingKey(secRationale)],
		Dissent: items(s[headingKey(secDissent)]), TripWires: items(s[headingKey(secTripWires)]),
		Consequences: s[headingKey(secConseq)]}
	if len(r.TripWires) == 0 {
		return ruling{}, errors.New("the trip-wires say none: give at least one \"reopen if …\" condition a person could observe")
	}
	against := t.Against(k)
	if len(against) == 0 {
		return r, nil
	}
	if len(r.Dissent) == 0 {
		return ruling{}, fmt.Errorf("%w: %s voted for other options than Option %d, so the dissent record cannot be empty or \"none\"",
			errNoDissentRecord, strings.Join(against, ", "), k)
	}
	named := recorded(r.Dissent)
	var missing []string
	for _, l := range against {
		if !slices.Contains(named, l) {
			missing = append(missing, l)
		}
	}
	if len(missing) > 0 {
		return ruling{}, fmt.Errorf("%w: %s voted against Option %d and the dissent record does not say what they held; record each dissenting member by label with their view (\"none\" or a bare label is not a record)",
			errNoDissentRecord, strings.Join(missing, ", "), k)
	}
	return r, nil
}

func rulingContract(n int, t tally) func(string) error {
	return func(text string) error { _, err := parseRuling(text, n, t); return err }
}
