package discussions

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/injection"
)

func words(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }

func TestBodyWordLimitIsExplicit(t *testing.T) {
	d := loadDecision(t, "express")
	d.Rationale = words(3000)
	r := Render(d, RenderOptions{FullRecord: "the run's artifact"})
	main := r.Body[:strings.Index(r.Body, "\n---\n<sub>")]
	if n := countWords(main); n > maxBodyWords+40 {
		t.Errorf("body has %d words before the footer", n)
	}
	if !strings.Contains(r.Body, "**Truncated**") || !strings.Contains(r.Body, "Full record: the run's artifact") {
		t.Error("the truncation note is missing")
	}
	if !strings.Contains(r.Body, "session `wr-00000000000000e1`") {
		t.Error("the footer was cut")
	}
	if len(r.Truncated) != 1 || r.Truncated[0] != partBody {
		t.Errorf("Truncated = %v", r.Truncated)
	}
}

func TestCommentWordLimitIsExplicit(t *testing.T) {
	d := loadDecision(t, "express")
	d.Phases[0].Body = words(800)
	r := Render(d, RenderOptions{})
	c := r.Comments[0].Body
	if n := strings.Count(c, "word"); n != maxCommentWords-4 { // "### Reversibility assessment" counts 3 words, the quote mark 1
		t.Errorf("%d body words kept, want %d", n, maxCommentWords-4)
	}
	if !strings.Contains(c, "**Truncated**") {
		t.Error("no truncation note")
	}
	if strings.Contains(r.Comments[1].Body, "Truncated") {
		t.Error("an untouched comment says truncated")
	}
}

// A few huge "words" pass the word limit but not GitHub's character limit.
func TestCharacterLimitIsEnforced(t *testing.T) {
	d := loadDecision(t, "express")
	d.Context = strings.Repeat(strings.Repeat("é", 5000)+" ", 30)
	d.Phases[1].Body = "```\n" + strings.Repeat("x", 90000)
	r := Render(d, RenderOptions{})
	if n := utf8.RuneCountInString(r.Body); n > maxBodyChars {
		t.Errorf("body is %d characters", n)
	}
	c := r.Comments[1].Body
	if n := utf8.RuneCountInString(c); n > maxBodyChars {
		t.Errorf("comment is %d characters", n)
	}
	if openFence(c[:strings.Index(c, "> **Truncated**")]) != "" {
		t.Error("the cut left a code fence open")
	}
	if _, ok := ParseMarker(c); !ok {
		t.Error("the marker was lost")
	}
}

// The title is the protocol's own, prefix included; the publisher only makes it safe and
// short, and names a decision that has none after its question.
func TestTitle(t *testing.T) {
	for _, tc := range []struct{ protocol, title, question, want string }{
		{"war-room", "[War Room] Adopt X", "", "[War Room] Adopt X"},
		{"war-room", "Adopt   X\n", "", "Adopt X"},
		{"poll", "", "Is Y safe?\nmore detail", "[Decision] Is Y safe?"},
		{"council", "[Council] Ask @core", "", "[Council] Ask @\u200dcore"},
	} {
		d := &engine.Decision{Protocol: tc.protocol, Title: tc.title, Question: tc.question}
		if got := Title(d); got != tc.want {
			t.Errorf("Title(%s, %q) = %q, want %q", tc.protocol, tc.title, got, tc.want)
		}
	}
	long := Title(&engine.Decision{Protocol: "war-room", Title: strings.Repeat("ü", 400)})
	if n := utf8.RuneCountInString(long); n != maxTitleChars || !strings.HasSuffix(long, "…") {
		t.Errorf("long title: %d characters, %q…", n, long[len(long)-8:])
	}
}

// A probe's output cut to fit ends its code block with the fence that opened it, however long:
// a line of three backticks inside a four-backtick block does not close it, and neither the
// truncation note nor the footer is swallowed by the block.
func TestCutProbeOutputClosesItsFence(t *testing.T) {
	for _, output := range []string{
		"````\n```\n" + strings.Repeat("line of output\n", 9000),
		strings.Repeat("`", 2000) + "\n" + strings.Repeat("y", 70000),
	} {
		d := loadDecision(t, "express")
		d.Phases[1].Body, d.Phases[1].Parts = "", []engine.PhasePart{engine.TextPart("Probe E1."), engine.CodePart(output)}
		c := Render(d, RenderOptions{}).Comments[1].Body
		if n := utf8.RuneCountInString(c); n > maxBodyChars {
			t.Errorf("comment is %d characters", n)
		}
		s := injection.Parse(c)
		if s.Bold != 1 || !slices.Contains(s.HTML, "<sub>") {
			t.Errorf("the truncation note or the footer is inside the code block: %+v\n%s", s, c[len(c)-400:])
		}
	}
}
