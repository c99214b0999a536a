package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/thread"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// A reply GitHub refuses on every attempt is not dropped with a log line: the run fails,
// saying what was not written, and the re-run — finding the command handled — writes the
// reply and nothing else: no second deliberation, no second progress comment.
func TestActionLostReplyIsWrittenByTheReRun(t *testing.T) {
	w := newCommandWorld(t)
	w.f.Inject(githubfake.Fault{Match: "POST /repos/{o}/{r}/issues/{n}/comments", Nth: 2, Times: wr.DefaultMaxAttempts,
		Kind: githubfake.SecondaryRateLimit, RetryAfter: 2 * time.Second})
	first := w.runCommand()
	if first.code != exitFailure || !strings.Contains(first.stdout, "the reply was not written") {
		t.Fatalf("a lost reply: exit %d\nstdout:\n%s\nstderr:\n%s", first.code, first.stdout, first.stderr)
	}
	if got := len(botComments(w.actionWorld, w.issue)); got != 1 {
		t.Fatalf("%d bot comments after the lost reply, want the progress comment", got)
	}
	second := w.runCommand()
	wantNoError(t, second)
	if calls := ledgerRows(t, second.db); len(calls) != 0 {
		t.Errorf("the re-run made %d provider calls", len(calls))
	}
	end := w.endOf(t)
	if end.progress.Status != thread.StatusCompleted || !slices.Equal(end.reactions, []string{"eyes", "rocket"}) {
		t.Errorf("end: %+v", end)
	}
	assertSpaced(t, w.f, time.Second)
}

// The failure path writes what a person needs — the confused reaction beside the 👀 that
// said the command was received and allowed, and a reply saying why — and a re-run that
// succeeds leaves one outcome: rocket, with our confused taken back, and the one reply now
// saying where the decision is.
func TestActionReRunLeavesOneOutcome(t *testing.T) {
	w := newCommandWorld(t)
	good := writesConfig(t, "1s")
	broken := filepath.Join(t.TempDir(), "down.yaml")
	if err := os.WriteFile(broken, []byte("default: {error: transport}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", strings.ReplaceAll(good, testdataPath(t, "reason-script.yaml"), broken))
	if r := w.runCommand(); r.code != exitFailure {
		t.Fatalf("a failing session: exit %d\n%s", r.code, r.stderr)
	}
	if got := reactionsOn(w.actionWorld, w.issue, w.id); !slices.Equal(got, []string{"eyes", "confused"}) {
		t.Errorf("after the failure: reactions %v", got)
	}
	bc := botComments(w.actionWorld, w.issue)
	if len(bc) != 2 || !strings.Contains(bc[1].Body, "The session failed") {
		t.Fatalf("after the failure: %+v", bc)
	}

	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", good)
	wantNoError(t, w.runCommand())
	end := w.endOf(t)
	if !slices.Equal(end.reactions, []string{"eyes", "rocket"}) || !strings.Contains(end.reply, "The decision is published") {
		t.Errorf("after the re-run: reactions %v, reply:\n%s", end.reactions, end.reply)
	}
}

// When GitHub will not say whether the commenter may run war-room, the commenter is told
// so, with the confused reaction, rather than left with silence (no 👀: nothing is written
// for a command before its author's permission is known, but a failure to learn it is).
func TestActionPermissionCheckFailureIsReplied(t *testing.T) {
	w := newCommandWorld(t)
	w.f.Inject(githubfake.Fault{Match: "GET /repos/{o}/{r}/collaborators/{u}/permission", Times: wr.DefaultMaxAttempts,
		Kind: githubfake.ServerError, Status: 502})
	if r := w.runCommand(); r.code != exitFailure {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if got := reactionsOn(w.actionWorld, w.issue, w.id); !slices.Equal(got, []string{"confused"}) {
		t.Errorf("reactions %v", got)
	}
	bc := botComments(w.actionWorld, w.issue)
	if len(bc) != 1 || !strings.Contains(bc[0].Body, "could not start (github)") || !strings.Contains(bc[0].Body, "502") {
		t.Errorf("bot comments: %+v", bc)
	}
}
