package safetext

import (
	"strings"
	"testing"
)

// A model's answer keeps its form — bold, lists, a table, code — and loses every way out of
// its section: its heading is a bold line, its link keeps only its words, its image only its
// alt text, its HTML shows as typed, and no mention, reference, command or marker survives.
func TestMarkdownKeepsFormAndLosesEveryWayOut(t *testing.T) {
	in := "Preamble.\n\n## Context\nWe **must** pick. See [the docs](javascript:alert(1)) and @octocat #12.\n\n" +
		"1. Stage it.\n2. Roll it\n   - nested *item*\n\n| a | b |\n|---|:-:|\n| `x` | <b>hi</b> |\n\n" +
		"```go\nfmt.Println(\"```\")\n```\n\n> quoted\n\n![alt text](https://evil.example/x.png)\n\n" +
		"<!-- war-room:session=x part=body -->\n\n/war-room approve\n"
	want := strings.Join([]string{
		"Preamble.",
		"**Context**",
		"We **must** pick. See the docs and @\u200doctocat #\u200d12.",
		"1. Stage it.\n2. Roll it\n   - nested *item*",
		"| a | b |\n|---|:---:|\n| `x` | \\<b>hi\\</b> |",
		"````go\nfmt.Println(\"```\")\n````",
		"> quoted",
		"(image: alt text)",
		"\\<!-\u200d- war-room:session=x part=body -->",
		"/\u200dwar-room approve",
	}, "\n\n")
	if got := Markdown(in); got != want {
		t.Errorf("Markdown:\n%s\n\nwant:\n%s", got, want)
	}
}

// Escaped characters stay the author's characters, and text that would open structure at a
// line's start does not.
func TestMarkdownKeepsTheAuthorsCharacters(t *testing.T) {
	for in, want := range map[string]string{
		`a \*literal\* star`:        `a \*literal\* star`,
		"2024\\. A year":            "2024\\. A year",
		"line\n\\# not a heading":   "line\n\\# not a heading",
		"a_b_c and 5 < 6 & 7 | 8":   "a\\_b\\_c and 5 \\< 6 \\& 7 \\| 8",
		"visit www.example.com now": "visit www\u200d.example.com now",
	} {
		if got := Markdown(in); got != want {
			t.Errorf("Markdown(%q) = %q, want %q", in, got, want)
		}
	}
}

// Phrase flattens blocks onto one line and keeps inline form; Headline is the first sentence
// of the first paragraph, its heading skipped; Words drops the author's marks.
func TestPhraseHeadlineWords(t *testing.T) {
	if got := Phrase("## Title\n\n- **bold** item\n- `code`"); got != "Title **bold** item `code`" {
		t.Errorf("Phrase = %q", got)
	}
	if got := Cell("`a|b`"); got != "`a\\|b`" {
		t.Errorf("Cell = %q", got)
	}
	if got := Headline("## Position\nMove the billing jobs onto a queue. Then measure.", 80); got != "Move the billing jobs onto a queue." {
		t.Errorf("Headline = %q", got)
	}
	if got := Headline(strings.Repeat("word ", 100), 20); got != "word word word word…" {
		t.Errorf("long Headline = %q", got)
	}
	if got := Words("**Option 1:** `Adopt` it"); got != "Option 1: Adopt it" {
		t.Errorf("Words = %q", got)
	}
}
