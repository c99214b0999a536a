package warroom

import (
	"fmt"
	"strings"
)

// renderScores is the reversibility assessment as a markdown table with its verdict.
func renderScores(rev reversibility) string {
	var b strings.Builder
	b.WriteString("| Dimension | Score | Rationale |\n|---|---|---|\n")
	for _, d := range rev.Dimensions {
		fmt.Fprintf(&b, "| %s | %d/5 | %s |\n", d.Name, d.Score, oneLine(d.Rationale))
	}
	fmt.Fprintf(&b, "\nRS %.2f, type %s, recommended mode %s\n", rev.Score, rev.Type, rev.Mode)
	return b.String()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "|", "/")), " ")
}
