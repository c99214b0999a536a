package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/internal/store/postgres"
	"github.com/war-room/war-room/internal/termmd"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
)

// approveFlag is --approve-reduced-independence, which every deliberating command takes: the
// answer to the engine's gate, given before the first call.
type approveFlag bool

func (a *approveFlag) register(fs *flag.FlagSet) {
	fs.BoolVar((*bool)(a), "approve-reduced-independence", false,
		"approve in advance a run whose panel cannot be independent (its profiles' families); without it such a run stops before any call")
}

// answers are the gate answers the flag gives.
func (a approveFlag) answers() map[string]string {
	if !a {
		return nil
	}
	return map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}
}

// commonFlags are the flags every session-running command takes.
type commonFlags struct {
	config      string
	db          string
	databaseURL string
	json        bool
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.config, "config", "", "configuration file (default: $WAR_ROOM_CONFIG, else .github/war-room.yml if present, else providers detected from the environment)")
	fs.StringVar(&c.db, "db", "", "SQLite state file (default: $WAR_ROOM_DB, else $XDG_STATE_HOME/war-room/war-room.db or ~/.local/state/war-room/war-room.db)")
	fs.StringVar(&c.databaseURL, "database-url", "", "postgres://… URL of a PostgreSQL database holding the state instead of a SQLite file (default $WAR_ROOM_DATABASE_URL unless --db is given; put a URL with a password in the variable, since a command line is visible to every user of the machine)")
	fs.BoolVar(&c.json, "json", false, "print the result as JSON on stdout")
}

// setup is what a session-running command needs, opened from the common flags.
type setup struct {
	Config   *config.Config
	Store    engine.Store
	Profiles engine.Profiles
}

// Close releases the store.
func (s *setup) Close() {
	if s.Store != nil {
		s.Store.Close()
	}
}

// open loads the configuration, opens the store and builds the provider profiles.
func (c *commonFlags) open(ctx context.Context, e *env) (*setup, error) {
	e.storeArgs = c.args()
	cfg, err := c.loadConfig(e)
	if err != nil {
		return nil, err
	}
	st, err := c.openStore(ctx, e)
	if err != nil {
		return nil, err
	}
	profiles, err := wiring.Profiles(ctx, cfg, e.getenv, nil)
	if err != nil {
		st.Close()
		return nil, exitErr(exitUsage, err)
	}
	return &setup{Config: cfg, Store: st, Profiles: profiles}, nil
}

// openStore opens only the store, for commands that read recorded sessions and may write.
func (c *commonFlags) openStore(ctx context.Context, e *env) (engine.Store, error) {
	target, err := c.target(e)
	if err != nil {
		return nil, err
	}
	return store.Open(ctx, target)
}

// readStore opens only the store, for commands that only read it (decisions, verify,
// doctor): a state file on a read-only mount, or one this user may not write, is opened
// read-only, and a write asked of it fails saying so (store.ErrReadOnly).
func (c *commonFlags) readStore(ctx context.Context, e *env) (engine.Store, error) {
	target, err := c.target(e)
	if err != nil {
		return nil, err
	}
	return store.OpenForReading(ctx, target)
}

// target is where the state lives: a PostgreSQL URL or a SQLite path. A flag beats a variable
// (--db names a file even where $WAR_ROOM_DATABASE_URL is set), and two flags naming two
// stores are a usage error.
func (c *commonFlags) target(e *env) (string, error) {
	u, from := c.databaseURL, "--database-url"
	switch {
	case u != "" && c.db != "":
		return "", usageErr("--db and --database-url name two state stores; give one")
	case u == "" && c.db == "":
		u, from = e.getenv("WAR_ROOM_DATABASE_URL"), "$WAR_ROOM_DATABASE_URL"
	}
	if u == "" {
		return c.dbPath(e), nil
	}
	if !postgres.IsURL(u) {
		return "", usageErr("%s must be a postgres:// or postgresql:// URL", from)
	}
	return u, nil
}

func (c *commonFlags) loadConfig(e *env) (*config.Config, error) {
	path := c.config
	if path == "" {
		path = e.getenv("WAR_ROOM_CONFIG")
	}
	if path == "" {
		if _, err := os.Stat(".github/war-room.yml"); err == nil {
			path = ".github/war-room.yml"
		}
	}
	if path != "" {
		cfg, err := config.Load(path, protocols.Sections()...)
		if err != nil {
			// A configuration problem is the user's to fix, and nothing has run: the
			// documented exit status is 2, as for any usage problem.
			return nil, exitErr(exitUsage, err)
		}
		// A file may leave the profiles to the environment.
		if err := cfg.DetectProviders(e.getenv); err != nil {
			return nil, exitErr(exitUsage, err)
		}
		return cfg, nil
	}
	cfg, err := config.Detect(e.getenv, protocols.Sections()...)
	if err != nil {
		return nil, exitErr(exitUsage, err)
	}
	return cfg, nil
}

