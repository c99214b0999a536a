package discussions

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/injection"
)

func words(n int) string { return strings.TrimSpace(strings.Repeat("word ", n)) }

// Nothing is cut while it fits GitHub's limit of a comment: a body of 3,000 words and a
// phase of 8,000 are published whole, with no note.
func TestNothingIsCutWithinGitHubsLimit(t *testing.T) {
	d := loadDecision(t, "express")
	d.Rationale = words(3000)
	d.Phases[0].Body = words(8000)
	r := Render(d, RenderOptions{FullRecord: "the run's artifact"})
	if n := strings.Count(r.Body, "word"); n != 3000 {
		t.Errorf("the body kept %d of 3000 words", n)
	}
	if n := strings.Count(r.Comments[0].Body, "word"); n != 8000 {
		t.Errorf("the phase kept %d of 8000 words", n)
	}
	if len(r.Truncated) != 0 || strings.Contains(r.Body+r.Comments[0].Body, "**Cut:**") {
		t.Errorf("cut: %v", r.Truncated)
	}
}

// A phase longer than GitHub allows in one comment continues in further comments, split
// between answers, each under its own marker and within the limit; every answer is whole.
func TestLongPhaseContinuesInFurtherComments(t *testing.T) {
	d := loadDecision(t, "express")
	var parts []decision.PhasePart
	for _, who := range []string{"Member A", "Member B", "Member C", "Member D"} {
		parts = append(parts, decision.HeadingPart(who), decision.QuotePart(who+" says "+words(5000)))
	}
	d.Phases[0].Body, d.Phases[0].Parts = "", parts
	r := Render(d, RenderOptions{})
	var phase []Part
	for _, c := range r.Comments {
		if m, _ := ParseMarker(c.Body); strings.HasPrefix(m.Part, r.Comments[0].Name) {
			phase = append(phase, c)
		}
	}
	if len(phase) < 2 {
		t.Fatalf("%d comments hold 4 answers of 25,000 characters each", len(phase))
	}
	all := ""
	for i, c := range phase {
		if n := utf8.RuneCountInString(c.Body); n > maxBodyChars {
			t.Errorf("comment %d is %d characters", i+1, n)
		}
		if i > 0 && !strings.Contains(c.Body, "(continued,") {
			t.Errorf("comment %d does not say it continues the phase", i+1)
		}
		all += c.Body
	}
	for _, who := range []string{"Member A", "Member B", "Member C", "Member D"} {
		if !strings.Contains(all, who+" says "+words(5000)) {
			t.Errorf("%s's answer is not whole", who)
		}
	}
	if len(r.Truncated) != 0 {
		t.Errorf("cut: %v", r.Truncated)
	}
}

// One block longer than GitHub allows in a comment is the one thing cut, and says so.
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
	if openFence(c[:strings.Index(c, "> **Cut:**")]) != "" {
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
		d := &decision.Decision{Protocol: tc.protocol, Title: tc.title, Question: tc.question}
		if got := Title(d); got != tc.want {
			t.Errorf("Title(%s, %q) = %q, want %q", tc.protocol, tc.title, got, tc.want)
		}
	}
	long := Title(&decision.Decision{Protocol: "war-room", Title: strings.Repeat("ü", 400)})
	if n := utf8.RuneCountInString(long); n != maxTitleChars || !strings.HasSuffix(long, "…") {
		t.Errorf("long title: %d characters, %q…", n, long[len(long)-8:])
	}
}

// A probe's output cut to fit ends its code block with the fence that opened it, however long:
// a line of three backticks inside a four-backtick block does not close it, and neither the
// cut note nor the footer is swallowed by the block.
func TestCutProbeOutputClosesItsFence(t *testing.T) {
	for _, output := range []string{
		"````\n```\n" + strings.Repeat("line of output\n", 9000),
		strings.Repeat("`", 2000) + "\n" + strings.Repeat("y", 70000),
	} {
		d := loadDecision(t, "express")
		d.Phases[1].Body, d.Phases[1].Parts = "", []decision.PhasePart{decision.TextPart("Probe E1."), decision.CodePart(output)}
		var c string
		for _, p := range Render(d, RenderOptions{}).Comments {
			if strings.Contains(p.Body, "> **Cut:**") {
				c = p.Body
			}
			if n := utf8.RuneCountInString(p.Body); n > maxBodyChars {
				t.Errorf("%s is %d characters", p.Name, n)
			}
		}
		if c == "" {
			t.Fatal("no comment says the probe output was cut")
		}
		if openFence(c[:strings.Index(c, "> **Cut:**")]) != "" {
			t.Error("the cut left a code fence open")
		}
		s := injection.Parse(c)
		if s.Bold < 1 || !slices.Contains(s.HTML, "<sub>") {
			t.Errorf("the cut note or the footer is inside the code block: %+v\n%s", s, c[len(c)-400:])
		}
	}
}
