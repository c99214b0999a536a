package main

import (
	"testing"
)

// A paused chain is finished by answering its gate later, without repeating a call.
func TestReasonPausedAtPremiseResumes(t *testing.T) {
	r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("suspect.yaml"), "")
	res := r.run(false, "", "Should we migrate off PostgreSQL?", "--seed", "2")
	wantCode(t, exitAwaiting, res)
	ss, _ := r.sessions()
	id := ss[0].ID
	wantIn(t, res.stderr, "war-room resume "+id+" --answer premise=proceed")

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
	wantIn(t, res.stderr, "war-room resume "+ss[0].ID+" --answer approve-reduced-independence=approve")
	wantEq(t, []string(nil), r.calls())
	wantCode(t, 0, r.command(false, "", "resume", ss[0].ID, "--answer", "approve-reduced-independence=approve"))
	wantEq(t, 5, len(r.calls()))
}
