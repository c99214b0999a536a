// Package protocols is the one place that knows every deliberation protocol by name. The CLI's
// resume, the Action and the App start and resume sessions through it, so that nothing
// protocol-specific lives in bot/ or cmd/.
package protocols

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/reason"
	"github.com/war-room/war-room/protocols/warroom"
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
	Surround
}

// Surround is what a protocol may read around the question besides the configuration. Only
// the standing team reads it today; the others ignore it.
type Surround struct {
	// Files are the repository's files (the standing team's own layer of roster cards and
	// profiles, its intent file): the default branch on GitHub, the working tree on a
	// laptop; nil when there are none.
	Files fs.FS
	// Memory is the scope's approved member memory.
	Memory []memory.Item
	// Evidence is the repository checkout the seats' probes read, at its commit (zero: none,
	// and every probe is refused).
	Evidence evidence.Source
}

// Flag is one of a protocol's own options, declared once: the CLI command registers it on its
// flag set, the slash-command grammar allows it, and the documentation's table lists it.
type Flag struct {
	Name string
	// Bool flags are written --name; the others --name=value (a slash command) or
	// --name value (the CLI).
	Bool bool
	// Default is the value when the flag is not given, as the CLI's --help shows it ("" none).
	Default string
	Help    string
	// Check refuses a value before any session exists (nil: any value).
	Check func(string) error
	// Gate and Answer: a boolean flag that answers one of the protocol's gates before it is
	// asked (--force-premise answers the reason chain's premise gate "proceed").
	Gate, Answer string
}

type protocol struct {
	section config.Section
	// verb is the CLI command and slash-command word that runs the protocol besides its
	// own name ("deliberate", "convene"); summary says what the command does, once.
	verb, summary string
	// question is the input a session carries its question under.
	question string
	flags    []Flag
	start    func(cfg *config.Config, req Request) (*engine.Session, error)
	// runner is the protocol itself, as the engine runs it (Execute) or previews it (DryRun).
	runner engine.Protocol
	// bounded declares the session's settings a server may bound (limits.Limits).
	bounded func(s *engine.Session) ([]limits.Bounded, error)
	// surround says the protocol reads what surrounds the question (Surround: the
	// repository's files, the approved member memory, the checkout its probes read).
	surround bool
	// proposals reads the memory a finished session proposes (nil: the protocol proposes none).
	proposals func(ctx context.Context, st engine.Store, sessionID string) (kept, refused []Proposal, err error)
	// ending is how a session ends for a person at a terminal (zero: as a printed decision).
	ending Ending
	// inputs are the CLI's file flags; preview its own dry run (nil: the generic one); admit
	// refuses a request its profiles cannot seat (nil: any).
	inputs  []InputFlag
	preview func(ctx context.Context, in PreviewInput) (Preview, error)
	admit   func(cfg *config.Config, profiles engine.Profiles, req Request) error
	// narrates says the protocol narrates its phases to a person watching (see Narrates).
	narrates bool
	// reveals is the role whose calls see who wrote what (see Reveals).
	reveals string
	// examples are its command's examples for --help (see Examples).
	examples []string
}

