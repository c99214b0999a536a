package protocols

import (
	"context"
	"io"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols/reason"
)

// Ending is how a protocol's sessions end for a person at a terminal when they end otherwise
// than in a decision printed as markdown. Every field is optional: a protocol with none ends
// as every other does. The CLI's own command and `war-room resume` both end a session through
// it, so a session finished by a resume prints, keeps and exits as one that ran straight
// through.
type Ending struct {
	// Result writes a completed session for a person instead of the decision's markdown (the
	// reason chain relays its synthesis verbatim, then the plan that ran). A protocol with a
	// Result ends its own way: its failures, gates and stops go through the fields below.
	Result func(ctx context.Context, st engine.Store, id string, d *decision.Decision, w io.Writer) error
	// Keep writes the session's inputs, manifest, ledger and artifacts into dir. A protocol
	// with it takes --keep DIR, and a session of it that fails is kept in a fresh directory.
	Keep func(ctx context.Context, st engine.Store, id, dir string) error
	// KeptRun is the id of the session already kept in dir ("" none), so that --keep may name
	// the directory of the very session it resumes.
	KeptRun func(dir string) string
	// Paused explains a gate the session paused at: what to show as it is, and the ways on in
	// words (resume is the command that answers the session); ok false leaves the generic words.
	Paused func(ctx context.Context, st engine.Store, id string, g engine.GateRecord, resume string) (show []byte, msg string, ok bool)
	// Declined says how a session a person stopped at gate ended; ok false leaves the generic
	// words.
	Declined func(gate string) (msg string, ok bool)
}

// Failure is a protocol's failure that carries a report for a person (the reason chain's:
// which role failed, what it had produced). An Ending's protocol prints it when its session
// fails.
type Failure interface {
	error
	Report() string
}

// EndingOf is the protocol's Ending (zero for an unknown protocol or one that has none).
func EndingOf(name string) Ending { return known()[name].ending }

var reasonEnding = Ending{Result: reason.Result, Keep: reason.Export, KeptRun: reason.KeptRun,
	Paused: reason.Paused, Declined: reason.Declined}
