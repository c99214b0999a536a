package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/war-room/war-room/protocols"
)

// Grammar is what Parse needs to know about protocols, supplied by the protocol registry so
// that the parser itself names none.
type Grammar struct {
	// Default is the protocol of the bare form "/war-room <question>".
	Default string
	// Words maps a command word to its protocol ("reason" → "reason").
	Words map[string]string
	// Flags returns a protocol's flag allowlist; a flag not on it is a usage error.
	Flags func(protocol string) []Flag
	// Stops are the words protocols' gates offer for stopping ("decline", "drop"): a reply
	// using one means cancel, never a new session on the question "decline".
	Stops []string
}

// Flag is one allowlisted flag: a boolean one is written --name, another --name=value.
type Flag struct {
	Name string
	Bool bool
}

func (g Grammar) allowed(protocol string) []Flag {
	if g.Flags == nil {
		return nil
	}
	return g.Flags(protocol)
}

// wordFor is the command word of a protocol ("" for the default), with a trailing space.
func (g Grammar) wordFor(protocol string) string {
	if protocol == g.Default {
		return ""
	}
	for w, p := range g.Words {
		if p == protocol {
			return w + " "
		}
	}
	return ""
}

// Usage is the help text replied to /war-room help and to a malformed command.
func (g Grammar) Usage() string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Start a session** (the first line of a comment; further lines are context):\n\n")
	fmt.Fprintf(&b, "- `%s <question>` — %s\n", prefix, g.Default)
	words := make([]string, 0, len(g.Words))
	for w := range g.Words {
		words = append(words, w)
	}
	sort.Strings(words)
	for _, w := range words {
		p := g.Words[w]
		if protocols.Available(p) != nil {
			fmt.Fprintf(&b, "- `%s %s <question>` — %s: not available yet\n", prefix, w, p)
			continue
		}
		fmt.Fprintf(&b, "- `%s %s [flags] <question>` — %s", prefix, w, p)
		if f := g.allowed(p); len(f) > 0 {
			fmt.Fprintf(&b, "; flags: %s", flagList(f))
		}
		b.WriteString("\n")
	}
	b.WriteString("\nEvery one also takes `--seed N`: the same seed draws the same roles. `/war-room reason` keeps `Facts:`, " +
		"`Constraints:` and `Position:` sections of the comment apart; only its attacker sees your position.\n")
	fmt.Fprintf(&b, "\n**Answer a waiting session:** `%[1]s proceed`, `%[1]s proceed #N`, `%[1]s reaffirm #N`, "+
		"`%[1]s skip`, `%[1]s approve`, `%[1]s cancel` (or `decline`, `drop`).\n\n"+
		"**Member memory:** `%[1]s memory review`, `%[1]s memory approve ID`, `%[1]s memory reject ID`.\n\n"+
		"**On a decision's discussion:** `%[1]s outcome held|reversed|partly <what happened>` records what became of it "+
		"(on an issue, `outcome #N …`); `%[1]s reopen <what changed>` deliberates its question again on a new issue, "+
		"superseding it.\n\n`%[1]s doctor` checks each configured "+
		"provider profile with a few real calls and replies with what works.\n\n`%[1]s review`, on a pull request, runs its "+
		"review lanes on the current head.\n\n`%[1]s help` replies with this list.\n", prefix)
	return b.String()
}

// commandLine returns the text after /war-room on the comment's first line and the lines
// after it. A first line in an indented code block, a fence, a quote or an HTML comment does
// not start with /war-room, so it is not a command; neither is "/war-roomx".
func commandLine(body string) (args, rest string, ok bool) {
	body = strings.TrimPrefix(strings.ReplaceAll(body, "\r\n", "\n"), "\ufeff")
	for {
		line, tail, more := strings.Cut(body, "\n")
		if strings.TrimSpace(line) != "" || !more {
			body = line
			rest = tail
			break
		}
		body = tail
	}
	// Four spaces or a tab make an indented code block in Markdown.
	indent := len(body) - len(strings.TrimLeft(body, " "))
	if indent > 3 || strings.HasPrefix(strings.TrimLeft(body, " "), "\t") {
		return "", "", false
	}
	line := strings.TrimRight(strings.TrimLeft(body, " "), " \t")
	if !strings.HasPrefix(line, prefix) {
		return "", "", false
	}
	after := line[len(prefix):]
	if after != "" && after[0] != ' ' && after[0] != '\t' {
		return "", "", false
	}
	return strings.TrimSpace(after), strings.TrimSpace(rest), true
}
