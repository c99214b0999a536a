package discussions

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of what is published. The word limits keep a discussion a readable summary (the full
// record stays in the store); the character limits are GitHub's and refuse a longer text
// with 422, so the publisher must never send one.
const (
	maxBodyWords    = 2000
	maxCommentWords = 500
	maxBodyChars    = 65536
	maxTitleChars   = 256
)

// fit cuts text to at most maxWords words and maxChars characters, at a word boundary,
// closing an open code fence and ending with an explicit note that says where the full
// record is. reserve is the character count of what the caller adds around the text.
func fit(text string, maxWords, maxChars, reserve int, fullRecord string) (string, bool) {
	note := fmt.Sprintf("\n\n> **Truncated** — this text was cut to fit GitHub. Full record: %s\n", fullRecord)
	budget := maxChars - reserve
	if countWords(text) <= maxWords && utf8.RuneCountInString(text) <= budget {
		return text, false
	}
	cut := text[:wordEnd(text, maxWords)]
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

func countWords(s string) int { return len(strings.Fields(s)) }

// wordEnd returns the byte offset just after the n-th word of s (len(s) if it has fewer).
func wordEnd(s string, n int) int {
	words, in := 0, false
	for i, r := range s {
		space := unicode.IsSpace(r)
		if in && space {
			if words == n {
				return i
			}
		}
		if !in && !space {
			words++
		}
		in = !space
	}
	return len(s)
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
