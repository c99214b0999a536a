package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// countingProvider is an OpenAI-compatible endpoint that counts requests and refuses them
// all: any request reaching it is a provider call that was made.
func countingProvider(t *testing.T) (*httptest.Server, *atomic.Int64) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		http.Error(w, `{"error":{"message":"refused by the test","type":"invalid_request_error"}}`, http.StatusBadRequest)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// countedConfig pools a scripted profile with one behind the counting endpoint.
func countedConfig(t *testing.T, url string) string {
	return fmt.Sprintf(`version: 1
providers:
  alpha: {type: script, family: anthropic, responses: %s}
  counted: {type: openai, model: m1, family: openai, base_url: %s/v1, api_key_env: WR_COUNTED_KEY}
protocols:
  default: reason
  reason:
    pool: [alpha, counted]
github:
  write_spacing: 1ms
`, testdataPath(t, "reason-script.yaml"), url)
}

const testOpenAIKey = "sk-testkeytestkeytestkey0001"

// TestActionRefusesReadPermission: a commenter with read permission gets one short reply and
// nothing is spent. The same command from a writer does reach the provider, so the counter
// is shown to count.
func TestActionRefusesReadPermission(t *testing.T) {
	srv, calls := countingProvider(t)
	w := newActionWorld(t, countedConfig(t, srv.URL))
	w.user("rita", "read")
	w.user("wanda", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "wanda")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	// A key named only in the configuration: masked as soon as the configuration is read.
	keys := map[string]string{"WR_COUNTED_KEY": testOpenAIKey}

	id := w.comment("rita", n, body)
	r := w.run("issue_comment", w.commentEvent("created", n, id, "rita", body), nil, keys)
	wantNoError(t, r)
	bc := botComments(w, n)
	if len(bc) != 1 || !strings.Contains(bc[0].Body, "@rita") || !strings.Contains(bc[0].Body, "`write`") || !strings.Contains(bc[0].Body, "`read`") {
		t.Fatalf("want one refusal reply naming the permission needed and held, got %+v", bc)
	}
	if calls.Load() != 0 || len(ledgerRows(t, r.db)) != 0 || len(w.f.Discussions(aRepo)) != 0 {
		t.Errorf("a refused command spent: %d provider requests, ledger %v", calls.Load(), ledgerRows(t, r.db))
	}
	wantMaskedFirst(t, r, testOpenAIKey)

	id = w.comment("wanda", n, body)
	r = w.run("issue_comment", w.commentEvent("created", n, id, "wanda", body), nil, keys)
	if calls.Load() == 0 {
		t.Fatalf("a writer's command made no provider request either: the counter proves nothing\n%s", r.stderr)
	}
	// The endpoint refuses every request, so the session fails: exit 1, confused, the class said.
	if r.code != 1 {
		t.Errorf("failed session exit %d, want 1", r.code)
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "confused"}) {
		t.Errorf("reactions after a failure: %v", got)
	}
	last := botComments(w, n)
	if reply := last[len(last)-1].Body; !strings.Contains(reply, "The session failed (invalid-request)") {
		t.Errorf("failure reply does not give the class:\n%s", reply)
	}
	wantMaskedFirst(t, r, testOpenAIKey)
}

// wantMaskedFirst checks that secret is masked before any other workflow command is printed.
func wantMaskedFirst(t *testing.T, r actionRun, secret string) {
	t.Helper()
	masked := false
	for _, line := range strings.Split(r.stdout, "\n") {
		switch {
		case line == "::add-mask::"+secret:
			masked = true
		case strings.HasPrefix(line, "::add-mask::"):
		case strings.Contains(line, secret):
			t.Errorf("the key was printed (masked: %v): %s", masked, line)
		case strings.HasPrefix(line, "::") && !masked:
			t.Errorf("%q printed before the key was masked", line)
		}
	}
	if !masked {
		t.Errorf("the key was never masked:\n%s", r.stdout)
	}
}

