//lint:file-ignore ST1005 the messages begin with the docket's own label for an option, "Option N", as the clerk wrote it

package council

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// option is one course of action on the docket.
type option struct {
	Number  int      `json:"number"`
	Title   string   `json:"title"`
	Summary string   `json:"summary,omitempty"`
	Holders []string `json:"holders"`
}

// Name is how prompts and records refer to the option: "Option 2".
func (o option) Name() string { return fmt.Sprintf("Option %d", o.Number) }

// docket is the clerk's parsed answer.
type docket struct {
	Options  []option `json:"options"`
	Disputes []string `json:"disputes,omitempty"`
}

var (
	optionLine = regexp.MustCompile(`(?i)^[ \t>*_+-]*option\s+(\d+)[*_]*\s*[:.)\-–—]\s*(.*)$`)
	heldBy     = regexp.MustCompile(`(?i)[(\[]?\s*held\s+by\s*:?\s*(.*?)[)\]]?\s*\.?\s*$`)
	titleSep   = regexp.MustCompile(`\s+[—–-]\s+|:\s+`)
)

// parseDocket reads the clerk's docket. labels are the members who filed a position: every
// option must be held by known members, and every member must hold at least one option.
func parseDocket(text string, labels []string) (docket, error) {
	s := sections(text)
	if err := present(s, secOptions, secDisputes); err != nil {
		return docket{}, err
	}
	var d docket
	for _, line := range optionLines(s[headingKey(secOptions)]) {
		o, err := parseOption(line, labels)
		if err != nil {
			return docket{}, err
		}
		if o.Number != len(d.Options)+1 {
			return docket{}, fmt.Errorf("options must be numbered 1, 2, 3, … in order; found Option %d after %d option(s)", o.Number, len(d.Options))
		}
		if slices.ContainsFunc(d.Options, func(p option) bool { return strings.EqualFold(p.Title, o.Title) }) {
			return docket{}, fmt.Errorf("two options share the title %q; merge them or tell them apart", o.Title)
		}
		d.Options = append(d.Options, o)
	}
	if n := len(d.Options); n == 0 || n > maxOptions {
		return docket{}, fmt.Errorf("the docket lists %d option(s); list between 1 and %d, one line each: \"- Option 1: <title> — <summary>. Held by: Member A\"", n, maxOptions)
	}
	for _, l := range labels {
		if !slices.ContainsFunc(d.Options, func(o option) bool { return slices.Contains(o.Holders, l) }) {
			return docket{}, fmt.Errorf("%s's position is in no option: every position must be held by at least one option", l)
		}
	}
	d.Disputes = items(s[headingKey(secDisputes)])
	return d, nil
}

// optionLines joins each "Option n" line with the lines that continue it.
func optionLines(body string) []string {
	var out []string
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case optionLine.MatchString(line):
			out = append(out, t)
		case t != "" && len(out) > 0:
			out[len(out)-1] += " " + t
		}
	}
	return out
}

func parseOption(line string, labels []string) (option, error) {
	m := optionLine.FindStringSubmatch(line)
	var o option
	fmt.Sscan(m[1], &o.Number)
	rest := strings.TrimSpace(m[2])
	h := heldBy.FindStringSubmatchIndex(rest)
	if h == nil {
		return o, fmt.Errorf("Option %d names no holders: end its line with \"Held by: Member A, Member C\"", o.Number)
	}
	o.Holders = members(rest[h[2]:h[3]])
	for _, l := range o.Holders {
		if !slices.Contains(labels, l) {
			return o, fmt.Errorf("Option %d is held by %s, who filed no position (members: %s)", o.Number, l, strings.Join(labels, ", "))
		}
	}
	if len(o.Holders) == 0 {
		return o, fmt.Errorf("Option %d names no holders: end its line with \"Held by: Member A, Member C\"", o.Number)
	}
	desc := strings.TrimSpace(strings.Trim(strings.TrimSpace(rest[:h[0]]), "*_"))
	parts := titleSep.Split(desc, 2)
	o.Title = strings.Trim(strings.TrimSpace(parts[0]), "*_ .")
	if len(parts) == 2 {
		o.Summary = strings.TrimSpace(parts[1])
	}
	if o.Title == "" {
		return o, fmt.Errorf("Option %d has no title", o.Number)
	}
	return o, nil
}

func docketContract(labels []string) func(string) error {
	return func(text string) error { _, err := parseDocket(text, labels); return err }
}
