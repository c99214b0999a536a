package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSiteFromPublishedDecisions: `war-room site DIR` on the fake GitHub's decisions writes an
// index that lists and links every decision with its status and verify verdict, and a page per
// decision whose card renders as HTML and whose supersedes chain is links both ways; a
// discussion edited behind war-room's back says on its page that it no longer verifies.
// WAR_ROOM_SITE_OUT, when set, also keeps the site there (scripts/screenshots.sh photographs it).
func TestSiteFromPublishedDecisions(t *testing.T) {
	p := supersededPair(t)
	dir := t.TempDir()
	site := func() (int, string, string) { return p.run("site", dir, "--repo", "acme/widgets") }
	code, out, errOut := site()
	require.Equal(t, exitOK, code, "%s%s", out, errOut)
	assert.Contains(t, out, "wrote 2 decision page(s)")
	assert.Contains(t, errOut, "site: reading decision #3 and its record (1 of 2)")
	if keep := os.Getenv("WAR_ROOM_SITE_OUT"); keep != "" {
		require.NoError(t, os.CopyFS(keep, os.DirFS(dir)))
	}

	index := read(t, dir, "index.html")
	assert.Regexp(t, `(?s)<a href="decisions/3.html">\[War Room\] Move the App&#39;s state to PostgreSQL</a>.*`+
		`<a href="decisions/1.html">\[War Room\] Keep SQLite`, index, "newest first, each linked to its page")
	assert.Regexp(t, `(?s)data-status="superseded".*decisions/1.html.*superseded by <a href="decisions/3.html">#3</a>`, index)
	assert.Equal(t, 2, strings.Count(index, `<span class="ok">verifies</span>`), "both decisions verify:\n%s", index)
	assert.Contains(t, index, `<option>war-room</option>`, "the protocol filter offers the protocols on the site")
	assert.Contains(t, index, `<option>type-1b</option>`, "the label filter offers the decisions' labels")
	assert.Regexp(t, `data-outcome="none"[^>]*>\s*<td><a href="decisions/3.html"`, index)
	assert.Regexp(t, `data-outcome="reversed"[^>]*>\s*<td><a href="decisions/1.html"`, index)

	newer, older := read(t, dir, "decisions/3.html"), read(t, dir, "decisions/1.html")
	assert.Contains(t, newer, `Supersedes <a href="1.html">#1</a>`)
	assert.Contains(t, older, `Superseded by <a href="3.html">#3</a>`)
	assert.Regexp(t, `(?s)<h2>What happened</h2>.*<strong>Outcome 1: the decision was reversed.</strong>.*`+
		`<blockquote>\s*<p>SQLite’?'?s single writer stalled the App; we moved.</p>`, older, "the outcome and its note, rendered")
	assert.NotContains(t, newer, "What happened")
	assert.Contains(t, newer, `<li><strong>Decided:</strong>`, "the card renders as a list, not as markdown text")
	assert.Contains(t, newer, `class="verdict ok"`)
	assert.NotRegexp(t, regexp.MustCompile(`\*\*|(?m)^#+ `), stripCode(newer), "markdown left as text on the page")

	// Somebody edits the older decision's card on GitHub: its page and its row say so.
	d := p.f.Discussions("acme/widgets")[0]
	p.f.EditDiscussionBody(d.ID, strings.Replace(d.Body, "**Decided:**", "**Decided:** not", 1))
	code, out, errOut = site()
	require.Equal(t, exitOK, code, "%s%s", out, errOut)
	assert.Contains(t, errOut, "1 decision(s) do not verify")
	assert.Contains(t, read(t, dir, "decisions/1.html"), "Does not verify")
	assert.Contains(t, read(t, dir, "decisions/1.html"), "published body")
	assert.Contains(t, read(t, dir, "index.html"), `<span class="bad">does not verify</span>`)

	// GitHub cannot be read: nothing in DIR changes, and the error says why.
	before := read(t, dir, "index.html")
	bad := *p
	bad.vars = map[string]string{"GITHUB_TOKEN": "nobody", "GITHUB_API_URL": p.vars["GITHUB_API_URL"], "GITHUB_GRAPHQL_URL": p.vars["GITHUB_GRAPHQL_URL"]}
	code, _, errOut = bad.run("site", dir, "--repo", "acme/widgets")
	assert.NotEqual(t, exitOK, code, errOut)
	assert.Equal(t, before, read(t, dir, "index.html"))

	code, _, errOut = p.run("site", dir)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "--repo OWNER/NAME")
}

