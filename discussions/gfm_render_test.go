package discussions_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// cmarkGFM finds GitHub's own markdown renderer (the Debian package cmark-gfm). CI installs
// it and sets WAR_ROOM_REQUIRE_GFM=1, so there the test fails rather than skips without it.
func cmarkGFM(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("cmark-gfm")
	if err != nil {
		if os.Getenv("WAR_ROOM_REQUIRE_GFM") != "" {
			t.Fatal("cmark-gfm is required (WAR_ROOM_REQUIRE_GFM is set) and not on PATH")
		}
		t.Skip("cmark-gfm not installed (apt-get install cmark-gfm)")
	}
	return path
}

// renderGFM renders markdown to HTML as GitHub does: tables, strikethrough, autolinks and
// task lists, raw HTML kept (GitHub then filters it; nothing of a model's reaches it as HTML).
func renderGFM(t *testing.T, bin, md string) string {
	t.Helper()
	cmd := exec.Command(bin, "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist")
	cmd.Stdin = strings.NewReader(md)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("cmark-gfm: %v: %s", err, errb.String())
	}
	return out.String()
}

var (
	codeRE = regexp.MustCompile(`(?s)<pre.*?</pre>|<code>.*?</code>`)
	tagRE  = regexp.MustCompile(`<[^>]+>`)
	// leftover is markup meant as structure that a reader would see as characters.
	leftover = regexp.MustCompile(`\*\*|\\[-*#>_.]|(?m)^\s*#{1,6} |(?m)^\s*[0-9]+\\\.`)
)

// What a reader sees of each protocol's published decision, rendered by a real GFM renderer:
// no text outside code shows markup that was meant as structure (a "**", a "## " line, an
// escaped list marker or number), and war-room's card, headings and every member's answer
// render as elements.
func TestPublishedDecisionsRenderAsStructure(t *testing.T) {
	bin := cmarkGFM(t)
	for _, rc := range runs {
		files, err := filepath.Glob(filepath.Join("testdata", "golden", rc.name, "*.md"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no golden files (%v)", rc.name, err)
		}
		for _, f := range files {
			md, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			html := renderGFM(t, bin, string(md))
			text := tagRE.ReplaceAllString(codeRE.ReplaceAllString(html, ""), "")
			for _, line := range strings.Split(text, "\n") {
				if m := leftover.FindString(line); m != "" {
					t.Errorf("%s: a reader sees %q as text: %q", f, m, line)
				}
			}
			if strings.HasSuffix(f, "body.md") && (!strings.Contains(html, "<li><strong>Decided:</strong>") ||
				!strings.Contains(html, "<h2>Question</h2>")) {
				t.Errorf("%s: the card or the headings did not render as elements:\n%s", f, html[:min(len(html), 800)])
			}
		}
	}
	// A member's answer, written with a heading, bold, a list and a table, renders as those.
	html := renderGFM(t, bin, mustRead(t, filepath.Join("testdata", "golden", "council", "comment-1-blind.md")))
	for _, want := range []string{"<details><summary><b>Member A", "<strong>Position</strong>", "<li>The question asks"} {
		if !strings.Contains(html, want) {
			t.Errorf("the blind positions do not render %q:\n%s", want, html)
		}
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An outcome as GitHub renders it: the verdict as bold, the note's own structure (a heading
// made bold, bold, a list) inside the quote, and nothing the note held acting: no image, no
// link, no mention, no marker.
func TestOutcomeCommentRendersAsStructure(t *testing.T) {
	bin := cmarkGFM(t)
	html := renderGFM(t, bin, mustRead(t, filepath.Join("testdata", "golden", "outcome", "comment-outcome.md")))
	for _, want := range []string{"<strong>Outcome 1: the decision partly held.</strong>", "<blockquote>",
		"<strong>What happened</strong>", "<li>billing moved in March</li>", "<strong>Retries</strong>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the outcome does not render %q:\n%s", want, html)
		}
	}
	for _, never := range []string{"<img", "href=\"https://evil", "<!-- war-room:session=wr-x"} {
		if strings.Contains(html, never) {
			t.Errorf("the outcome renders %q:\n%s", never, html)
		}
	}
	text := tagRE.ReplaceAllString(codeRE.ReplaceAllString(html, ""), "")
	for _, line := range strings.Split(text, "\n") {
		if m := leftover.FindString(line); m != "" {
			t.Errorf("a reader sees %q as text: %q", m, line)
		}
	}
}