// known is built on first use, not at start-up: the council's flag help reads its built-in
// catalog, which every command would otherwise parse before doing anything.
var known = sync.OnceValue(func() map[string]protocol {
	return map[string]protocol{
		warroom.Protocol: {
			section:  config.Section{Protocol: warroom.Protocol, Key: warroom.SectionKey, New: func() any { return warroom.NewSection() }},
			verb:     "deliberate",
			summary:  "run the war-room protocol (phases 0–7) on a question",
			question: warroom.InputQuestion,
			flags: []Flag{{Name: "mode", Default: string(warroom.ModeAuto), Check: checkMode,
				Help: "auto (route by the reversibility score), express, lightweight, full or delphi"},
				{Name: "preset", Help: "threshold preset: default, move-fast, risk-averse, startup or regulated"},
				{Name: "thresholds", Help: "express, lightweight and full-council ceilings, three increasing scores, e.g. 0.40,0.60,0.80"},
				{Name: "plan-review", Bool: true, Help: "the question is an implementation plan to review (adds Prosecution Counsel)"},
				{Name: "agent-teams", Bool: true, Help: "full council and Delphi: the red team questions the authors first, premortems build on each other, Delphi members keep their own ballots"},
				baselineFlag},
			start: startWarRoom, runner: warroom.Runner, bounded: bounded[warroom.Options],
			preview: previewWarRoom, reveals: warroom.SupremeCommander,
			examples: []string{`war-room deliberate "Should we move session state to PostgreSQL?"`, `war-room deliberate --demo`,
				`war-room deliberate --resume wr-0123456789abcdef`},
		},
		reason.Protocol: {
			section:  config.Section{Protocol: reason.Protocol, Key: reason.SectionKey, New: func() any { return reason.NewSection() }},
			summary:  "run the five-role adversarial reason chain on a question",
			question: reason.InputQuestion,
			flags: []Flag{{Name: "fast", Bool: true, Help: "fast effort profile: thinner compressor, attacker and synthesizer"},
				{Name: "passes", Default: "1", Check: checkPasses, Help: "compressor and attacker rounds"},
				{Name: "high-assurance", Bool: true, Help: "add a second, independent generator on a distinct profile"},
				{Name: "force-premise", Bool: true, Gate: reason.GatePremise, Answer: reason.AnswerProceed,
					Help: "run the whole chain even if the premise check flags the question (the synthesis carries the suspect verdict)"}},
			start: startReason, runner: reason.Runner, bounded: bounded[reason.Options],
			ending: reasonEnding,
			inputs: []InputFlag{
				{Name: "facts", Input: reason.InputFacts, Help: "file of facts and paths the chain may rely on (default: none supplied)"},
				{Name: "constraints", Input: reason.InputConstraints, Help: "file of stated constraints: budget, deadline, must-keep, must-not"},
				{Name: "caller-position", Input: reason.InputCallerPosition, Help: "file with your own tentative answer; only the attacker sees it"}},
			preview: previewReason, admit: admitReason,
			examples: []string{`war-room reason "Should the job queue stay in PostgreSQL?"`, `war-room reason --demo`,
				`war-room reason --facts facts.md --caller-position mine.md "…"`},
		},
		council.Protocol: {
			section:  config.Section{Protocol: council.Protocol, Key: council.SectionKey, New: func() any { return council.NewSection() }},
			verb:     "convene",
			summary:  "run the standing-team protocol on a question",
			question: council.InputQuestion,
			flags: []Flag{{Name: "seats", Help: "comma-separated seats: " + strings.Join(council.SeatKeys(), ", ") +
				" (default: the profile's team, e.g. " + strings.Join(council.DefaultTeam(), ",") + ", plus any seat named under protocols.council.roles)"},
				{Name: "rounds", Check: checkRounds, Help: "cross-examination rounds, 1 or 2 (default: the profile's)"},
				{Name: "profile", Help: "the composition profile to convene (default: the one marked default; war-room council roster lists them)"},
				{Name: "go", Bool: true, Help: "skip the roster and estimate card (triage still asks when it finds the question single-agent-shaped)"},
				baselineFlag},
			start: startCouncil, runner: council.Runner, bounded: bounded[council.Options],
			surround: true, proposals: councilProposals,
			preview: previewCouncil, narrates: true,
			examples: []string{`war-room convene "Should billing move from cron to a queue?"`, `war-room convene --demo`,
				`war-room convene --dry-run "…"`},
		},
	}
})

func checkMode(v string) error {
	if !slices.Contains(warroom.Modes, warroom.Mode(v)) {
		return fmt.Errorf("--mode wants auto, express, lightweight, full or delphi, got %q", v)
	}
	return nil
}

func checkPasses(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 1 {
		return fmt.Errorf("--passes wants a whole number of at least 1, got %q", v)
	}
	return nil
}

func checkRounds(v string) error {
	_, err := council.ParseRounds(v)
	return err
}

