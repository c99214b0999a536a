package decision

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// Markdown renders the decision for a terminal or a file. Model text is printed as it came:
// the record's job is to keep the outcome and the dissent side by side, never to merge them.
func (d *Decision) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.Title)
	if line := d.IndependenceLine(); line != "" {
		fmt.Fprintf(&b, "**%s**\n\n", line)
	}
	section(&b, "Question", d.Question)
	section(&b, "Context", d.Context)
	section(&b, "Decision", d.Outcome)
	if d.Confidence != "" {
		fmt.Fprintf(&b, "**Confidence:** %s\n\n", d.Confidence)
	}
	// Dissent sits right under the outcome, never below the fold: it is what a reader of a
	// confident-sounding decision most needs to see.
	list(&b, "Dissent", d.Dissent)
	section(&b, "Rationale", d.Rationale)
	section(&b, "Consequences", d.Consequences)
	d.writeSections(&b)
	d.writeAlternatives(&b)
	list(&b, "What would change this decision", d.WhatWouldChangeMind)
	list(&b, "Notes", d.Notes)
	d.writePanel(&b)
	d.writeFooter(&b)
	return b.String()
}

func section(b *strings.Builder, title, body string) {
	if strings.TrimSpace(body) == "" {
		return
	}
	fmt.Fprintf(b, "## %s\n\n%s\n\n", title, strings.TrimSpace(body))
}

func list(b *strings.Builder, title string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "## %s\n\n", title)
	for _, it := range items {
		fmt.Fprintf(b, "- %s\n", strings.TrimSpace(it))
	}
	b.WriteString("\n")
}

// writeSections prints the protocol's own sections: text, then table, then items.
func (d *Decision) writeSections(b *strings.Builder) {
	for _, s := range d.Sections {
		if t := oneLine(s.Title); t != "" {
			fmt.Fprintf(b, "## %s\n\n", t)
		}
		if t := strings.TrimSpace(s.Text); t != "" {
			fmt.Fprintf(b, "%s\n\n", t)
		}
		if s.Table != nil && len(s.Table.Columns) > 0 {
			writeRow(b, s.Table.Columns, len(s.Table.Columns))
			b.WriteString("|" + strings.Repeat("---|", len(s.Table.Columns)) + "\n")
			for _, r := range s.Table.Rows {
				writeRow(b, r, len(s.Table.Columns))
			}
			b.WriteString("\n")
		}
		if len(s.Items) > 0 {
			for _, it := range s.Items {
				fmt.Fprintf(b, "- %s\n", oneLine(it))
			}
			b.WriteString("\n")
		}
	}
}

// writeRow prints one table row of exactly n cells.
func writeRow(b *strings.Builder, cells []string, n int) {
	b.WriteString("|")
	for i := range n {
		c := ""
		if i < len(cells) {
			c = cell(cells[i])
		}
		fmt.Fprintf(b, " %s |", c)
	}
	b.WriteString("\n")
}

func (d *Decision) writeAlternatives(b *strings.Builder) {
	if len(d.Alternatives) == 0 {
		return
	}
	b.WriteString("## Alternatives considered\n\n")
	for _, a := range d.Alternatives {
		mark := ""
		if a.Selected {
			mark = " (selected)"
		}
		name := a.Title
		if a.Label != "" && a.Title != "" {
			name = a.Label + ": " + a.Title
		} else if a.Label != "" {
			name = a.Label
		}
		fmt.Fprintf(b, "- **%s**%s", name, mark)
		if a.Score != nil {
			fmt.Fprintf(b, " — %s", oneLine(a.Score.String()))
		}
		if a.Summary != "" {
			fmt.Fprintf(b, ": %s", oneLine(a.Summary))
		}
		if a.Reason != "" {
			fmt.Fprintf(b, " (%s)", oneLine(a.Reason))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func (d *Decision) writePanel(b *strings.Builder) {
	if len(d.Panel) == 0 {
		return
	}
	b.WriteString("## Panel\n\n| Role | Profile | Model | Family | Effort | Status |\n|---|---|---|---|---|---|\n")
	for _, m := range d.Panel {
		status := "answered"
		if m.Failed != "" {
			status = "no answer: " + m.Failed
		}
		model := m.Model
		if m.Provider == provider.TypeScript {
			model += " (scripted — not a model)"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", m.Role, m.Profile, model, m.Family, m.Effort, status)
	}
	b.WriteString("\n")
}

func (d *Decision) writeFooter(b *strings.Builder) {
	if len(d.Usage) > 0 {
		b.WriteString("## Usage per provider profile\n\n| Profile | Family | Calls | Input | Output | Cache read | Cache write | USD |\n|---|---|---|---|---|---|---|---|\n")
		for _, u := range d.Usage {
			usd := "—"
			if u.CostUSD > 0 {
				usd = fmt.Sprintf("%.4f", u.CostUSD)
			}
			name := u.Profile
			if u.Scripted {
				name += " (scripted — not a model)"
			}
			fmt.Fprintf(b, "| %s | %s | %d | %d | %d | %d | %d | %s |\n", name, u.Family, u.Calls,
				u.Usage.InputTokens, u.Usage.OutputTokens, u.Usage.CacheReadTokens, u.Usage.CacheWriteTokens, usd)
		}
		b.WriteString("\n")
	}
	if len(d.Metrics) > 0 {
		b.WriteString("## Metrics\n\n| Metric | Value |\n|---|---|\n")
		for _, k := range slices.Sorted(maps.Keys(d.Metrics)) {
			fmt.Fprintf(b, "| %s | %s |\n", k, cell(d.Metrics[k]))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "---\nsession %s · seed %d", d.SessionID, d.Seed)
	if d.Independence != "" {
		fmt.Fprintf(b, " · independence %s", d.Independence)
	}
	if d.MerkleRoot != "" {
		fmt.Fprintf(b, " · merkle root %s", d.MerkleRoot)
	}
	b.WriteString("\n")
}

func cell(s string) string { return strings.ReplaceAll(oneLine(s), "|", "\\|") }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// IndependenceLine is the record's first line when independence was reduced, "" otherwise:
// the engine's finding, stamped where no reader can miss it.
func (d *Decision) IndependenceLine() string {
	if d.Independence != ReducedIndependence {
		return ""
	}
	how := "lost during the run"
	if d.IndependenceApproved {
		how = "approved by a person before the first call"
	}
	line := "Independence: " + ReducedIndependence + " (" + how + ")"
	if len(d.IndependenceReasons) > 0 {
		line += ": " + strings.Join(d.IndependenceReasons, "; ")
	}
	return line
}
