package doctor

import (
	"fmt"
	"strings"
	"time"
)

// Table renders the report as a Markdown table, then one line per check that needs a fix:
// the same text for the CLI and for the bot's reply.
func (r Report) Table() string {
	var b strings.Builder
	b.WriteString("| profile | model | family | " + strings.Join(checkOrder, " | ") + " | calls | latency | cost |\n")
	b.WriteString("|---|---|---|" + strings.Repeat("---|", len(checkOrder)) + "---|---|---|\n")
	for _, row := range r.Rows {
		fmt.Fprintf(&b, "| %s | %s | %s |", cell(row.Profile), cell(row.Model), cell(row.Family))
		for _, name := range checkOrder {
			c := row.check(name)
			fmt.Fprintf(&b, " %s |", cell(strings.TrimSpace(c.Status.Symbol()+" "+cellDetail(c))))
		}
		fmt.Fprintf(&b, " %d | %s | %s |\n", row.Calls, row.Latency.Round(time.Millisecond), cost(row))
	}
	var fixes []string
	for _, row := range r.Rows {
		for _, c := range row.Checks {
			if c.Fix != "" && (c.Status == Failed || c.Status == Unknown) {
				fixes = append(fixes, fmt.Sprintf("- %s %s %s: %s — %s", row.Profile, c.Name, c.Status.Symbol(), c.Detail, c.Fix))
			}
		}
	}
	if len(fixes) > 0 {
		b.WriteString("\nTo fix:\n\n" + strings.Join(fixes, "\n") + "\n")
	}
	if r.OK() {
		b.WriteString("\nEvery profile can serve.\n")
	} else {
		b.WriteString("\nAt least one profile cannot serve as configured.\n")
	}
	return b.String()
}

// cellDetail is a check's detail, short enough for a cell: a failure's full words are in the
// fix list below the table.
func cellDetail(c Check) string {
	if c.Status == Failed || c.Status == Unknown {
		d, _, _ := strings.Cut(c.Detail, ":")
		return d
	}
	return c.Detail
}

func cost(row Row) string {
	if !row.Priced {
		return "unpriced"
	}
	return fmt.Sprintf("$%.4f", row.CostUSD)
}

// cell keeps a value from breaking the table.
func cell(s string) string {
	if s == "" {
		return "–"
	}
	return strings.ReplaceAll(s, "|", "\\|")
}
