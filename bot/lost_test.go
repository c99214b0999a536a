package bot

import (
	"errors"
	"testing"
)

// A job whose session failed is not run again — unless a write the user should have seen
// was lost: then the next run is what writes it.
func TestLostWritesAreNotFinal(t *testing.T) {
	failed := &sessionError{Session: "wr-1", Class: classGitHub, Err: errors.New("x")}
	lost := &lostError{What: "the reply", Err: errors.New("403")}
	if !final(failed) {
		t.Error("a failed session that said so is final")
	}
	if final(errors.Join(failed, lost)) || final(lost) {
		t.Error("a lost reply must be retried")
	}
	if got := lost.Error(); got != "the reply was not written: 403" {
		t.Errorf("message %q", got)
	}
}
