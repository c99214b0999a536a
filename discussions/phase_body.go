package discussions

import (
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/safetext"
)

// phaseBody renders a phase's parts: war-room's headings, sentences, tables and lists as
// structure, each line, cell and item sanitised as an inline phrase (they carry labels, model
// names and option titles others chose); model text quoted and probe output fenced, so
// nothing a model wrote becomes structure. A phase stored before parts existed is one body
// mixing both, quoted whole.
func phaseBody(p engine.PhaseSummary) string {
	if len(p.Parts) == 0 {
		return safetext.Quote(p.Body)
	}
	var out []string
	for _, part := range p.Parts {
		var s string
		switch part.Kind {
		case engine.PartHeading:
			if h := safetext.Inline(part.Text); h != "" {
				s = "#### " + h
			}
		case engine.PartText:
			s = strings.Join(inlineLines(part.Text), "\n")
		case engine.PartTable:
			s = strings.Join(tableLines(part.Table), "\n")
		case engine.PartItems:
			lines := items(part.Items)
			for i := range lines {
				lines[i] = "- " + lines[i]
			}
			s = strings.Join(lines, "\n")
		case engine.PartCode:
			if strings.TrimSpace(part.Text) != "" {
				s = safetext.Code(part.Text)
			}
		default: // a quote, or a kind this binary does not know: model text either way
			s = safetext.Quote(part.Text)
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, "\n\n")
}

// inlineLines is war-room's multi-line text, each non-blank line sanitised as a phrase.
func inlineLines(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if l := safetext.Inline(line); l != "" {
			out = append(out, l)
		}
	}
	return out
}
