package warroom

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// manualTriggers are the reasons the decider may escalate beyond what the score implies.
var manualTriggers = []string{
	1: "high complexity (several architectural trade-offs)",
	2: "significant disagreement between the courses of action",
	3: "novel problem domain (reversibility uncertain)",
	4: "precedent-setting decision",
	5: "a full council was explicitly requested",
}

// escalationReview is the decider's answer at the escalation check.
type escalationReview struct {
	Escalate   bool   `json:"escalate"`
	Triggers   []int  `json:"triggers,omitempty"`
	Deescalate bool   `json:"deescalate"`
	Note       string `json:"note,omitempty"`
}

// parseEscalation reads ESCALATE, TRIGGERS, DEESCALATE and NOTE lines.
func parseEscalation(text string) (escalationReview, error) {
	var r escalationReview
	var errs []error
	var err error
	if r.Escalate, err = yesNo(field(text, "ESCALATE"), "ESCALATE"); err != nil {
		errs = append(errs, err)
	}
	if r.Deescalate, err = yesNo(field(text, "DEESCALATE"), "DEESCALATE"); err != nil {
		errs = append(errs, err)
	}
	if r.Triggers, err = triggers(field(text, "TRIGGERS")); err != nil {
		errs = append(errs, err)
	}
	r.Note = field(text, "NOTE")
	switch {
	case r.Escalate && r.Deescalate:
		errs = append(errs, errors.New("ESCALATE and DEESCALATE cannot both be yes"))
	case r.Escalate && len(r.Triggers) == 0:
		errs = append(errs, errors.New("ESCALATE: yes needs at least one trigger number in TRIGGERS"))
	case r.Deescalate && r.Note == "":
		errs = append(errs, errors.New("DEESCALATE: yes needs a NOTE explaining why the decision is easier to undo than scored"))
	}
	return r, errors.Join(errs...)
}

func yesNo(v, name string) (bool, error) {
	switch strings.ToLower(strings.Trim(v, ".")) {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("%s must be yes or no, got %q", name, v)
}

func triggers(v string) ([]int, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" || v == "none" || v == "-" {
		return nil, nil
	}
	var out []int
	for _, tok := range regexp.MustCompile(`[,\s]+`).Split(v, -1) {
		if tok == "" {
			continue
		}
		n, err := strconv.Atoi(tok)
		if err != nil || n < 1 || n >= len(manualTriggers) {
			return nil, fmt.Errorf("TRIGGERS must list numbers 1-%d or say none, got %q", len(manualTriggers)-1, tok)
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

func escalationContract(text string) error {
	_, err := parseEscalation(text)
	return err
}
