package decision

import (
	"strings"
)

// Markdown renders the phase's body for a terminal or a file, as Decision.Markdown renders
// the record: model text as it came, war-room's structure as markdown. A phase stored
// before Parts is its Body.
func (p PhaseSummary) Markdown() string {
	if len(p.Parts) == 0 {
		return strings.TrimSpace(p.Body)
	}
	var out []string
	for _, part := range p.Parts {
		var b strings.Builder
		switch part.Kind {
		case PartHeading:
			b.WriteString("#### " + oneLine(part.Text))
		case PartTable:
			if t := part.Table; t != nil && len(t.Columns) > 0 {
				writeRow(&b, t.Columns, len(t.Columns))
				b.WriteString("|" + strings.Repeat("---|", len(t.Columns)) + "\n")
				for _, r := range t.Rows {
					writeRow(&b, r, len(t.Columns))
				}
			}
		case PartItems:
			for _, it := range part.Items {
				b.WriteString("- " + oneLine(it) + "\n")
			}
		case PartCode:
			text := strings.TrimRight(part.Text, "\n")
			fence := strings.Repeat("`", max(3, longestBackticks(text)+1))
			b.WriteString(fence + "\n" + text + "\n" + fence)
		default:
			b.WriteString(strings.TrimSpace(part.Text))
		}
		if s := strings.TrimRight(b.String(), "\n"); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n\n")
}

// longestBackticks is the longest run of backticks in s, which a code fence must outrun.
func longestBackticks(s string) int {
	longest := 0
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r != '`' }) {
		longest = max(longest, len(run))
	}
	return longest
}
