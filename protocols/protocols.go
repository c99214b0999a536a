// Package protocols is the one place that knows every deliberation protocol by name. The CLI's
// resume, the Action and the App start and resume sessions through it, so that nothing
// protocol-specific lives in bot/ or cmd/.
package protocols

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/council"
	"github.com/war-room/war-room/engine/memory"
	"github.com/war-room/war-room/engine/reason"
	"github.com/war-room/war-room/engine/warroom"
)

// Request is a protocol-neutral invocation: a slash command or a CLI call.
type Request struct {
	Protocol string
	Question string
	// Flags are allowlisted flags by name without dashes; booleans are "true".
	Flags map[string]string
	// Context is extra material (an issue's body, context files), fed fenced like every input.
	Context    []engine.Input
	Seed       int64
	SeedSource string
	// Files are the repository's files a protocol may read besides the configuration (the
	// standing team's own layer of roster cards and profiles, its intent file): the default
	// branch on GitHub, the working tree on a laptop; nil when there are none.
	Files fs.FS
	// Memory is the scope's member memory (the standing team keeps its approved items).
	Memory []memory.Item
}

// Flag is one flag a protocol accepts from a slash command.
type Flag struct {
	Name string
	Bool bool
	Help string
}

type protocol struct {
	section config.Section
	flags   []Flag
	start   func(cfg *config.Config, req Request) (*engine.Session, error)
	execute func(ctx context.Context, r *engine.Run) (*engine.Decision, error)
}

var known = map[string]protocol{
	warroom.Protocol: {
		section: config.Section{Protocol: warroom.Protocol, Key: warroom.SectionKey, New: func() any { return warroom.NewSection() }},
		flags: []Flag{{Name: "mode", Help: "auto, express, lightweight, full or delphi"},
			{Name: "preset", Help: "default, move-fast, risk-averse, startup or regulated"},
			{Name: "thresholds", Help: "three increasing reversibility thresholds, e.g. 0.40,0.60,0.80"},
			{Name: "plan-review", Bool: true, Help: "the question is a plan to review (adds Prosecution Counsel)"}},
		start: startWarRoom, execute: warroom.Execute,
	},
	reason.Protocol: {
		section: config.Section{Protocol: reason.Protocol, Key: reason.SectionKey, New: func() any { return reason.NewSection() }},
		flags: []Flag{{Name: "fast", Bool: true, Help: "lower effort for the compressor, attacker and synthesizer"},
			{Name: "passes", Help: "compressor and attacker rounds (default 1)"},
			{Name: "high-assurance", Bool: true, Help: "a second, independent generator on a distinct profile"}},
		start: startReason, execute: reason.Execute,
	},
	council.Protocol: {
		section: config.Section{Protocol: council.Protocol, Key: council.SectionKey, New: func() any { return council.NewSection() }},
		flags: []Flag{{Name: "seats", Help: "comma-separated seats, e.g. architect,skeptic,economist (default: the profile's team)"},
			{Name: "rounds", Help: "cross-examination rounds, 1 or 2 (default: the profile's)"},
			{Name: "profile", Help: "the composition profile to convene (default: the one marked default)"},
			{Name: "go", Bool: true, Help: "skip the roster and estimate card (triage still asks)"}},
		start: startCouncil, execute: council.Execute,
	},
}

// Council is the standing-team protocol ("convene").
const Council = council.Protocol

// order is the protocols in the order their sections are given to the configuration loader;
// the first is what a bare command runs unless protocols.default says otherwise.
var order = []string{warroom.Protocol, reason.Protocol, council.Protocol}

// Sections are the protocols' configuration sections, for config.Load, Parse and Detect.
func Sections() []config.Section {
	out := make([]config.Section, len(order))
	for i, n := range order {
		out[i] = known[n].section
	}
	return out
}

