package mdsection

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func lower(s string) string { return strings.ToLower(strings.Trim(strings.TrimSpace(s), ":")) }

// A section runs to the next heading of its level or higher: deeper headings stay inside it,
// with their text; a "##" line in a fenced block is not a heading; a setext heading counts;
// the text before the first heading is under "".
func TestSectionsAsCommonMarkParsesThem(t *testing.T) {
	text := "Here is my answer.\n\n## Rationale\nOpening line.\n\n### Cost\nCheaper to run.\n\n#### Detail\nTwo nodes.\n\n### Risk\n" +
		"```\n## not a heading\n```\n\nRisks\n-----\nSetext body.\n\n## Dissent\n- none\n"
	s := Split(text, lower)
	assert.Equal(t, "Here is my answer.", s[""])
	for _, want := range []string{"Opening line.", "### Cost", "Cheaper to run.", "#### Detail", "Two nodes.", "### Risk", "## not a heading"} {
		assert.Contains(t, s["rationale"], want)
	}
	assert.NotContains(t, s["rationale"], "Setext body.", "a setext level-2 heading ends the section")
	assert.Equal(t, "Cheaper to run.\n\n#### Detail\nTwo nodes.", s["cost"])
	assert.Equal(t, "Setext body.", s["risks"])
	assert.Equal(t, "- none", s["dissent"])
	_, ok := s["not a heading"]
	assert.False(t, ok)
}

// A bold line stands in for a heading only where no real heading of that name exists, and
// it never ends a real heading's section.
func TestBoldLinesNameSectionsModelsWroteWithoutHeadings(t *testing.T) {
	s := Split("## Rationale\nBecause.\n\n**Risks:**\n- a queue backlog\n\n**Rationale**\nnot this one\n\n## Dissent\nnone", lower)
	assert.Equal(t, "- a queue backlog\n\n**Rationale**\nnot this one", s["risks"])
	assert.Contains(t, s["rationale"], "**Risks:**", "the bold line stays inside the real section")
	assert.NotContains(t, s["rationale"], "not this one\n\nnone")
	assert.Equal(t, "none", s["dissent"])
}

// A heading written twice has its bodies joined; emphasis in a heading is not part of its
// name.
func TestRepeatedAndEmphasisedHeadings(t *testing.T) {
	s := Split("## *Risks*\none\n\n## Other\nx\n\n## Risks\ntwo", lower)
	assert.Equal(t, "one\n\ntwo", s["risks"])
}

// Require says which headings are missing and which are there with nothing under them.
func TestRequireNamesWhatIsWrong(t *testing.T) {
	s := Split("## Rationale\n\n## Risks\n- one", lower)
	assert.NoError(t, Require(s, lower, "Risks"))
	assert.EqualError(t, Require(s, lower, "Rationale", "Risks", "Dissent"), "sections: no heading for ## Dissent; nothing under ## Rationale")
}
