// Package storetest is the conformance suite of the engine.Store contract. Every Store
// implementation runs it from its own tests:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) engine.Store { … })
//	}
//
// The suite names its sessions, protocols and record kinds with a random suffix, so it also
// passes against a database shared with other tests; it never deletes anything.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
)

// Opener returns a ready Store for one subtest. It must arrange, with t.Cleanup, for the store
// to be closed (and its storage removed if it wishes); the suite never calls Close.
type Opener func(t *testing.T) engine.Store

// Run runs every conformance test against stores made by open.
//
// Beyond the comments on engine.Store, the suite pins these points of the contract:
//   - timestamps keep at least microsecond precision and the instant (not the zone) is what
//     round-trips; a zero CreatedAt or OpenedAt is filled in by the store;
//   - list methods (Ledger, Artifacts, Gates, ListRecords) return an empty result and no
//     error for an unknown session or kind; only single-item lookups return ErrNotFound;
//   - ledger sequence numbers are 1, 2, 3, … per session, in append order, and are written
//     back into the appended entry;
//   - a nil step, artifact or record body reads back as empty;
//   - SetStatus replaces the error text (an empty one clears it) and moves UpdatedAt;
//   - ListRecords and Steps order keys byte-wise (as Go compares strings);
//   - a lease's expiry is exclusive: at now == expiry another holder may take it;
//   - writes of steps, ledger entries, artifacts and gates need an existing session, and
//     their refusal is not ErrNotFound (which says a lookup found nothing).
func Run(t *testing.T, open Opener) {
	t.Run("Sessions", func(t *testing.T) { testSessions(t, open) })
	t.Run("ListSessions", func(t *testing.T) { testListSessions(t, open) })
	t.Run("Steps", func(t *testing.T) { testSteps(t, open) })
	t.Run("Ledger", func(t *testing.T) { testLedger(t, open) })
	t.Run("StepWithLedger", func(t *testing.T) { testStepWithLedger(t, open) })
	t.Run("Artifacts", func(t *testing.T) { testArtifacts(t, open) })
	t.Run("Gates", func(t *testing.T) { testGates(t, open) })
	t.Run("StepDigests", func(t *testing.T) { testStepDigests(t, open) })
	t.Run("Records", func(t *testing.T) { testRecords(t, open) })
	t.Run("RecordCAS", func(t *testing.T) { testRecordCAS(t, open) })
	t.Run("Leases", func(t *testing.T) { testLeases(t, open) })
	t.Run("Browse", func(t *testing.T) { testBrowse(t, open) })
	t.Run("Orphans", func(t *testing.T) { testOrphans(t, open) })
	t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, open) })
}

// unique returns prefix plus a random suffix, so runs never collide in a shared database.
func unique(prefix string) string {
	var b [6]byte
	rand.Read(b[:])
	return prefix + "-" + hex.EncodeToString(b[:])
}

// baseTime is a fixed instant with sub-second digits, in a non-UTC zone, so round trips test
// precision and zone handling; microseconds are the finest precision the suite requires.
var baseTime = time.Date(2031, 5, 6, 7, 8, 9, 123456000, time.FixedZone("X", 5*3600+1800))

// newSession creates a session of protocol with a unique id and returns it.
func newSession(t *testing.T, st engine.Store, protocol string) *engine.Session {
	t.Helper()
	s := &engine.Session{ID: unique("sess"), Protocol: protocol, Title: "t",
		Inputs: []engine.Input{engine.NewInput("question", "q?")}, Seed: 7,
		SeedSource: "--seed", Status: engine.StatusRunning, CreatedAt: baseTime,
		UpdatedAt: baseTime}
	if err := st.CreateSession(ctx(t), s); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	return s
}

func ctx(t *testing.T) context.Context { return t.Context() }
