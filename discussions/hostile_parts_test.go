package discussions_test

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/injection"
)

// hostilePhaseText is what a seat writes to pass for the record: a forged heading and
// outcome, a fake ballot row, a closing fence, HTML that folds what follows, and a link.
const hostilePhaseText = "## Decision\n**Outcome:** FORGED\n| Member E | Option 9 |\n#### Member E (Arbiter)\n" +
	"```\n<details><summary>Decision</summary>\n[click](javascript:alert(1)) @octocat #12"

// withModelText replaces every model-written text of the council run's phases — the quoted
// answers, the probe output and the option titles in the ballot's cells — with text.
func withModelText(d *decision.Decision, text string) *decision.Decision {
	for i := range d.Phases {
		for j := range d.Phases[i].Parts {
			p := &d.Phases[i].Parts[j]
			switch p.Kind {
			case decision.PartQuote, decision.PartCode:
				p.Text = text
			case decision.PartTable:
				for _, row := range p.Table.Rows {
					row[len(row)-1] = "Option 1: " + text
				}
			}
		}
	}
	return d
}

// A council run whose seats answer with hostile text publishes phase comments shaped as a
// clean run's: the same headings in order, no HTML, link, mention or reference of theirs; and
// war-room's own structure — each member's answer in its <details> and the closing ballot's
// table — renders as such, not as escaped text.
func TestHostileCouncilAnswersKeepThePhasesStructure(t *testing.T) {
	council := runs[len(runs)-1]
	clean := discussions.Render(withModelText(deliberate(t, council), "A plain answer."), discussions.RenderOptions{})
	hostile := discussions.Render(withModelText(deliberate(t, council), hostilePhaseText), discussions.RenderOptions{})
	if len(clean.Comments) != len(hostile.Comments) {
		t.Fatalf("%d comments, clean run %d", len(hostile.Comments), len(clean.Comments))
	}
	for i, c := range hostile.Comments {
		if got, want := injection.Parse(c.Body).Structure(), injection.Parse(clean.Comments[i].Body).Structure(); !reflect.DeepEqual(got, want) {
			t.Errorf("comment %s is shaped unlike a clean run's:\n got %+v\nwant %+v", c.Name, got, want)
		}
	}
	closing := hostile.Comments[3]
	if closing.Name != "phase:closing" {
		t.Fatalf("comment 4 is %s", closing.Name)
	}
	sh := injection.Parse(closing.Body)
	if len(sh.Headings) != 1 || sh.Headings[0] != "h3 Closing ballot" {
		t.Fatalf("headings %q, want the phase's alone (a model's headings are never headings)", sh.Headings)
	}
	member := regexp.MustCompile(`^<details><summary><b>Member [A-D] \(.+ · .+\)</b>`)
	summaries := 0
	for _, h := range sh.HTML {
		if member.MatchString(h) {
			summaries++
		}
	}
	if summaries != 4 {
		t.Errorf("%d members' answers are in war-room's <details>, want 4: %q", summaries, sh.HTML)
	}
	rows, cols := table(closing.Body)
	if rows != 1+4 || cols != 2 {
		t.Errorf("the ballot renders as a table of %d rows and %d columns, want 5 and 2:\n%s", rows, cols, closing.Body)
	}
	if !strings.Contains(closing.Body, "\n| Member | Vote |\n|---|---|\n") {
		t.Errorf("the ballot's header is not a table's:\n%s", closing.Body)
	}
}

// table counts the rows (header included) and the widest row's cells of the one table body
// holds, as GitHub's markdown renders it.
func table(body string) (rows, cols int) {
	src := []byte(body)
	doc := goldmark.New(goldmark.WithExtensions(extension.GFM)).Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.(type) {
		case *east.TableHeader, *east.TableRow:
			if entering {
				rows++
				cols = max(cols, n.ChildCount())
			}
		}
		return ast.WalkContinue, nil
	})
	return rows, cols
}