// Entry is a protocol as Register takes it: its configuration section, the word that runs it
// besides its name ("" none), its command's summary, the input its question is carried under,
// its flags, how a request becomes a session, the protocol the engine runs, and which of its
// settings a server may bound.
type Entry struct {
	Section                 config.Section
	Verb, Summary, Question string
	Flags                   []Flag
	Start                   func(cfg *config.Config, req Request) (*engine.Session, error)
	// Protocol is the protocol itself, as the engine runs and previews it.
	Protocol engine.Protocol
	Bounded  func(s *engine.Session) ([]limits.Bounded, error)
	// Ending is how its sessions end at a terminal, when not as a printed decision.
	Ending Ending
	// Inputs are its CLI file flags; Preview its own dry run (nil: the generic one); Admit
	// refuses a request its profiles cannot seat (nil: any).
	Inputs  []InputFlag
	Preview func(ctx context.Context, in PreviewInput) (Preview, error)
	Admit   func(cfg *config.Config, profiles engine.Profiles, req Request) error
	// Surround says it reads what surrounds the question (Surround); Narrates that it
	// narrates its phases to a person watching.
	Surround, Narrates bool
	// Reveals is the role whose calls see who wrote what ("" none; see Reveals).
	Reveals string
	// Examples are its command's examples for --help (nil: a question and a dry run).
	Examples []string
}

// Register adds a protocol after the built-in ones (a test's fake fourth one, say): its slash
// command, its CLI command (cmd/war-room's generic one when it has none of its own), its
// configuration section and its resume follow from this one entry. A name registered twice
// panics. The registry is not locked: register before anything reads it (in init, or in a
// test that is not parallel), and a test calls the returned func to take the entry away.
func Register(name string, e Entry) (unregister func()) {
	if _, ok := known()[name]; ok {
		panic(fmt.Sprintf("protocols: %q registered twice", name))
	}
	known()[name] = protocol{section: e.Section, verb: e.Verb, summary: e.Summary, question: e.Question,
		flags: e.Flags, start: e.Start, runner: e.Protocol, bounded: e.Bounded, ending: e.Ending,
		inputs: e.Inputs, preview: e.Preview, admit: e.Admit, surround: e.Surround, narrates: e.Narrates, reveals: e.Reveals,
		examples: e.Examples}
	order = append(order, name)
	return func() {
		delete(known(), name)
		order = slices.DeleteFunc(order, func(n string) bool { return n == name })
	}
}

// Ordered lists the protocols in registry order (the built-in ones first).
func Ordered() []string { return slices.Clone(order) }

// Council is the standing-team protocol ("convene").
const Council = council.Protocol

// order is the protocols in the order their sections are given to the configuration loader;
// the first is what a bare command runs unless protocols.default says otherwise.
var order = []string{warroom.Protocol, reason.Protocol, council.Protocol}

// Sections are the protocols' configuration sections, for config.Load, Parse and Detect.
func Sections() []config.Section {
	out := make([]config.Section, len(order))
	for i, n := range order {
		out[i] = known()[n].section
	}
	return out
}

// StageBudgets are the stage caps the configuration's protocol sections set, by protocol, for
// engine.RunConfig.Stages.
func StageBudgets(cfg *config.Config) map[string]map[string]settings.StageBudget {
	out := map[string]map[string]settings.StageBudget{}
	for _, n := range order {
		if sb, ok := cfg.Section(n).(settings.StageBudgeter); ok {
			if caps := sb.StageBudgets(); len(caps) > 0 {
				out[n] = caps
			}
		}
	}
	return out
}

