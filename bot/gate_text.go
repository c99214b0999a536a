package bot

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/internal/safetext"
)

// gateText is the open question and the exact commands that answer it.
func gateText(g *pendingGate) string {
	if g == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString("**Waiting for an answer:**\n\n")
	if g.Ask == "" {
		b.WriteString(safetext.Quote(g.Question) + "\n")
	} else {
		// War-room's question keeps its structure (the roster's table, the estimate's list);
		// the operator's names in it are defused as any published plain text is.
		b.WriteString(strings.TrimSpace(safetext.Plain(g.Ask)) + "\n")
	}
	if ex := safetext.Quote(g.Excerpt); ex != "" {
		b.WriteString("\nQuoted as it was written:\n\n" + ex + "\n")
	}
	b.WriteString("\nReply with one of these comments:\n\n")
	for _, c := range replyCommands(g) {
		fmt.Fprintf(&b, "- `%s`\n", c)
	}
	b.WriteString("\n")
	return b.String()
}

// replyCommands are the comments that answer g: each choice a reply verb can express, then
// cancel. A choice no verb expresses (a "decline") is what cancel does.
func replyCommands(g *pendingGate) []string {
	var out []string
	for _, ch := range g.Choices {
		verb, _, _ := strings.Cut(ch, " ")
		switch kind(verb) {
		case kindApprove, kindProceed, kindReaffirm, kindSkip:
			out = append(out, prefix+" "+ch)
		}
	}
	return append(out, prefix+" "+string(kindCancel))
}
