package council

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/war-room/war-room/protocols/internal/mdsection"
)

// noneFoundLine is a member's exact statement that it looked for a flaw and found none.
const noneFoundLine = "NONE_FOUND"

// maxOptions bounds a docket: more options than that is a docket nobody can ballot on.
const maxOptions = 6

// lead is what markdown may put before a keyword at the start of a line.
const lead = `^[ \t>*_#+-]*`

var (
	memberRef  = regexp.MustCompile(`\bMember ([A-Z]{1,2})\b`)
	noneFound  = regexp.MustCompile(`(?m)` + lead + noneFoundLine + `[*_]*\s*[:\-–—]?\s*(\S.*)$`)
	voteLine   = regexp.MustCompile(`(?im)` + lead + `VOTE[*_]*\s*:[*_\s]*(.*)$`)
	selectLine = regexp.MustCompile(`(?im)` + lead + `SELECTED[*_]*\s*:[*_\s]*(.*)$`)
	optionRef  = regexp.MustCompile(`(?i)^\**option\s+(\d+)\b`)
)

// requireSections checks that every named section is present and not empty.
func requireSections(s map[string]string, names ...string) error {
	return mdsection.Require(s, headingKey, names...)
}

// present checks that every named section exists; it may say "none".
func present(s map[string]string, names ...string) error {
	var missing []string
	for _, n := range names {
		if _, ok := s[headingKey(n)]; !ok {
			missing = append(missing, "## "+n)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("missing sections: %s", strings.Join(missing, ", "))
	}
	return nil
}

// checkPosition is the blind position's contract.
func checkPosition(text string) error {
	return requireSections(sections(text), secPosition, secGrounds, secRisks)
}

// members returns the member labels text names, in order, each once.
func members(text string) []string {
	var out []string
	for _, m := range memberRef.FindAllStringSubmatch(text, -1) {
		if l := "Member " + m[1]; !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// checkCross is the cross-examination's contract: challenges addressed to at least one other
// member by label, or an explicit NONE_FOUND saying what was tested; and a concessions section.
func checkCross(own string, others []string) func(string) error {
	return func(text string) error {
		s := sections(text)
		if err := present(s, secChallenges, secConcessions); err != nil {
			return err
		}
		ch := s[headingKey(secChallenges)]
		if noneFound.MatchString(ch) {
			return nil
		}
		for _, l := range members(ch) {
			if l != own && slices.Contains(others, l) {
				return nil
			}
		}
		return fmt.Errorf("the challenges address no other member: name one of %s by label, or write %q followed by what you tested",
			strings.Join(others, ", "), noneFoundLine+": …")
	}
}

// optionNumber reads "Option 3" (and decorations) from the start of a value.
func optionNumber(v string, n int) (int, error) {
	m := optionRef.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return 0, fmt.Errorf("%q does not name an option: write \"Option <number>\"", strings.TrimSpace(v))
	}
	var k int
	fmt.Sscan(m[1], &k)
	if k < 1 || k > n {
		return 0, fmt.Errorf("option %d is not on the docket (options 1 to %d)", k, n)
	}
	return k, nil
}

// oneChoice reads the single option a keyword line names; two lines naming different options
// are an error, so an option quoted in prose cannot pass as the choice.
func oneChoice(text string, re *regexp.Regexp, keyword string, n int) (int, error) {
	var found []int
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		k, err := optionNumber(m[1], n)
		if err != nil {
			return 0, fmt.Errorf("%s line: %w", keyword, err)
		}
		if !slices.Contains(found, k) {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 0:
		return 0, fmt.Errorf("no %s line: write a line \"%s: Option <number>\"", keyword, keyword)
	case 1:
		return found[0], nil
	}
	return 0, errors.New("the answer names more than one option on " + keyword + " lines; name exactly one")
}
