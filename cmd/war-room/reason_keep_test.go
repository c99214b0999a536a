package main

import (
	"os"
	"path/filepath"
	"testing"
)

// --keep is checked before the first call: a directory holding other files would mix two
// runs' records, and one that cannot be created would lose a paid-for run's files.
func TestReasonKeepDirIsCheckedBeforeAnyCall(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
	used := filepath.Join(r.dir, "used")
	os.Mkdir(used, 0o700)
	os.WriteFile(filepath.Join(used, "ATTACK_2.md"), []byte("from an earlier run"), 0o600)
	res := r.run(false, "", "Q?", "--keep", used)
	wantCode(t, exitUsage, res)
	wantIn(t, res.stderr, "not empty")
	notDir := filepath.Join(r.dir, "file")
	os.WriteFile(notDir, nil, 0o600)
	wantCode(t, exitUsage, r.run(false, "", "Q?", "--keep", filepath.Join(notDir, "sub")))
	ss, _ := r.sessions()
	wantEq(t, 0, len(ss), "no session was started")

	// An empty directory, or one not there yet, takes the run.
	empty := filepath.Join(r.dir, "empty")
	os.Mkdir(empty, 0o700)
	wantCode(t, 0, r.run(false, "", "Q?", "--keep", empty))
	if _, err := os.Stat(filepath.Join(empty, "SYNTHESIS.md")); err != nil {
		t.Error(err)
	}
}

// A run paused with --keep is finished into the same directory by resume --keep.
func TestReasonResumeKeepsIntoTheRunsOwnDirectory(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	keep := filepath.Join(r.dir, "kept")
	wantCode(t, exitAwaiting, r.run(false, "", "Should we migrate?", "--keep", keep))
	if _, err := os.Stat(filepath.Join(keep, "PREMISE.md")); err != nil {
		t.Fatal(err)
	}
	ss, _ := r.sessions()
	res := r.command(false, "", "resume", ss[0].ID, "--answer", "premise=proceed", "--keep", keep)
	wantCode(t, 0, res)
	if _, err := os.Stat(filepath.Join(keep, "SYNTHESIS.md")); err != nil {
		t.Error(err)
	}
	wantIn(t, res.stderr, "kept in "+keep)
}
