package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
	"unicode"

	"golang.org/x/term"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/protocols"
)

// command is one subcommand. Each lives in its own file and registers itself in init(); its
// summary is written once, in order (a protocol's, once, in the protocol registry).
type command struct {
	name string
	run  func(ctx context.Context, e *env, args []string) error
}

var registry = map[string]command{}

func register(c command) { registry[c.name] = c }

// order is how --help lists commands; a listed command with no registration is not built yet.
var order = append(builtinProtocols(), []struct{ name, summary string }{
	{"council", "show the standing team's roster and composition profiles (read-only), or lint them for divergence"},
	{"memory", "review, approve and reject the standing team's member memory"},
	{"review", "run independent review lanes on a diff or pull request"},
	{"decisions", "list, show and search recorded decisions; list deferred items"},
	{"publish", "publish a session's decision to GitHub Discussions"},
	{"site", "write the repository's published decisions as a static site (GitHub Pages) with search, filters and verify status"},
	{"action", "run as a GitHub Action step (reads the runner's event)"},
	{"serve", "run as a GitHub App webhook server"},
	{"health", "check that a war-room serve on this machine answers /healthz"},
	{"resume", "continue a paused or interrupted session, answering its gates"},
	{"verify", "recompute a session's record (steps, contributions, decision) and report what no longer matches"},
	{"doctor", "check each configured profile with a few real calls"},
	{"models", "show what war-room sends each model (effort, thinking, context, prices) and why"},
	{"version", "print the version"},
}...)

// builtinProtocols are the commands of the protocols war-room is built with, in the
// registry's order, as the registry names and summarises them.
func builtinProtocols() []struct{ name, summary string } {
	var out []struct{ name, summary string }
	for _, p := range protocols.Ordered() {
		out = append(out, protocolCommand(p))
	}
	return out
}

// protocolCommand is a protocol's command as the registry names and summarises it.
func protocolCommand(protocol string) struct{ name, summary string } {
	return struct{ name, summary string }{protocols.Verb(protocol), protocols.Summary(protocol)}
}

// env is the process's outside world, injectable for tests.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	getenv         func(string) string
	isTTY          bool
	// stdoutTTY says stdout is a terminal: a decision is rendered for it (styles, no
	// markdown characters); piped, it stays markdown.
	stdoutTTY bool
	// flagSets, when set, receives every flag set a command makes (war-room completion reads
	// each command's flags so).
	flagSets func(*flag.FlagSet)
	// writes are the GitHub write layer's clock (zero: the real one); tests of the Action
	// run in-process inject a manual clock here.
	writes wr.Options
	// storeArgs are the --config and --db flags a command was given, repeated in the hints it
	// prints (war-room resume ID --config … --db …) so that they reach the same session.
	storeArgs string
}

// resume is the command that continues session id, with the flags that find it.
func (e *env) resume(id string) string { return "war-room resume " + id + e.storeArgs }

// now is the command's clock: the injected one (writes.Now) when a test set it, else the
// real one.
func (e *env) now() time.Time {
	if e.writes.Now != nil {
		return e.writes.Now()
	}
	return time.Now()
}

func newEnv() *env {
	return &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, getenv: os.Getenv,
		isTTY:     term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stderr.Fd())),
		stdoutTTY: term.IsTerminal(int(os.Stdout.Fd()))}
}

// Exit codes.
const (
	exitOK       = 0
	exitFailure  = 1
	exitUsage    = 2
	exitAwaiting = 3 // paused at a gate; answer it and resume
	exitDeclined = 4 // a human declined, or a required approval is missing
	// exitReduced: the decision is made and printed, but the panel that answered was not the
	// independent one planned (a family lost every call) and no approval covered that.
	exitReduced = 5
)

type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func exitErr(code int, err error) error { return &exitError{code, err} }

func run(ctx context.Context, e *env, args []string) int {
	switch {
	case len(args) == 2 && args[0] == "help" && args[1] == "exit-codes":
		printExitCodes(e.stdout)
		return exitOK
	case len(args) == 2 && args[0] == "help":
		return run(ctx, e, []string{args[1], "--help"})
	case len(args) == 1 && (args[0] == "--version" || args[0] == "-version"):
		return run(ctx, e, []string{"version"})
	case len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help":
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	name := args[0]
	c, ok := commandFor(name)
	if !ok {
		for _, o := range order {
			if o.name == name {
				fmt.Fprintf(e.stderr, "war-room %s: not implemented yet\n", name)
				return exitUsage
			}
		}
		fmt.Fprintf(e.stderr, "war-room: unknown command %q\n\n", name)
		usage(e.stderr)
		return exitUsage
	}
	err := c.run(ctx, e, args[1:])
	return report(e, name, err)
}

func report(e *env, name string, err error) int {
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	code := exitFailure
	var xe *exitError
	if errors.As(err, &xe) {
		code = xe.code
	}
	fmt.Fprintf(e.stderr, "war-room %s: %v\n", name, err)
	return code
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "war-room — argue hard decisions with a panel of models from different vendors.")
	fmt.Fprintln(w, "\nUsage: war-room <command> [flags] [arguments]\n\nCommands:")
	for _, o := range append(slices.Clone(order), genericProtocols()...) {
		note := ""
		if _, ok := commandFor(o.name); !ok {
			note = " (not implemented yet)"
		}
		fmt.Fprintf(w, "  %-11s %s%s\n", o.name, o.summary, note)
	}
	fmt.Fprintln(w, "\nRun 'war-room <command> --help' for a command's flags and examples, 'war-room help exit-codes' for what each exit status means,")
	fmt.Fprintln(w, "'war-room --version' for the version, and 'war-room deliberate --demo' to watch a deliberation with no key.")
}

// summaryOf is a command's one-line summary from the command list ("" for a subcommand).
func summaryOf(name string) string {
	for _, o := range append(slices.Clone(order), genericProtocols()...) {
		if o.name == name {
			return o.summary
		}
	}
	return ""
}

// newFlagSet returns a flag set that prints its usage to e.stderr and never exits.
func newFlagSet(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet("war-room "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	if e.flagSets != nil {
		e.flagSets(fs)
	}
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: war-room %s %s\n", name, synopsis)
		if summary := summaryOf(name); summary != "" {
			fmt.Fprintf(w, "\n%s%s.\n", strings.ToUpper(summary[:1]), summary[1:])
		}
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
		printExamples(w, name)
		fmt.Fprintln(w)
		printExitCodes(w)
	}
	return fs
}

// parseFlags parses args, turning a usage problem into exit code 2. Flags may follow
// positional arguments ("reason 'question' --fast").
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, exitErr(exitUsage, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
		if len(args) > 0 && args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
	}
}

// usageErr reports a usage problem with exit code 2.
func usageErr(format string, a ...any) error {
	return exitErr(exitUsage, fmt.Errorf(format, a...))
}

// oneLine trims and collapses whitespace, for titles. A title already on one line (the
// usual case, listed a thousand times by decisions list) is returned as it is, unallocated.
func oneLine(s string) string {
	if isOneLine(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isOneLine reports whether strings.Fields-and-join would give s back: no space at either
// end, no two in a row and no white space but ' '.
func isOneLine(s string) bool {
	prev := ' ' // a space at the start is not one line
	for _, r := range s {
		if unicode.IsSpace(r) && (r != ' ' || prev == ' ') {
			return false
		}
		prev = r
	}
	return prev != ' ' || s == ""
}