// Names lists the protocols that can run, sorted.
func Names() []string {
	var out []string
	for n := range known() {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Available says whether a protocol can run, with a message fit for a user when it cannot.
func Available(name string) error {
	if _, ok := known()[name]; ok {
		return nil
	}
	return fmt.Errorf("unknown protocol %q (available: %s)", name, strings.Join(Names(), ", "))
}

// AllowedFlags returns a protocol's own flags, for the CLI, the slash grammar and the docs.
func AllowedFlags(name string) []Flag { return known()[name].flags }

// Summary says what a protocol's command does, for --help and the docs.
func Summary(name string) string { return known()[name].summary }

// Examples are the command lines --help shows for a protocol's command: its entry's, else a
// question and its dry run.
func Examples(name string) []string {
	if ex := known()[name].examples; len(ex) > 0 {
		return slices.Clone(ex)
	}
	verb := Verb(name)
	return []string{`war-room ` + verb + ` "Should we …?"`, `war-room ` + verb + ` --dry-run "Should we …?"`}
}

// Verb is the CLI command that runs a protocol: its word ("deliberate", "convene") or its
// own name.
func Verb(name string) string {
	if v := known()[name].verb; v != "" {
		return v
	}
	return name
}

// FlagAnswers are the gate answers a request's flags give before the run (--force-premise).
func FlagAnswers(name string, flags map[string]string) map[string]string {
	out := map[string]string{}
	for _, f := range known()[name].flags {
		if f.Gate != "" && flags[f.Name] == "true" {
			out[f.Gate] = f.Answer
		}
	}
	return out
}

// CheckFlags refuses, before any session exists, a flag the protocol does not take or a
// value it cannot use.
func CheckFlags(name string, flags map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(flags)) {
		i := slices.IndexFunc(known()[name].flags, func(f Flag) bool { return f.Name == k })
		if i < 0 {
			return fmt.Errorf("%s does not take --%s", name, k)
		}
		if f := known()[name].flags[i]; f.Check != nil {
			if err := f.Check(flags[k]); err != nil {
				return err
			}
		}
	}
	return nil
}

// NewSession resolves a request against the configuration into a session ready to Start.
func NewSession(cfg *config.Config, req Request) (*engine.Session, error) {
	if err := Available(req.Protocol); err != nil {
		return nil, err
	}
	if err := CheckFlags(req.Protocol, req.Flags); err != nil {
		return nil, err
	}
	if req.SeedSource == "" {
		req.Seed, req.SeedSource = engine.NewSeed(), "crypto/rand"
	}
	return known()[req.Protocol].start(cfg, req)
}

// Execute runs or resumes a session with its protocol. It returns *engine.GateError
// (wrapped) when the session pauses for a human.
func Execute(ctx context.Context, r *engine.Run) (*decision.Decision, error) {
	p, ok := known()[r.Session().Protocol]
	if !ok {
		return nil, Available(r.Session().Protocol)
	}
	return r.Execute(ctx, p.runner)
}

// DryRun resolves a request into a session as NewSession does and plans and forecasts it on
// cfg, whose Store must be a scratch store the caller owns: no call is made and nothing is
// written where real sessions are kept.
func DryRun(ctx context.Context, conf *config.Config, cfg engine.RunConfig, req Request) (engine.Plan, engine.Forecast, error) {
	s, err := NewSession(conf, req)
	if err != nil {
		return engine.Plan{}, engine.Forecast{}, err
	}
	return engine.Preview(ctx, cfg, s, known()[req.Protocol].runner)
}

// Bounded returns the settings of a session its protocol declares a server may bound, read
// from the session's stored options.
func Bounded(s *engine.Session) ([]limits.Bounded, error) {
	p, ok := known()[s.Protocol]
	if !ok {
		return nil, Available(s.Protocol)
	}
	return p.bounded(s)
}

// bounded reads a protocol's options from a session and asks them what they bound.
func bounded[T interface{ Bounded() []limits.Bounded }](s *engine.Session) ([]limits.Bounded, error) {
	var o T
	if err := json.Unmarshal(s.Options, &o); err != nil {
		return nil, fmt.Errorf("%s: decode session options: %w", s.Protocol, err)
	}
	return o.Bounded(), nil
}

// warRoomOptions resolves a war-room session's options from the configuration and the
// registry's flags (as a command or a comment gives them): the one place the flags become
// options, for a session and for a dry run alike.
func warRoomOptions(cfg *config.Config, flags map[string]string) (warroom.Options, error) {
	base, err := baselineOf(cfg, flags)
	if err != nil {
		return warroom.Options{}, err
	}
	sec, _ := cfg.Section(warroom.Protocol).(*warroom.Section)
	opts, err := warroom.OptionsFrom(sec, cfg.Descriptors(), warroom.Flags{Mode: warroom.Mode(flags["mode"]),
		Preset: flags["preset"], Thresholds: flags["thresholds"], PlanReview: flags["plan-review"] == "true",
		AgentTeams: flags["agent-teams"] == "true"})
	opts.Baseline = base
	return opts, err
}

// baselineFlag is --baseline, which every protocol that chooses among options takes: a plain
// vote of K independent calls over the final options, set beside the decision.
var baselineFlag = Flag{Name: "baseline", Check: checkBaseline,
	Help: "hold a plain vote of K independent calls over the final options beside the decision: a number (at most 32), matched (as many tokens as the deliberation) or off (default: the configuration's baseline.calls)"}

func checkBaseline(v string) error {
	if _, err := engine.ParseBaseline(v); err != nil {
		return fmt.Errorf("--baseline %w", err)
	}
	return nil
}

// baselineOf is the vote a request asks for: its --baseline, else the configuration's.
func baselineOf(cfg *config.Config, flags map[string]string) (engine.Baseline, error) {
	v, ok := flags["baseline"]
	if !ok {
		return cfg.BaselineSetting(), nil
	}
	b, err := engine.ParseBaseline(v)
	if err != nil {
		return engine.Baseline{}, fmt.Errorf("--baseline %w", err)
	}
	return b, nil
}

// reasonOptions resolves a reason chain's options from the configuration and the registry's
// flags, as WarRoomOptions does for war-room.
func reasonOptions(cfg *config.Config, flags map[string]string) (reason.Options, error) {
	passes := 0
	if v := flags["passes"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return reason.Options{}, fmt.Errorf("--passes wants a whole number of at least 1, got %q", v)
		}
		passes = n
	}
	sec, _ := cfg.Section(reason.Protocol).(*reason.Section)
	return reason.OptionsFrom(sec, cfg.Descriptors(), reason.Flags{Fast: flags["fast"] == "true",
		Passes: passes, HighAssurance: flags["high-assurance"] == "true"})
}