// supersededPair is acme/widgets with two published decisions: #1, and #3 superseding it.
func supersededPair(t *testing.T) *pubEnv {
	t.Helper()
	p := newPubEnv(t)
	a := p.record("wr-00000000000000f1", "[War Room] Keep SQLite for the App's state", "")
	b := p.record("wr-00000000000000f2", "[War Room] Move the App's state to PostgreSQL", "proceed", "reaffirm #1", "proceed", "skip")
	for _, id := range []string{a.SessionID, b.SessionID} {
		code, out, errOut := p.run("publish", id, "--repo", "acme/widgets")
		require.Equal(t, exitOK, code, "%s%s", out, errOut)
	}
	p.vars["USER"] = "ana"
	code, out, errOut := p.run("decisions", "outcome", "1", "reversed", "SQLite's single writer stalled the App; we moved.", "--repo", "acme/widgets")
	require.Equal(t, exitOK, code, "%s%s", out, errOut)
	return p
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	require.NoError(t, err)
	return string(b)
}

var codeOrScript = regexp.MustCompile(`(?s)<pre.*?</pre>|<code>.*?</code>|<script>.*?</script>|<style>.*?</style>`)

// stripCode drops what may hold markdown characters on purpose: code, the script, the style.
func stripCode(page string) string { return codeOrScript.ReplaceAllString(page, "") }

// chromiumBin finds a real browser. CI installs Chromium and sets WAR_ROOM_REQUIRE_BROWSER=1,
// so there the test fails rather than skips without it.
func chromiumBin(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("WAR_ROOM_REQUIRE_BROWSER") != "" {
		t.Fatal("a browser is required (WAR_ROOM_REQUIRE_BROWSER is set) and none is on PATH")
	}
	t.Skip("no chromium installed")
	return ""
}

// The index's filters, run by a real browser: a filter given in the address shows only the
// rows it matches and says how many; a row is hidden, never removed.
func TestSiteFiltersInABrowser(t *testing.T) {
	bin := chromiumBin(t)
	p := supersededPair(t)
	dir := t.TempDir()
	code, out, errOut := p.run("site", dir, "--repo", "acme/widgets")
	require.Equal(t, exitOK, code, "%s%s", out, errOut)
	dom := func(query string) string {
		t.Helper()
		cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir="+t.TempDir(), "--dump-dom", "file://"+filepath.Join(dir, "index.html")+query)
		b, err := cmd.Output()
		require.NoError(t, err)
		return string(b)
	}
	rowOf := func(page string, n int) string {
		t.Helper()
		m := regexp.MustCompile(`<tr[^>]*>\s*<td><a href="decisions/` + strconv.Itoa(n) + `\.html"`).FindString(page)
		require.NotEmpty(t, m, "no row for #%d in\n%s", n, page)
		return m
	}
	all := dom("")
	assert.Contains(t, all, `<output id="shown">2 of 2 shown</output>`)
	assert.NotContains(t, rowOf(all, 1), "hidden")
	assert.NotContains(t, all, `<form id="filters" class="filters" hidden`, "the browser runs the filters")

	superseded := dom("?status=superseded")
	assert.Contains(t, superseded, `<output id="shown">1 of 2 shown</output>`)
	assert.Contains(t, rowOf(superseded, 3), "hidden")
	assert.NotContains(t, rowOf(superseded, 1), "hidden")

	reversed := dom("?outcome=reversed")
	assert.Contains(t, reversed, `<output id="shown">1 of 2 shown</output>`)
	assert.Contains(t, rowOf(reversed, 3), "hidden")
	assert.NotContains(t, rowOf(reversed, 1), "hidden")

	searched := dom("?q=postgresql+move")
	assert.Contains(t, searched, `<output id="shown">1 of 2 shown</output>`)
	assert.NotContains(t, rowOf(searched, 3), "hidden")
	assert.Contains(t, rowOf(searched, 1), "hidden")
}
