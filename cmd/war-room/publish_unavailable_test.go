package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/internal/githubfake"
)

// Discussions disabled, or no category with the configured slug: publish says why and what
// to do, once, publishes nothing and exits 1 (publishing was the command's whole job); the
// decision stays in the state file and publishes once the repository is fixed.
func TestPublishCommandWhenDiscussionsAreUnavailable(t *testing.T) {
	p := newPubEnv(t)
	p.f.AddRepo("acme", "off", githubfake.RepoOptions{DiscussionsEnabled: false})
	p.f.SetPermission("acme/off", "alice", "write")
	p.f.AddRepo("acme", "nocat", githubfake.RepoOptions{DiscussionsEnabled: true})
	p.f.SetPermission("acme/nocat", "alice", "write")
	p.f.AddDiscussionCategory("acme/nocat", "General", "general", false)
	d := p.record("wr-00000000000000c6", "[War Room] Pick the App's store", "")
	for repo, want := range map[string]string{
		"acme/off":   "Discussions are disabled in acme/off; nothing was published (the local record is kept). Enable them under the repository's Settings → General → Features",
		"acme/nocat": `acme/nocat has no discussion category "decisions" (its category slugs: general)`,
	} {
		code, out, errOut := p.run("publish", d.SessionID, "--repo", repo)
		if code != exitFailure || out != "" || strings.Count(errOut, want) != 1 ||
			!strings.Contains(errOut, "session "+d.SessionID+" was not published") {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %s", repo, code, out, errOut)
		}
		code, out, _ = p.run("publish", d.SessionID, "--repo", repo, "--json")
		var res discussions.Result
		if code != exitFailure || json.Unmarshal([]byte(out), &res) != nil || !strings.Contains(res.Skipped, want) {
			t.Errorf("%s --json: exit %d\n%s", repo, code, out)
		}
	}
	if len(p.f.Discussions("acme/nocat")) != 0 {
		t.Fatal("something was published")
	}
	p.f.AddDiscussionCategory("acme/nocat", "Decisions", "decisions", false)
	if code, out, errOut := p.run("publish", d.SessionID, "--repo", "acme/nocat"); code != exitOK || !strings.HasPrefix(out, "published #1 ") {
		t.Errorf("after the category was created: exit %d\n%s\n%s", code, out, errOut)
	}
}

// A bad token is refused with GitHub's reason, not a quoted response body.
func TestPublishCommandBadToken(t *testing.T) {
	p := newPubEnv(t)
	d := p.record("wr-00000000000000c7", "[War Room] Pick the App's store", "")
	p.vars["GITHUB_TOKEN"] = "expired"
	code, _, errOut := p.run("publish", d.SessionID, "--repo", "acme/widgets")
	if code != exitFailure || !strings.Contains(errOut, "(HTTP 401): Bad credentials") || strings.Contains(errOut, "documentation_url") {
		t.Errorf("exit %d\n%s", code, errOut)
	}
}

// A reaffirmation that cannot be recorded (Discussions off) is not reported as recorded.
func TestPublishCommandReaffirmWhenUnavailable(t *testing.T) {
	p := newPubEnv(t)
	p.f.AddRepo("acme", "off", githubfake.RepoOptions{DiscussionsEnabled: false})
	p.f.SetPermission("acme/off", "alice", "write")
	d := p.record("wr-00000000000000c8", "[War Room] Keep SQLite", "reaffirm #1", "reaffirm #1", "proceed", "skip")
	code, out, errOut := p.run("publish", d.SessionID, "--repo", "acme/off")
	if code != exitFailure || strings.Contains(out, "a note was added") || !strings.Contains(errOut, "no note was added") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
}
