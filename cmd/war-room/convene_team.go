package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/session"
)

// teamFlags are convene's flags for the standing team as data: the protocol's own (seats,
// rounds, the composition profile, the card's --go, from the registry) and the narration level.
type teamFlags struct {
	protocol *protocolFlags
	narrate  narrateFlag
	// common are the command's state flags: the project's memory lives beside its state.
	common *commonFlags
}

func (t *teamFlags) register(fs *flag.FlagSet, common *commonFlags) {
	t.common = common
	t.protocol = registerProtocolFlags(fs, council.Protocol)
	fs.Var(&t.narrate, "narrate", "what stderr shows: quiet (the disclosure only), digest (phases, counts, digests; the default) or full (every turn, once revealed)")
}

// projectDir is the repository the standing team reads its layer, intent and evidence from:
// $WAR_ROOM_PROJECT_DIR, else the git work tree of the current directory, else the current
// directory.
func projectDir(e *env) string {
	if d := e.getenv("WAR_ROOM_PROJECT_DIR"); d != "" {
		return d
	}
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err == nil {
		return strings.TrimSpace(string(out))
	}
	return "."
}

// surround is what a new session reads around the question on a laptop: the project's own
// layer of the catalog and its intent file, the checkout its probes read and its approved
// memory.
func (t *teamFlags) surround(ctx context.Context, e *env) (protocols.Surround, error) {
	dir := projectDir(e)
	sur := protocols.Surround{Files: os.DirFS(dir)}
	// Probes read the repository at the commit checked out now; outside a repository every
	// request is refused, and the record says so.
	if head, err := evidence.Head(ctx, dir); err == nil {
		sur.Evidence = evidence.Source{Dir: dir, Commit: head}
	}
	var err error
	if sur.Memory, err = sessionMemory(ctx, e, t.common, sur.Evidence); err != nil {
		return protocols.Surround{}, err
	}
	return sur, nil
}

// councilOptions resolves the options a session would run with, as the session runner does,
// for a dry run.
func (t *teamFlags) councilOptions(st *setup, sur protocols.Surround) (council.Options, error) {
	opts, err := protocols.CouncilOptions(st.Config, t.protocol.request(), sur)
	if err != nil {
		return council.Options{}, exitErr(exitUsage, err)
	}
	return opts, nil
}

func (t *teamFlags) runner(ctx context.Context, e *env, st *setup) *session.Runner {
	r := st.runner(e)
	ledger, n, err := estimate.Recorded(ctx, st.Store, council.Protocol, 0)
	if err != nil {
		ledger, n = nil, 0 // a heartbeat without a calibrated typical time still beats none
	}
	cal := estimate.Calibrate(ledger, n)
	typical := func(profile, role string) time.Duration {
		typ := ""
		if p, ok := st.Profiles[profile]; ok {
			typ = p.Type
		}
		return cal.Typical(estimate.Call{Role: role, Profile: profile}, typ)
	}
	r.Sinks = []events.Sink{newNarrator(e.stderr, t.narrate.level(), typical)}
	return r
}

// finish hands the session's memory proposals to the project's memory for review and prints
// the decision: at quiet, the outcome and its dissent record alone; otherwise the whole
// record, with the footer once more on stderr.
func (t *teamFlags) finish(ctx context.Context, e *env, st engine.Store, d *decision.Decision, asJSON bool) error {
	if err := proposeMemory(ctx, e, t.common, st, d); err != nil {
		return err
	}
	if asJSON || t.narrate.level() != narrateQuiet {
		if footer := d.Metrics["footer"]; footer != "" && !asJSON {
			defer fmt.Fprintf(e.stderr, "── %s\n", footer)
		}
		return finishDecision(e, d, asJSON)
	}
	fmt.Fprint(e.stdout, quietDecision(d))
	return reducedOutcome(d)
}

// quietDecision is the record cut to the outcome (which opens with the margin and the
// dissent), the dissent record, what would reopen it and the footer, rendered as every
// decision is.
func quietDecision(d *decision.Decision) string {
	q := decision.Decision{Title: d.Title, Outcome: d.Outcome, Dissent: d.Dissent, WhatWouldChangeMind: d.WhatWouldChangeMind,
		Notes: []string{d.Metrics["footer"]}, SessionID: d.SessionID, Seed: d.Seed, Independence: d.Independence,
		IndependenceReasons: d.IndependenceReasons, IndependenceApproved: d.IndependenceApproved, MerkleRoot: d.MerkleRoot}
	return q.Markdown()
}

// printEstimate adds the estimate to a dry run, calibrated from the store's earlier sessions.
func printEstimate(ctx context.Context, e *env, st *setup, opts council.Options, plan council.Plan) error {
	est, err := council.Estimate(ctx, st.Store, opts, plan, st.Profiles)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "\nestimate: %s\n", est)
	for _, line := range est.Basis() {
		fmt.Fprintf(e.stdout, "  %s\n", line)
	}
	return nil
}
