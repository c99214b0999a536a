package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/store/sqlite"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
)

// commonFlags are the flags every session-running command takes.
type commonFlags struct {
	config string
	db     string
	json   bool
}

func (c *commonFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&c.config, "config", "", "configuration file (default: $WAR_ROOM_CONFIG, else .github/war-room.yml if present, else providers detected from the environment)")
	fs.StringVar(&c.db, "db", "", "SQLite state file (default: $WAR_ROOM_DB, else $XDG_STATE_HOME/war-room/war-room.db or ~/.local/state/war-room/war-room.db)")
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
	cfg, err := c.loadConfig(e)
	if err != nil {
		return nil, err
	}
	path := c.dbPath(e)
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open state file %s: %w", path, err)
	}
	profiles, err := wiring.Profiles(ctx, cfg, e.getenv, http.DefaultClient)
	if err != nil {
		st.Close()
		return nil, exitErr(exitUsage, err)
	}
	return &setup{Config: cfg, Store: st, Profiles: profiles}, nil
}

// openStore opens only the store, for commands that read recorded sessions.
func (c *commonFlags) openStore(ctx context.Context, e *env) (engine.Store, error) {
	path := c.dbPath(e)
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open state file %s: %w", path, err)
	}
	return st, nil
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
		Budget: engine.Budget{MaxTokens: s.Config.Budget.MaxTokens, MaxUSD: s.Config.Budget.MaxUSD},
		Sinks:  []engine.Sink{newProgress(e.stderr)}}
	if e.isTTY {
		rc.Prompter = ttyPrompter(e)
	}
	return rc
}

// printDecision prints a decision as markdown, or as JSON with --json.
func printDecision(e *env, d *engine.Decision, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(d)
	}
	_, err := fmt.Fprint(e.stdout, d.Markdown())
	return err
}

// sessionOutcome maps a protocol's error to the CLI's exit codes, telling the user how to
// go on from a gate.
func sessionOutcome(err error, sessionID string) error {
	var gate *engine.GateError
	if errors.As(err, &gate) {
		msg := fmt.Sprintf("%s\nanswer with: war-room resume %s --answer %s=<%s>", gate.Gate.Question,
			sessionID, gate.Gate.Key, choicesText(gate.Gate.Choices))
		return exitErr(exitAwaiting, errors.New(msg))
	}
	if errors.Is(err, engine.ErrInvalidAnswer) {
		return exitErr(exitUsage, fmt.Errorf("%w\nthe gate is still open; answer it again with war-room resume %s --answer GATE=ANSWER", err, sessionID))
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

// section returns a protocol's configuration section as its own type (nil when absent, which
// the protocols read as their defaults).
func section[T any](cfg *config.Config, protocol string) T {
	v, _ := cfg.Section(protocol).(T)
	return v
}
