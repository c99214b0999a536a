package discussions

import (
	"html"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/safetext"
)

// headlineChars bounds the one line that says what an answer says.
const headlineChars = 140

// answer is a member's text in a phase: war-room's heading naming who wrote it (label, seat)
// and the text as the model wrote it.
type answer struct{ who, text string }

// phaseBlocks renders a phase's parts as the blocks of its comment, in order. A heading
// followed by model text is a member's answer: war-room's summary of the answers, one line
// each (who, and the answer's first sentence), comes right before the first, and each follows in
// full inside its own collapsed <details>, rendered as its author wrote it. war-room's own
// sentences, tables and lists are structure, every line, cell and item rendered as a phrase
// (they embed labels, model names and option titles others chose); probe output is fenced. A
// phase stored before parts existed is one body mixing both, rendered whole as model text.
func phaseBlocks(p decision.PhaseSummary) []string {
	if len(p.Parts) == 0 {
		return nonEmpty(safetext.Markdown(p.Body))
	}
	var answers []answer
	for i := 0; i+1 < len(p.Parts); i++ {
		if p.Parts[i].Kind == decision.PartHeading && p.Parts[i+1].Kind == decision.PartQuote {
			answers = append(answers, answer{who: p.Parts[i].Text, text: withoutMarkers(p.Parts[i+1])})
		}
	}
	var summary string
	if len(answers) > 1 {
		lines := make([]string, len(answers))
		for i, a := range answers {
			lines[i] = "- **" + safetext.Words(a.who) + "**"
			if h := safetext.Headline(a.text, headlineChars); h != "" {
				lines[i] += ": " + safetext.Inline(h)
			}
		}
		summary = strings.Join(lines, "\n")
	}
	var out []string
	for i := 0; i < len(p.Parts); i++ {
		part := p.Parts[i]
		if part.Kind == decision.PartHeading && i+1 < len(p.Parts) && p.Parts[i+1].Kind == decision.PartQuote {
			if summary != "" { // the summary of the answers goes right before the first of them
				out, summary = append(out, summary), ""
			}
			out = append(out, details(part.Text, withoutMarkers(p.Parts[i+1])))
			i++
			continue
		}
		var s string
		switch part.Kind {
		case decision.PartHeading:
			if h := safetext.Words(part.Text); h != "" {
				s = "#### " + h
			}
		case decision.PartText:
			s = strings.Join(phraseLines(part.Text), "\n")
		case decision.PartTable:
			s = strings.Join(tableLines(part.Table), "\n")
		case decision.PartItems:
			lines := items(part.Items)
			for i := range lines {
				lines[i] = "- " + lines[i]
			}
			s = strings.Join(lines, "\n")
		case decision.PartCode:
			if strings.TrimSpace(part.Text) != "" {
				s = safetext.Code(part.Text)
			}
		default: // model text with no heading, or a kind this binary does not know
			s = details("", withoutMarkers(part))
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// details is model text in a <details> it cannot leave: the summary line is war-room's (who
// wrote it, HTML-escaped) and the text's first sentence; the text follows rendered as
// markdown, between blank lines so GitHub renders it.
func details(who, text string) string {
	body := safetext.Markdown(text)
	if body == "" {
		return ""
	}
	summary := html.EscapeString(safetext.Plain(strings.Join(strings.Fields(who), " ")))
	if summary == "" {
		summary = "The answer in full"
	}
	summary = "<b>" + summary + "</b>"
	if h := safetext.Headline(text, headlineChars); h != "" {
		summary += " — " + html.EscapeString(h)
	}
	return "<details><summary>" + summary + "</summary>\n\n" + body + "\n\n</details>"
}

// withoutMarkers is a quote's text less its contract lines: a line that, past list marks,
// quote marks and emphasis, starts with one of the part's markers and a colon.
func withoutMarkers(p decision.PhasePart) string {
	if len(p.Markers) == 0 {
		return p.Text
	}
	var keep []string
	for _, line := range strings.Split(p.Text, "\n") {
		bare := strings.TrimLeft(line, " \t>-+*_`")
		marker := false
		for _, m := range p.Markers {
			if len(bare) > len(m) && strings.EqualFold(bare[:len(m)], m) &&
				strings.HasPrefix(strings.TrimLeft(bare[len(m):], "*_` \t"), ":") {
				marker = true
			}
		}
		if !marker {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n")
}

// phraseLines is war-room's multi-line text, each non-blank line rendered as a phrase.
func phraseLines(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if l := safetext.Phrase(line); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
