package discussions

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/internal/safetext"
)

// PriorQuestion is the gate's question, its excerpt and its valid answers: "reaffirm #N" for
// each prior decision, "proceed" (one) or "proceed #N" (several) to deliberate anew and
// supersede #N, and "skip" to deliberate with no link. The question is war-room's words;
// the discussions' titles (a question someone asked, a title an outsider wrote) are the
// excerpt, which renderers quote. Related discussions are listed after the matches for
// information and are never among the choices.
func PriorQuestion(matches, related []PriorMatch) (question, excerpt string, choices []string) {
	var b, ex strings.Builder
	b.WriteString("Earlier decisions may cover this question (listed below). ")
	var reaffirm, proceed []string
	for _, m := range matches {
		fmt.Fprintf(&ex, "%s\n", matchText(m))
		reaffirm = append(reaffirm, fmt.Sprintf("reaffirm #%d", m.Number))
		proceed = append(proceed, fmt.Sprintf("proceed #%d", m.Number))
	}
	if len(matches) == 1 {
		proceed = []string{"proceed"}
	}
	b.WriteString("Answer reaffirm #N to keep that decision without a new deliberation, proceed to " +
		"deliberate anew and supersede it, or skip to deliberate with no link to it.")
	if len(related) > 0 {
		ex.WriteString("\n" + RelatedNote(related))
	}
	return b.String(), strings.TrimSpace(ex.String()), append(append(reaffirm, proceed...), "skip")
}

// MatchList lists matches on one line, "#N title (date); …", each title made safe to publish.
func MatchList(ms []PriorMatch) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = matchText(m)
	}
	return strings.Join(parts, "; ")
}

// RelatedNote is the sentence that lists related discussions: found on the topic, but not
// decisions war-room recorded, so nothing is offered, linked or written about them.
func RelatedNote(related []PriorMatch) string {
	return "Related discussions (not decisions war-room recorded; listed for information only): " +
		MatchList(related) + "."
}

func matchText(m PriorMatch) string {
	return fmt.Sprintf("#%d %s (%s)", m.Number, safetext.Plain(m.Title), dateOf(m.CreatedAt))
}