func (c *commonFlags) dbPath(e *env) string {
	switch {
	case c.db != "":
		return c.db
	case e.getenv("WAR_ROOM_DB") != "":
		return e.getenv("WAR_ROOM_DB")
	case e.getenv("XDG_STATE_HOME") != "":
		return filepath.Join(e.getenv("XDG_STATE_HOME"), "war-room", "war-room.db")
	}
	home := e.getenv("HOME")
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	return filepath.Join(home, ".local", "state", "war-room", "war-room.db")
}

// runConfig wires a run: progress on stderr, the configured budget, gate answers given on
// the command line, and an interactive prompter when a person is at the terminal.
func (s *setup) runConfig(e *env, answers map[string]string) engine.RunConfig {
	rc := engine.RunConfig{Store: s.Store, Profiles: s.Profiles, Answers: answers,
		Budget: wiring.Budget(s.Config),
		Sinks:  []events.Sink{newProgress(e.stderr)}}
	if e.isTTY {
		rc.Prompter = ttyPrompter(e)
	}
	return rc
}

// printDecision prints a decision's card, then the decision: rendered for a terminal, as
// markdown when piped, as JSON with --json (unchanged: no card).
func printDecision(e *env, d *decision.Decision, asJSON bool) error {
	if asJSON {
		return printJSON(e, d)
	}
	var b strings.Builder
	for _, f := range discussions.CardFacts(d) {
		fmt.Fprintf(&b, "%-14s %s\n", f.Label+":", f.Text)
	}
	body := d.Markdown()
	if e.stdoutTTY {
		body = termmd.Render(body)
	}
	_, err := fmt.Fprint(e.stdout, b.String()+"\n"+body)
	return err
}

// finishDecision prints a session's decision and says, with exitReduced, when the run lost
// the independence it was planned with and no approval covered it.
func finishDecision(e *env, d *decision.Decision, asJSON bool) error {
	if err := printDecision(e, d, asJSON); err != nil {
		return err
	}
	return reducedOutcome(d)
}

func reducedOutcome(d *decision.Decision) error {
	if d.Independence != decision.ReducedIndependence || d.IndependenceApproved {
		return nil
	}
	return exitErr(exitReduced, fmt.Errorf("session %s: decided with %s that nobody approved: %s", d.SessionID,
		decision.ReducedIndependence, strings.Join(d.IndependenceReasons, "; ")))
}

// sessionOutcome maps a protocol's error to the CLI's exit codes, telling the user how to
// go on from a gate.
func sessionOutcome(e *env, err error, sessionID string) error {
	var gate *engine.GateError
	var stopped *engine.Stopped
	switch {
	case errors.As(err, &gate) && gate.Gate.Key == engine.GateReducedIndependence:
		return exitErr(exitDeclined, fmt.Errorf("%s\nNothing was sent to any model. To run it anyway, pass "+
			"--approve-reduced-independence, approve when asked on a terminal, or answer the paused session: "+
			"%s --answer %s=%s. For a conforming run, configure profiles of more model families",
			gate.Gate.Text(), e.resume(sessionID), engine.GateReducedIndependence, engine.AnswerApprove))
	case errors.As(err, &stopped) && stopped.Gate == engine.GateReducedIndependence:
		return exitErr(exitDeclined, fmt.Errorf("%s declined for session %s: no call was made", decision.ReducedIndependence, sessionID))
	}
	if errors.As(err, &gate) {
		msg := fmt.Sprintf("%s\nanswer with: %s --answer %s=<%s>", gate.Gate.Text(),
			e.resume(sessionID), gate.Gate.Key, choicesText(gate.Gate.Choices))
		return exitErr(exitAwaiting, errors.New(msg))
	}
	if errors.Is(err, engine.ErrInvalidAnswer) {
		return exitErr(exitUsage, fmt.Errorf("%w\nthe gate is still open; answer it again with %s --answer GATE=ANSWER", err, e.resume(sessionID)))
	}
	return err
}

func choicesText(c []string) string {
	if len(c) == 0 {
		return "answer"
	}
	out := c[0]
	for _, s := range c[1:] {
		out += "|" + s
	}
	return out
}

// questionAndContext captures a question and every --context file verbatim, as a protocol's
// inputs; an unreadable file is a usage error naming it.
func questionAndContext(questionInput, question string, paths []string) ([]engine.Input, error) {
	in := []engine.Input{engine.NewInput(questionInput, question)}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, exitErr(exitUsage, fmt.Errorf("read context: %w", err))
		}
		in = append(in, engine.ContextInput(path, string(b)))
	}
	return in, nil
}

// args are the flags given that choose the configuration and the store, as a hint repeats
// them (a database URL is not repeated: it may hold a password; its variable is named instead).
func (c *commonFlags) args() string {
	var out string
	if c.config != "" {
		out += " --config " + shellWord(c.config)
	}
	if c.db != "" {
		out += " --db " + shellWord(c.db)
	}
	if c.databaseURL != "" {
		out += " --database-url \"$WAR_ROOM_DATABASE_URL\""
	}
	return out
}

// shellWord quotes s for a shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == '~' || r == ':' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// where names the state store for a message, with any password hidden.
func (c *commonFlags) where(e *env) string {
	target, err := c.target(e)
	if err != nil {
		return "the state store"
	}
	return store.Describe(target)
}
