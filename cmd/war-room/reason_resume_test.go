package main

import (
	"os"
	"path/filepath"
	"testing"
)

// A paused chain is finished by answering its gate later, without repeating a call.
func TestReasonPausedAtPremiseResumes(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	res := r.run(false, "", "Should we migrate off PostgreSQL?", "--seed", "2")
	wantCode(t, exitAwaiting, res)
	ss, _ := r.sessions()
	id := ss[0].ID
	// The hint names the configuration and the state file the session needs.
	wantIn(t, res.stderr, "war-room resume "+id+" --config "+r.config+" --db "+r.db+" --answer premise=proceed")

	res = r.command(false, "", "resume", id, "--answer", "premise=proceed")
	wantCode(t, 0, res)
	wantEq(t, []string{"premise-check@gpt", "generator@claude", "compressor@gpt", "attacker@gpt", "synthesizer@claude"}, r.calls())
	wantIn(t, res.stdout, "QUESTION SUSPECT")
}

func TestReasonReducedIndependenceApprovedLater(t *testing.T) {
	profiles := map[string]string{"a": scripted("anthropic", "conforming.yaml"), "b": scripted("anthropic", "conforming.yaml")}
	r := newReasonEnv(t, []string{"a", "b"}, profiles, "")
	res := r.run(false, "", "Q?")
	wantCode(t, exitDeclined, res)
	ss, _ := r.sessions()
	wantIn(t, res.stderr, "war-room resume "+ss[0].ID+" --config "+r.config+" --db "+r.db+" --answer approve-reduced-independence=approve")
	wantEq(t, []string(nil), r.calls())
	wantCode(t, 0, r.command(false, "", "resume", ss[0].ID, "--answer", "approve-reduced-independence=approve"))
	wantEq(t, 5, len(r.calls()))
}

// A chain finished by resume reports as `war-room reason` does: the synthesis verbatim and the
// run's facts; a declined approval exits 4; a failing role prints its report and keeps the run.
func TestReasonResumeEndsLikeReason(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	wantCode(t, exitAwaiting, r.run(false, "", "Should we migrate?", "--seed", "2"))
	ss, _ := r.sessions()
	res := r.command(false, "", "resume", ss[0].ID, "--answer", "premise=proceed")
	wantCode(t, 0, res)
	for _, want := range []string{"## Disagreement ledger", "Seed: 2 (--seed)", "Independence: conforming",
		"Effort profile: deep", "Usage per provider profile (not summed across providers):",
		"gpt (script, openai, model script): 3 call(s)", "— scripted — not a model", "Session: " + ss[0].ID} {
		wantIn(t, res.stdout, want)
	}

	same := map[string]string{"a": scripted("anthropic", "aimless.yaml"), "b": scripted("anthropic", "aimless.yaml")}
	r = newReasonEnv(t, []string{"a", "b"}, same, "")
	wantCode(t, exitDeclined, r.run(false, "", "Q?"))
	ss, _ = r.sessions()
	res = r.command(false, "", "resume", ss[0].ID, "--answer", "approve-reduced-independence=decline")
	wantCode(t, exitDeclined, res)
	wantIn(t, res.stderr, "no call was made")

	r = newReasonEnv(t, []string{"a", "b"}, same, "")
	wantCode(t, exitDeclined, r.run(false, "", "Q?"))
	ss, _ = r.sessions()
	res = r.command(false, "", "resume", ss[0].ID, "--answer", "approve-reduced-independence=approve")
	wantCode(t, exitFailure, res)
	wantIn(t, res.stderr, "Failure class: contract")
	kept, _ := filepath.Glob(filepath.Join(r.vars["TMPDIR"], "war-room-reason-*"))
	if len(kept) != 1 {
		t.Fatalf("want one kept run directory, have %v", kept)
	}
	if _, err := os.Stat(filepath.Join(kept[0], "CHAIN_FAILURE.md")); err != nil {
		t.Error(err)
	}
	if res.stdout != "" {
		t.Errorf("a failed chain printed on stdout: %q", res.stdout)
	}
}

// A mistyped answer is a usage error that leaves the session paused, not a failed session; at
// a terminal it is simply asked again.
func TestReasonMistypedGateAnswer(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	wantCode(t, exitAwaiting, r.run(false, "", "Should we migrate?"))
	ss, _ := r.sessions()
	res := r.command(false, "", "resume", ss[0].ID, "--answer", "premise=yes")
	wantCode(t, exitUsage, res)
	wantIn(t, res.stderr, `answer "yes" is not one of the gate's choices: proceed, drop`)
	ss, _ = r.sessions()
	wantEq(t, "awaiting_input", string(ss[0].Status))
	wantCode(t, exitDeclined, r.command(false, "", "resume", ss[0].ID, "--answer", "premise=drop"))

	same := map[string]string{"a": scripted("anthropic", "conforming.yaml"), "b": scripted("anthropic", "conforming.yaml")}
	r = newReasonEnv(t, []string{"a", "b"}, same, "")
	res = r.run(true, "yes\napprove\n", "Q?")
	wantCode(t, 0, res)
	wantIn(t, res.stderr, `"yes" is not one of approve, decline`)
	wantEq(t, 5, len(r.calls()))
}
