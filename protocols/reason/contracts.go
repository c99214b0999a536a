package reason

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Verdicts of the premise check.
const (
	verdictWellPosed = "QUESTION WELL-POSED"
	verdictSuspect   = "QUESTION SUSPECT"
)

// noOffVectorFinding is the attacker's exact statement that its off-vector scan found nothing.
const noOffVectorFinding = "NO_OFF_VECTOR_FINDING"

// lead is what markdown may put before a keyword at the start of a line: indentation, list
// markers, quotes, emphasis and heading marks.
const lead = `^[ \t>*_#+-]*`

var (
	verdictLine   = regexp.MustCompile(`(?m)` + lead + `(?:[Vv]erdict[*_]*\s*:[*_\s]*)?(QUESTION (?:WELL-POSED|SUSPECT))[*_.\s]*$`)
	claimLine     = regexp.MustCompile(`(?m)` + lead + `(?:\d+[.)]\s*)?[*_]*(C-\d+)\b`)
	vectorLine    = regexp.MustCompile(`(?m)` + lead + `attack_vector[*_]*\s*:(.*)$`)
	claimRef      = regexp.MustCompile(`(?:^|[^\w.])((?:B\.)?C-\d+)\b`)
	offVectorLine = regexp.MustCompile(`(?m)` + lead + `off_vector[*_]*\s*:[*_\s]*(.*?)[*_\s]*$`)
	bareNoFinding = regexp.MustCompile(`(?m)` + lead + noOffVectorFinding + `[*_.\s]*$`)
)

// premiseVerdict returns the premise check's verdict: a line holding exactly
// "QUESTION WELL-POSED" or "QUESTION SUSPECT", optionally after "Verdict:". Two lines that
// disagree are an error, so a quoted phrase cannot pass as the verdict.
func premiseVerdict(text string) (string, error) {
	var found []string
	for _, m := range verdictLine.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(found, m[1]) {
			found = append(found, m[1])
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("no verdict line: write a line %q or %q", "Verdict: "+verdictWellPosed, "Verdict: "+verdictSuspect)
	case 1:
		return found[0], nil
	}
	return "", errors.New("the note states both verdicts; state exactly one")
}

// claimIDs returns the claim identifiers a position paper defines: C-<n> at the start of a
// line, in order, each once.
func claimIDs(text string) []string {
	var ids []string
	for _, m := range claimLine.FindAllStringSubmatch(text, -1) {
		if !slices.Contains(ids, m[1]) {
			ids = append(ids, m[1])
		}
	}
	return ids
}

func checkPosition(text string) error {
	if strings.TrimSpace(text) == "" {
		return errors.New("the position paper is empty")
	}
	if len(claimIDs(text)) == 0 {
		return errors.New("no claim identifiers: start every claim's line with C-<n>, e.g. \"C-1: ...\"")
	}
	return nil
}

// refs returns the claim references (C-<n> or B.C-<n>) in s, in order, each once.
func refs(s string) []string {
	var out []string
	for _, m := range claimRef.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// attackVector returns the claim identifiers named on the claim map's attack_vector lines.
// Every one must be a claim of the papers (known), and there must be at least one.
func attackVector(text string, known []string) ([]string, error) {
	var targets []string
	for _, m := range vectorLine.FindAllStringSubmatch(text, -1) {
		for _, r := range refs(m[1]) {
			if !slices.Contains(targets, r) {
				targets = append(targets, r)
			}
		}
	}
	if len(targets) == 0 {
		return nil, errors.New("no attack vector: write a line starting with \"attack_vector:\" naming at least one claim identifier")
	}
	var unknown []string
	for _, t := range targets {
		if !slices.Contains(known, t) {
			unknown = append(unknown, t)
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("attack_vector names %s, which the position paper(s) do not define (claims are %s)",
			strings.Join(unknown, ", "), strings.Join(known, ", "))
	}
	return targets, nil
}

// checkAttack requires every vector target to be addressed and an off-vector line.
func checkAttack(text string, targets []string) error {
	covered := refs(text)
	var missing []string
	for _, t := range targets {
		if !slices.Contains(covered, t) {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the attack does not address vector target(s) %s", strings.Join(missing, ", "))
	}
	if _, ok := offVector(text); !ok {
		return fmt.Errorf("no off-vector line: write \"off_vector: <finding>\" or exactly \"off_vector: %s\"", noOffVectorFinding)
	}
	return nil
}

// offVector returns the attacker's off-vector finding (NoOffVectorFinding when it found
// nothing) and whether the attack states one.
func offVector(text string) (string, bool) {
	for _, m := range offVectorLine.FindAllStringSubmatch(text, -1) {
		if f := strings.TrimSpace(m[1]); f != "" {
			return f, true
		}
	}
	if bareNoFinding.MatchString(text) {
		return noOffVectorFinding, true
	}
	return "", false
}
