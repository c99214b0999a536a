package warroom

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

var rankSep = regexp.MustCompile(`[>,;]`)

var rankingLine = regexp.MustCompile(`(?im)^[\s*>-]*RANKING\**\s*:\s*\**(.+)$`)

// parseRanking reads "RANKING: C > A > B" (or with "Response" before each letter, or commas)
// and returns full labels best first. It must rank every label in labels exactly once.
func parseRanking(text string, labels []string) ([]string, error) {
	m := rankingLine.FindAllStringSubmatch(text, -1)
	if len(m) != 1 {
		return nil, fmt.Errorf("want exactly one line \"RANKING: <best> > … > <worst>\", got %d", len(m))
	}
	var got []string
	for _, tok := range rankSep.Split(m[0][1], -1) {
		tok = strings.TrimSpace(strings.Trim(strings.TrimSpace(tok), "*_.`\"'"))
		tok = strings.TrimSpace(strings.TrimPrefix(strings.ToLower(tok), "response"))
		if tok == "" {
			continue
		}
		label := "Response " + strings.ToUpper(tok)
		if !slices.Contains(labels, label) {
			return nil, fmt.Errorf("%q is not one of the responses (%s)", tok, strings.Join(labels, ", "))
		}
		if slices.Contains(got, label) {
			return nil, fmt.Errorf("%s is ranked twice", label)
		}
		got = append(got, label)
	}
	if len(got) != len(labels) {
		var missing []string
		for _, l := range labels {
			if !slices.Contains(got, l) {
				missing = append(missing, l)
			}
		}
		return nil, fmt.Errorf("the ranking must include every response; missing %s", strings.Join(missing, ", "))
	}
	return got, nil
}

func rankingContract(labels []string) func(string) error {
	return func(text string) error {
		_, err := parseRanking(text, labels)
		return err
	}
}

// challengeContract wants a "### Response X" section for every label.
func challengeContract(labels []string) func(string) error {
	return func(text string) error {
		s := sections(text)
		var missing []string
		for _, l := range labels {
			if strings.TrimSpace(s[strings.ToLower(l)]) == "" {
				missing = append(missing, "### "+l)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("address every response under its own heading; missing %s", strings.Join(missing, ", "))
		}
		return nil
	}
}
