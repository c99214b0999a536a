package thread

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/internal/safetext"
)

// Prefix starts every war-room command, a gate's answer among them.
const Prefix = "/war-room"

// The verbs of the replies that answer a gate ("/war-room proceed"); the command grammar
// parses them as its reply commands.
const (
	Approve  = "approve"
	Proceed  = "proceed"
	Reaffirm = "reaffirm"
	Skip     = "skip"
	Cancel   = "cancel"
)

// GateText is the open question and the exact commands that answer it.
func GateText(g *Gate) string {
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
	for _, c := range ReplyCommands(g) {
		fmt.Fprintf(&b, "- `%s`\n", c)
	}
	b.WriteString("\n")
	return b.String()
}

// ReplyCommands are the comments that answer g: each choice a reply verb can express, then
// cancel. A choice no verb expresses (a "decline") is what cancel does.
func ReplyCommands(g *Gate) []string {
	var out []string
	for _, ch := range g.Choices {
		verb, _, _ := strings.Cut(ch, " ")
		switch verb {
		case Approve, Proceed, Reaffirm, Skip:
			out = append(out, Prefix+" "+ch)
		}
	}
	return append(out, Prefix+" "+Cancel)
}
