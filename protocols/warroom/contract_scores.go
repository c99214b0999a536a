package warroom

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// scoreLine matches "REVERSAL_COST: 4 - rationale" (the separator may be -, –, —, : or |).
var scoreLine = regexp.MustCompile(`(?m)^[\s*>-]*([A-Z_]+)\**\s*:\s*\**(\S+?)\**\s*(?:[-–—:|]\s*(.*))?$`)

// parseScores reads the five dimension scores. Every dimension must appear exactly once with
// an integer 1–5 and a rationale; anything else is a contract failure, never a guess.
func parseScores(text string) ([]dimension, error) {
	found := map[string]dimension{}
	var errs []error
	for _, m := range scoreLine.FindAllStringSubmatch(text, -1) {
		name, ok := dimensionName(m[1])
		if !ok {
			continue
		}
		if _, dup := found[m[1]]; dup {
			errs = append(errs, fmt.Errorf("%s is scored more than once", m[1]))
			continue
		}
		n, err := strconv.Atoi(m[2])
		if err != nil || n < 1 || n > 5 {
			errs = append(errs, fmt.Errorf("%s score %q is not an integer from 1 to 5", m[1], m[2]))
			continue
		}
		why := strings.TrimSpace(m[3])
		if why == "" {
			errs = append(errs, fmt.Errorf("%s has no rationale after its score", m[1]))
			continue
		}
		found[m[1]] = dimension{Name: name, Score: n, Rationale: why}
	}
	out := make([]dimension, 0, len(dimensions))
	for _, d := range dimensions {
		v, ok := found[d.Key]
		if !ok && !hasErrFor(errs, d.Key) {
			errs = append(errs, fmt.Errorf("%s is missing (want a line \"%s: <1-5> - <rationale>\")", d.Key, d.Key))
		}
		out = append(out, v)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

func dimensionName(key string) (string, bool) {
	for _, d := range dimensions {
		if d.Key == key {
			return d.Name, true
		}
	}
	return "", false
}

func hasErrFor(errs []error, key string) bool {
	for _, e := range errs {
		if strings.HasPrefix(e.Error(), key+" ") {
			return true
		}
	}
	return false
}
