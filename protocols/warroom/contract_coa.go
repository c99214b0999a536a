package warroom

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// coa is one course of action. Label is its anonymous label once the phase has assigned one.
type coa struct {
	Label string `json:"label"`
	Title string `json:"title"`
	Body  string `json:"body"`
	// Author is the role key that drafted it (sealed until synthesis).
	Author string `json:"author"`
	// Round is the Delphi round of this version (1 for the first draft).
	Round int `json:"round"`
	// At is when the version was written.
	At time.Time `json:"at"`
}

var (
	coaHeading = regexp.MustCompile(`(?m)^#{2,3}\s*COA\s*[:\-–—]\s*(.+?)\s*$`)
	coaParts   = []string{"Pros", "Cons", "Risks", "Effort"}
	coaPartRe  = func() map[string]*regexp.Regexp {
		m := map[string]*regexp.Regexp{}
		for _, p := range coaParts {
			m[p] = regexp.MustCompile(`(?im)^[\s*>-]*\**` + p + `\**\s*:`)
		}
		return m
	}()
)

// parseCOAs reads "## COA: <title>" blocks. Each must carry Pros, Cons, Risks and Effort lines,
// and titles must differ.
func parseCOAs(text string) ([]coa, error) {
	locs := coaHeading.FindAllStringSubmatchIndex(text, -1)
	var out []coa
	seen := map[string]bool{}
	for i, l := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		c := coa{Title: strings.Trim(text[l[2]:l[3]], "*_ "), Body: strings.TrimSpace(text[l[1]:end])}
		if missing := missingParts(c.Body); len(missing) > 0 {
			return nil, fmt.Errorf("COA %q lacks %s", c.Title, strings.Join(missing, ", "))
		}
		key := strings.ToLower(c.Title)
		if seen[key] {
			return nil, fmt.Errorf("two COAs share the title %q: each must be distinct", c.Title)
		}
		seen[key] = true
		out = append(out, c)
	}
	return out, nil
}

func missingParts(body string) []string {
	var missing []string
	for _, p := range coaParts {
		if !coaPartRe[p].MatchString(body) {
			missing = append(missing, p+":")
		}
	}
	return missing
}

// coaContract wants exactly n well-formed, distinct COAs.
func coaContract(n int) func(string) error {
	return func(text string) error {
		cs, err := parseCOAs(text)
		if err != nil {
			return err
		}
		if len(cs) != n {
			return fmt.Errorf("want exactly %d \"## COA: <title>\" section(s), got %d", n, len(cs))
		}
		return nil
	}
}

// Render is the COA as experts see it under its label.
func (c coa) Render() string {
	return "## COA: " + c.Title + "\n\n" + c.Body
}
