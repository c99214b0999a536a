package site

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine/decision"
)

// A title is text someone typed on GitHub and a decision's text is a model's: neither becomes
// markup on the site. A decision whose predecessor is not on the site names it without a dead
// link, and one with no readable record says so instead of showing nothing.
func TestBuildKeepsUntrustedTextAsText(t *testing.T) {
	d := &decision.Decision{Protocol: "council", Title: "[Council] x", Question: "Q?",
		Outcome: "Pick <img src=x onerror=alert(1)> **this**", Labels: []string{"type-2"}, SessionID: "wr-1"}
	files, err := Build("acme/widgets", []Entry{
		{Row: discussions.DecisionRow{Number: 7, Title: `<script>alert(1)</script>`, Date: "2026-12-01", Supersedes: 4}, Decision: d, Verified: true},
		{Row: discussions.DecisionRow{Number: 9, Title: "No record", Date: "2026-12-02"}, Unreadable: "it carries no verifiable record"},
	})
	require.NoError(t, err)
	index, page, bare := string(files["index.html"]), string(files["decisions/7.html"]), string(files["decisions/9.html"])
	for name, html := range map[string]string{"index": index, "page": page} {
		assert.NotContains(t, html, "<script>alert", name)
		assert.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script&gt;", name)
		assert.NotContains(t, html, "<img", name)
	}
	assert.Contains(t, page, "Supersedes #4 (not on this site)")
	assert.NotContains(t, page, `href="4.html"`)
	assert.Contains(t, page, "<strong>this</strong>", "the model's emphasis renders as emphasis")
	assert.Contains(t, bare, "carries no record war-room can check: it carries no verifiable record")
	assert.Contains(t, index, `<span class="bad">no record</span>`)
	assert.True(t, strings.Index(index, "decisions/9.html") < strings.Index(index, "decisions/7.html"), "newest first")
	assert.Contains(t, index, "1 of them verify")
	assert.NotEmpty(t, files["style.css"])
}
