package discussions

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of what is published: GitHub's, which refuse a longer text with 422, so the
// publisher never sends one. Nothing is cut short of them.
const (
	maxBodyChars  = 65536
	maxTitleChars = 256
)

// fit cuts text to at most maxChars characters, less reserve (what the caller adds around
// it), at a word boundary, closing an open code fence and ending with a note that says so and
// where the whole text is. A text within the limit is returned as it is.
func fit(text string, maxChars, reserve int, where string) (string, bool) {
	note := fmt.Sprintf("\n\n> **Cut:** this text is longer than GitHub allows in one comment. The whole text: %s\n", where)
	budget := maxChars - reserve
	if utf8.RuneCountInString(text) <= budget {
		return text, false
	}
	cut := text
	room := budget - utf8.RuneCountInString(note) - len("\n~~~~")
	if utf8.RuneCountInString(cut) > room {
		cut = runePrefix(cut, room)
		if i := strings.LastIndexFunc(cut, unicode.IsSpace); i > 0 {
			cut = cut[:i]
		}
	}
	cut = strings.TrimRightFunc(cut, unicode.IsSpace)
	if fence := openFence(cut); fence != "" {
		// A fence longer than the room kept for it (text with a long run of backticks) is
		// paid for by cutting more; the cut may then fall before the fence opened.
		if over := utf8.RuneCountInString(cut) + 1 + len(fence) + utf8.RuneCountInString(note) - budget; over > 0 {
			cut = strings.TrimRightFunc(runePrefix(cut, utf8.RuneCountInString(cut)-over), unicode.IsSpace)
		}
		if fence = openFence(cut); fence != "" {
			cut += "\n" + fence
		}
	}
	return cut + note, true
}

// runePrefix returns the first n runes of s.
func runePrefix(s string, n int) string {
	if n <= 0 {
		return ""
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

// openFence returns the fence that closes the code block s ends inside, or "". A fence is a
// run of three or more backticks or tildes opening a line (CommonMark allows up to three
// spaces before it); only a line of the same character, at least as long, closes it, so a
// probe's output fenced with four backticks stays open across a line of three.
func openFence(s string) string {
	open := ""
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimLeft(line, " ")
		if len(line)-len(t) > 3 || t == "" || t[0] != '`' && t[0] != '~' {
			continue
		}
		run := t[:len(t)-len(strings.TrimLeft(t, t[:1]))]
		switch {
		case len(run) < 3:
		case open == "":
			open = run
		case run[0] == open[0] && len(run) >= len(open) && strings.TrimSpace(t[len(run):]) == "":
			open = ""
		}
	}
	return open
}

// fitTitle keeps a title within GitHub's limit, marking a cut with an ellipsis.
func fitTitle(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	if utf8.RuneCountInString(t) <= maxTitleChars {
		return t
	}
	r := []rune(t)
	return strings.TrimRightFunc(string(r[:maxTitleChars-1]), unicode.IsSpace) + "…"
}
