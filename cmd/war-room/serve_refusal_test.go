package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// refusalReply has the App answer a command under a repository configuration and returns
// the App's one reply, which must be a refusal: nothing runs.
func refusalReply(t *testing.T, w *actionWorld, s *appServer, files appFiles, configYAML, delivery string) string {
	t.Helper()
	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", configYAML)
	n := w.f.AddIssue(aRepo, 0, "Q", "b", "alice")
	body := "/war-room Should we?"
	id := w.comment("alice", n, body)
	if got := s.deliver("issue_comment", delivery, appEvent(t, w, n, id, body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the job ends", func() bool { return queuedJobs(t, files)[delivery] == "cancelled" })
	replies := appComments(w, n)
	if len(replies) != 1 {
		t.Fatalf("replies: %+v", replies)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 0 {
		t.Errorf("%d provider calls", len(calls))
	}
	return shownText(replies[0].Body)
}

// A repository's configuration cannot probe the server's files: a script profile naming a
// file that exists on the server and one naming a file that does not get the same reply,
// byte for byte, and neither says anything about the path.
func TestServeConfigRevealsNoServerFile(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServe(t, w, files)
	script := "version: 1\nproviders:\n  fake: {type: script, family: script, responses: %s}\n"
	present := refusalReply(t, w, s, files, fmt.Sprintf(script, files.key), "d-present")
	absent := refusalReply(t, w, s, files, fmt.Sprintf(script, filepath.Join(files.dir, "no-such-file")), "d-absent")
	if present != absent {
		t.Errorf("the replies differ, so they tell which file exists:\n--- existing path\n%s\n--- missing path\n%s", present, absent)
	}
	if !strings.Contains(present, "script profiles are not allowed") || strings.Contains(present, files.dir) {
		t.Errorf("reply:\n%s", present)
	}
}

// A profile that would send one vendor's key to another vendor's endpoint is refused with
// the one generic message, whether the server holds that key or not.
func TestServeRefusesCrossVendorKeys(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	s := startServeEnv(t, w, files, []string{"ANTHROPIC_API_KEY=sk-ant-server-key-0123456789"})
	cfg := "version: 1\nproviders:\n  gpt: {type: openai, model: gpt-5, family: openai, api_key_env: %s}\n"
	held := refusalReply(t, w, s, files, fmt.Sprintf(cfg, "ANTHROPIC_API_KEY"), "d-held")
	if !strings.Contains(held, "providers.gpt: "+errKeyEndpoint.Error()) || strings.Contains(held, "sk-ant") {
		t.Errorf("reply:\n%s", held)
	}
	notHeld := refusalReply(t, w, s, files, fmt.Sprintf(cfg, "GEMINI_API_KEY"), "d-not-held")
	if notHeld != held {
		t.Errorf("the refusal tells which keys the server holds:\n--- held\n%s\n--- not held\n%s", held, notHeld)
	}
}