// Names lists the protocols that can run, sorted.
func Names() []string {
	var out []string
	for n := range known {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Available says whether a protocol can run, with a message fit for a user when it cannot.
func Available(name string) error {
	if _, ok := known[name]; ok {
		return nil
	}
	return fmt.Errorf("unknown protocol %q (available: %s)", name, strings.Join(Names(), ", "))
}

// AllowedFlags returns the flags a protocol accepts from a slash command.
func AllowedFlags(name string) []Flag { return known[name].flags }

// NewSession resolves a request against the configuration into a session ready to Start.
func NewSession(cfg *config.Config, req Request) (*engine.Session, error) {
	if err := Available(req.Protocol); err != nil {
		return nil, err
	}
	for name := range req.Flags {
		if !slices.ContainsFunc(known[req.Protocol].flags, func(f Flag) bool { return f.Name == name }) {
			return nil, fmt.Errorf("%s does not take --%s", req.Protocol, name)
		}
	}
	if req.SeedSource == "" {
		req.Seed, req.SeedSource = engine.NewSeed(), "crypto/rand"
	}
	return known[req.Protocol].start(cfg, req)
}

// Execute runs or resumes a session with its protocol. It returns *engine.GateError
// (wrapped) when the session pauses for a human.
func Execute(ctx context.Context, r *engine.Run) (*engine.Decision, error) {
	p, ok := known[r.Session().Protocol]
	if !ok {
		return nil, Available(r.Session().Protocol)
	}
	return p.execute(ctx, r)
}

func startWarRoom(cfg *config.Config, req Request) (*engine.Session, error) {
	sec, _ := cfg.Section(warroom.Protocol).(*warroom.Section)
	opts, err := warroom.OptionsFrom(sec, cfg.Descriptors(), warroom.Flags{Mode: warroom.Mode(req.Flags["mode"]),
		Preset: req.Flags["preset"], Thresholds: req.Flags["thresholds"], PlanReview: req.Flags["plan-review"] == "true"})
	if err != nil {
		return nil, err
	}
	inputs := append([]engine.Input{engine.NewInput(warroom.InputQuestion, req.Question)}, req.Context...)
	return warroom.NewSession(req.Question, inputs, opts, req.Seed, req.SeedSource)
}

func startReason(cfg *config.Config, req Request) (*engine.Session, error) {
	passes := 0
	if v := req.Flags["passes"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("--passes wants a whole number of at least 1, got %q", v)
		}
		passes = n
	}
	sec, _ := cfg.Section(reason.Protocol).(*reason.Section)
	opts, err := reason.OptionsFrom(sec, cfg.Descriptors(), reason.Flags{Fast: req.Flags["fast"] == "true",
		Passes: passes, HighAssurance: req.Flags["high-assurance"] == "true"})
	if err != nil {
		return nil, err
	}
	facts := ""
	for _, in := range req.Context {
		facts += in.Text + "\n"
	}
	return reason.NewSession(req.Question, reason.Inputs(req.Question, strings.TrimSpace(facts), "", ""),
		opts, req.Seed, req.SeedSource)
}

func startCouncil(cfg *config.Config, req Request) (*engine.Session, error) {
	rounds, err := council.ParseRounds(req.Flags["rounds"])
	if err != nil {
		return nil, err
	}
	sec, _ := cfg.Section(council.Protocol).(*council.Section)
	cat, err := CouncilCatalog(req.Files)
	if err != nil {
		return nil, err
	}
	intent, err := CouncilIntent(req.Files)
	if err != nil {
		return nil, err
	}
	opts, err := council.Convene(sec, cfg.Descriptors(), council.Flags{Seats: req.Flags["seats"], Rounds: rounds,
		Profile: req.Flags["profile"], Go: req.Flags["go"] == "true"}, council.Env{Catalog: cat, Intent: intent, Memory: req.Memory})
	if err != nil {
		return nil, err
	}
	inputs := append([]engine.Input{engine.NewInput(council.InputQuestion, req.Question)}, req.Context...)
	return council.NewSession(req.Question, inputs, opts, req.Seed, req.SeedSource)
}

// Words maps what people type after /war-room (or as a CLI verb) to protocol names: each
// protocol by its own name, "deliberate" for war-room and "convene" for the standing team.
func Words() map[string]string {
	words := map[string]string{"deliberate": warroom.Protocol, "convene": Council}
	for n := range known {
		words[n] = n
	}
	return words
}

// StopWords are the answers the protocols' gates offer for stopping a session (declining a
// reduced-independence panel, dropping a suspect question): a reply using one cancels.
func StopWords() []string { return []string{reason.AnswerDecline, reason.AnswerDrop} }