// TestActionIgnores: edits, comments that are not commands, other bots and our own
// comments trigger nothing — no reaction, no reply.
func TestActionIgnores(t *testing.T) {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	w.user("dependabot[bot]", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")
	cases := []struct{ name, action, login, body string }{
		{"edited", "edited", "alice", "/war-room Should we move the queue?"},
		{"quoted", "created", "alice", "> /war-room Should we move the queue?"},
		{"fenced", "created", "alice", "```\n/war-room Should we move the queue?\n```"},
		{"html comment", "created", "alice", "<!-- /war-room Should we move the queue? -->"},
		{"later line", "created", "alice", "Agreed.\n/war-room Should we move the queue?"},
		{"another bot", "created", "dependabot[bot]", "/war-room Should we move the queue?"},
	}
	for _, tc := range cases {
		id := w.comment(tc.login, n, tc.body)
		r := w.run("issue_comment", w.commentEvent(tc.action, n, id, tc.login, tc.body), nil, nil)
		wantNoError(t, r)
		if got := reactionsOn(w, n, id); len(got) != 0 {
			t.Errorf("%s: reactions %v", tc.name, got)
		}
	}
	// Our own comment, as the bot's token would write it.
	w.tokens[aBotLogin] = aBotToken
	id := w.comment(aBotLogin, n, "/war-room Should we move the queue?")
	wantNoError(t, w.run("issue_comment", w.commentEvent("created", n, id, aBotLogin, "/war-room Should we move the queue?"), nil, nil))
	if bc := botComments(w, n); len(bc) != 1 {
		t.Errorf("the bot answered ignored comments: %+v", bc)
	}
	// Only the other bot's command needed the configuration (ignore_bots lives there); the
	// edits, non-commands and our own comment were dropped before any request about them.
	if got := w.f.CallsTo("GET /repos/{owner}/{repo}/contents/{path...}"); len(got) != 1 {
		t.Errorf("ignored comments read the configuration %d times, want once (for the bot)", len(got))
	}
}

// TestActionUsageReplies: a malformed command, an unknown flag and a bad flag value
// get a reply and spend nothing; a broken configuration is reported, never replaced.
func TestActionUsageReplies(t *testing.T) {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")
	cases := []struct{ body, want string }{
		{"/war-room reason --verbose Should we?", "unknown flag --verbose for reason"},
		{"/war-room reason --passes=zero Should we?", "--passes wants a whole number"},
		{"/war-room convene --rounds=5 Should we hire?", "--rounds wants 1 or 2"},
		{"/war-room proceed", "No war-room session here is waiting for an answer"},
		{"/war-room help", "/war-room reason [flags] <question>"},
	}
	for _, tc := range cases {
		id := w.comment("alice", n, tc.body)
		r := w.run("issue_comment", w.commentEvent("created", n, id, "alice", tc.body), nil, nil)
		wantNoError(t, r)
		bc := botComments(w, n)
		if reply := bc[len(bc)-1].Body; !strings.Contains(reply, tc.want) {
			t.Errorf("%q: reply lacks %q:\n%s", tc.body, tc.want, reply)
		}
		if l := ledgerRows(t, r.db); len(l) != 0 {
			t.Errorf("%q spent %d calls", tc.body, len(l))
		}
	}
	if got := len(botComments(w, n)); got != len(cases) {
		t.Errorf("%d bot comments for %d commands, want one reply each", got, len(cases))
	}

	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", "version: 1\ngithub:\n  trigger:\n    min_permision: admin\n")
	id := w.comment("alice", n, "/war-room Should we?")
	r := w.run("issue_comment", w.commentEvent("created", n, id, "alice", "/war-room Should we?"), nil, nil)
	if r.code != 1 {
		t.Errorf("a broken configuration exits %d, want 1", r.code)
	}
	bc := botComments(w, n)
	if reply := bc[len(bc)-1].Body; !strings.Contains(reply, ".github/war-room.yml:4") || !strings.Contains(reply, "min_permision") {
		t.Errorf("the configuration error is not reported with file, line and key:\n%s", reply)
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "confused"}) {
		t.Errorf("reactions on a configuration error: %v", got)
	}
}

// TestActionPersonalToken: with a personal token as github-token, war-room asks GitHub who it
// is, writes as that account and ignores that account's own comments.
func TestActionPersonalToken(t *testing.T) {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	w.user("ops", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")
	pat := map[string]string{"github-token": w.tokens["ops"]}

	id := w.comment("alice", n, "/war-room help")
	wantNoError(t, w.run("issue_comment", w.commentEvent("created", n, id, "alice", "/war-room help"), pat, nil))
	id = w.comment("ops", n, "/war-room help")
	wantNoError(t, w.run("issue_comment", w.commentEvent("created", n, id, "ops", "/war-room help"), pat, nil))

	var byOps int
	for _, c := range w.f.IssueComments(aRepo, n) {
		if c.Author == "ops" && strings.Contains(c.Body, "reaffirm #N") {
			byOps++
		}
	}
	if byOps != 1 || len(botComments(w, n)) != 0 {
		t.Errorf("want one help reply written as ops (its own command ignored); got %d, and %d by the Actions bot", byOps, len(botComments(w, n)))
	}
}

// TestActionUsageReplyPingsNobody: a reply that repeats what the commenter typed cannot be
// used to mention someone else or post a command.
func TestActionUsageReplyPingsNobody(t *testing.T) {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")
	body := "/war-room reason --@everyone-/war-room Should we?"
	id := w.comment("alice", n, body)
	wantNoError(t, w.run("issue_comment", w.commentEvent("created", n, id, "alice", body), nil, nil))
	bc := botComments(w, n)
	if len(bc) != 1 || strings.Contains(bc[0].Body, "@everyone") || !strings.Contains(bc[0].Body, "unknown flag") {
		t.Errorf("usage reply:\n%+v", bc)
	}
}