func startWarRoom(cfg *config.Config, req Request) (*engine.Session, error) {
	opts, err := warRoomOptions(cfg, req.Flags)
	if err != nil {
		return nil, err
	}
	inputs := append([]engine.Input{engine.NewInput(warroom.InputQuestion, req.Question)}, req.Context...)
	return warroom.NewSession(req.Question, inputs, opts, req.Seed, req.SeedSource)
}

func startReason(cfg *config.Config, req Request) (*engine.Session, error) {
	opts, err := reasonOptions(cfg, req.Flags)
	if err != nil {
		return nil, err
	}
	// The chain's own inputs may come named (the CLI's --facts, --constraints and
	// --caller-position files), or as sections of the command's comment (Facts:,
	// Constraints:, Position:); any other context (the issue) is facts.
	var named, other, constraints, caller string
	for _, in := range req.Context {
		switch in.Name {
		case reason.InputFacts:
			named = in.Text // verbatim, as its file holds it
		case reason.InputConstraints:
			constraints = in.Text
		case reason.InputCallerPosition:
			caller = in.Text
		case CommentContext:
			f, c, p := commentSections(in.Text)
			other += f + "\n"
			constraints = strings.TrimSpace(constraints + "\n" + c)
			caller = strings.TrimSpace(caller + "\n" + p)
		default:
			other += in.Text + "\n"
		}
	}
	other = strings.TrimSpace(other)
	facts := named
	if other != "" {
		facts = strings.TrimSpace(strings.TrimSpace(named) + "\n" + other)
	}
	return reason.NewSession(req.Question, reason.Inputs(req.Question, facts, constraints, caller),
		opts, req.Seed, req.SeedSource)
}

func startCouncil(cfg *config.Config, req Request) (*engine.Session, error) {
	opts, err := councilOptions(cfg, req.Flags, req.Surround)
	if err != nil {
		return nil, err
	}
	inputs := append([]engine.Input{engine.NewInput(council.InputQuestion, req.Question)}, req.Context...)
	return council.NewSession(req.Question, inputs, opts, req.Seed, req.SeedSource)
}

