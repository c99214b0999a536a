package protocols

import (
	"context"
	"io"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
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

// InputFlag is a CLI flag naming a file that the command reads verbatim into one of the
// session's inputs (the reason chain's --facts). A slash command takes no files: a comment
// carries such material in sections of its own.
type InputFlag struct {
	Name, Input, Help string
}

// InputFlags are a protocol's file flags, for its CLI command and the docs.
func InputFlags(name string) []InputFlag { return known()[name].inputs }

// PreviewInput is what a protocol's own dry run reads: the configuration, the store (for the
// calibration of earlier runs; nothing is written to it), the profiles and the request.
type PreviewInput struct {
	Config   *config.Config
	Store    engine.Store
	Profiles engine.Profiles
	Request  Request
}

// Preview is a protocol's own dry run: JSON is what --json prints, Write the text for a person.
type Preview struct {
	JSON  any
	Write func(w io.Writer) error
}

// Refused is a request a protocol's dry run refuses (a flag its options reject, a panel its
// profiles cannot seat): the caller's to fix, where any other error of a dry run is not.
type Refused struct{ Err error }

func (r *Refused) Error() string { return r.Err.Error() }
func (r *Refused) Unwrap() error { return r.Err }

// OwnPreview is the protocol's own dry run of req, when it has one (ok false: the generic
// table of seats, independence and estimate applies). A *Refused error refuses the request.
func OwnPreview(ctx context.Context, in PreviewInput) (p Preview, ok bool, err error) {
	f := known()[in.Request.Protocol].preview
	if f == nil {
		return Preview{}, false, nil
	}
	p, err = f(ctx, in)
	return p, true, err
}

// Admit refuses, before a session exists, a request the profiles cannot seat as the protocol
// needs (the reason chain's --high-assurance with no second profile to put its second
// generator on). Every surface starts sessions through it (session.Runner), so nothing is
// stored for a request that could never run.
func Admit(cfg *config.Config, profiles engine.Profiles, req Request) error {
	if f := known()[req.Protocol].admit; f != nil {
		return f(cfg, profiles, req)
	}
	return nil
}

// Narrates reports whether a protocol narrates its phases to a person watching (the standing
// team): its command then offers --narrate and shows narrations on stderr in place of the
// progress lines.
func Narrates(name string) bool { return known()[name].narrates }

// reveals is the role of a protocol whose calls see who wrote what: war-room's Supreme
// Commander, whose synthesis weighs every contribution with its attribution unsealed. No other
// call of any protocol carries another profile's identity (the anonymity property test holds
// every protocol to that); "" when no call does.
func reveals(name string) string { return known()[name].reveals }
