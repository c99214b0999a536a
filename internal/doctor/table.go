package doctor

import (
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/safetext"
)

// Table renders the report for a terminal as a Markdown table, then one line per check that
// needs a fix.
func (r report) Table() string { return r.render(terminalCell, oneLine) }

// Markdown is Table for GitHub, where the bot replies with it: the same table and list, every
// value from a configuration or an error message (which may hold anything a server sent)
// sanitised as an inline phrase, so a pipe or a line break cannot break the table and no
// markdown, mention or command in it renders.
func (r report) Markdown() string { return r.render(safetext.Inline, safetext.Inline) }

// render writes the table with text, which makes one value fit for a cell, and the fixes with
// item, which makes it fit for a list item.
func (r report) render(text, item func(string) string) string {
	cell := func(s string) string {
		if s = text(s); s == "" {
			return "–"
		}
		return s
	}
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
			if c.Fix != "" && (c.Status == failed || c.Status == unknown || c.Status == warned) {
				fixes = append(fixes, fmt.Sprintf("- %s %s %s: %s — %s", item(row.Profile), c.Name, c.Status.Symbol(), item(c.Detail), item(c.Fix)))
			}
		}
	}
	if len(fixes) > 0 {
		b.WriteString("\nTo fix:\n\n" + strings.Join(fixes, "\n") + "\n")
	}
	var inferred []string
	for _, row := range r.Rows {
		if row.Inferred != "" {
			inferred = append(inferred, fmt.Sprintf("- %s: %s (war-room models %s shows them; the profile's own keys override them)",
				item(row.Profile), item(row.Inferred), item(row.Model)))
		}
	}
	if len(inferred) > 0 {
		b.WriteString("\nSettings inferred:\n\n" + strings.Join(inferred, "\n") + "\n")
	}
	if r.OK() {
		b.WriteString("\nEvery profile can serve.\n")
	} else {
		b.WriteString("\nAt least one profile cannot serve as configured.\n")
	}
	if len(r.Families) == 1 {
		b.WriteString("\nEvery profile is of one family (" + item(r.Families[0]) + "), so no panel of them is independent: " +
			"reason and deliberate stop before the first call for your approval (--approve-reduced-independence, " +
			"or /war-room approve on GitHub) and record the run as reduced independence; convene cannot seat a team " +
			"and refuses; a review lane needs review.diversity: fresh-context. Add a profile of another family to " +
			"deliberate independently.\n")
	}
	return b.String()
}

// cellDetail is a check's detail, short enough for a cell: a failure's full words are in the
// fix list below the table.
func cellDetail(c Check) string {
	if c.Status == failed || c.Status == unknown {
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

// terminalCell keeps a value from breaking the table a terminal shows: on one line, pipes
// escaped.
func terminalCell(s string) string { return strings.ReplaceAll(oneLine(s), "|", "\\|") }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