// Words maps what people type after /war-room (or as a CLI verb) to protocol names: each
// protocol by its own name, "deliberate" for war-room and "convene" for the standing team.
func Words() map[string]string {
	words := map[string]string{}
	for n, p := range known() {
		words[n] = n
		if p.verb != "" {
			words[p.verb] = n
		}
	}
	return words
}

// QuestionInput is the name a protocol's sessions carry their question under.
func QuestionInput(protocol string) string { return known()[protocol].question }

// StopWords are the answers the protocols' gates offer for stopping a session (declining a
// reduced-independence panel, dropping a suspect question): a reply using one cancels.
func StopWords() []string { return []string{reason.AnswerDecline, reason.AnswerDrop} }

// FlagsTable is the documentation's table of every protocol's own flags (docs/flags.md), made
// from the same declarations the CLI and the slash grammar read.
func FlagsTable() string {
	var b strings.Builder
	b.WriteString("| protocol | flag | default | meaning |\n|---|---|---|---|\n")
	for _, n := range order {
		for _, f := range known()[n].flags {
			flag, def := "`--"+f.Name+"`", "—"
			if !f.Bool {
				flag = "`--" + f.Name + "=…`"
			}
			if f.Default != "" {
				def = "`" + f.Default + "`"
			}
			fmt.Fprintf(&b, "| `%s` (`war-room %s`) | %s | %s | %s |\n", n, Verb(n), flag, def, strings.ReplaceAll(f.Help, "|", "\\|"))
		}
		for _, f := range known()[n].inputs {
			fmt.Fprintf(&b, "| `%s` (`war-room %s`) | `--%s FILE` | — | %s; the CLI only: a comment gives it as a section |\n",
				n, Verb(n), f.Name, strings.ReplaceAll(f.Help, "|", "\\|"))
		}
	}
	return b.String()
}

// Surrounded reports whether a protocol's sessions read what surrounds the question (the
// repository's files, the approved memory, the checkout), so that a surface fetches it only
// for them.
func Surrounded(name string) bool { return known()[name].surround }

// Proposal is a memory item a finished session proposes for review, or refused with why.
type Proposal struct {
	// By is the member who proposed it.
	By      string
	Item    memory.Item
	Refused string
}

// Proposals reads the memory a finished session proposes: those on their way to review and
// those refused. A protocol that keeps no memory proposes nothing.
func Proposals(ctx context.Context, st engine.Store, d *decision.Decision) (kept, refused []Proposal, err error) {
	p := known()[d.Protocol].proposals
	if p == nil {
		return nil, nil, nil
	}
	return p(ctx, st, d.SessionID)
}

// CommentContext names the context a slash command's comment carries after its question:
// the reason chain reads its sections (commentSections).
const CommentContext = "context:comment"

// commentSections splits the lines of a reason command's comment after its question into the
// chain's inputs. A line that reads "Facts:", "Constraints:" or "Position:" (any case, as a
// heading or in bold too, text may follow the colon) starts that section, which runs to the
// next; lines before any section are facts. The position is the caller's own view, which only
// the attacker receives.
func commentSections(text string) (facts, constraints, position string) {
	var parts [3]strings.Builder
	cur := 0
	for line := range strings.Lines(text) {
		head := strings.Trim(strings.TrimSpace(line), "#*_ ")
		if i, rest, ok := sectionHead(head); ok {
			cur = i
			if rest != "" {
				parts[cur].WriteString(rest + "\n")
			}
			continue
		}
		parts[cur].WriteString(line)
	}
	return strings.TrimSpace(parts[0].String()), strings.TrimSpace(parts[1].String()), strings.TrimSpace(parts[2].String())
}

// sectionHead reads a section's opening line: its index (facts, constraints, position) and
// any text after the colon.
func sectionHead(line string) (int, string, bool) {
	for i, word := range []string{"facts", "constraints", "position"} {
		if len(line) < len(word) || !strings.EqualFold(line[:len(word)], word) {
			continue
		}
		rest := strings.TrimSpace(line[len(word):])
		if rest == "" {
			return i, "", true
		}
		if after, ok := strings.CutPrefix(rest, ":"); ok {
			return i, strings.TrimSpace(strings.Trim(strings.TrimSpace(after), "*_")), true
		}
	}
	return 0, "", false
}
