package main

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

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

// laptopSurround is what a new session of a protocol that reads around its question sees on a
// laptop: the project's own files (the standing team's layer of the catalog, its intent file),
// the checkout its probes read, and the project's approved memory.
func laptopSurround(ctx context.Context, e *env, common *commonFlags) (protocols.Surround, error) {
	dir := projectDir(e)
	sur := protocols.Surround{Files: os.DirFS(dir)}
	// Probes read the repository at the commit checked out now; outside a repository every
	// request is refused, and the record says so.
	if head, err := evidence.Head(ctx, dir); err == nil {
		sur.Evidence = evidence.Source{Dir: dir, Commit: head}
	}
	var err error
	if sur.Memory, err = sessionMemory(ctx, e, common, sur.Evidence); err != nil {
		return protocols.Surround{}, err
	}
	return sur, nil
}

// narratingRunner is the session runner for a protocol that narrates: stderr shows its
// narrations at the level asked, with a heartbeat per slow call against its typical time.
func narratingRunner(ctx context.Context, e *env, st *setup, protocol, level string) *session.Runner {
	r := st.runner(e)
	ledger, n, err := estimate.Recorded(ctx, st.Store, protocol, 0)
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
	r.Sinks = []events.Sink{newNarrator(e.stderr, level, typical)}
	return r
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
