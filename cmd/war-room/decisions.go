package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/protocols"
)

func init() {
	register(command{name: "decisions", run: runDecisions})
}

const decisionsUsage = "decisions list|show|search|deferred|outcome|outcomes|calibration [flags]"

const decisionsHelp = `  list      decisions in the state file, or with --repo those published in the repository
  show      one decision in full: SESSION, or with --repo a discussion NUMBER
  search    decisions holding every word given (locally, or with --repo in Discussions)
  deferred  future work the war-room deliberations captured
  outcome   record what happened to a decision: SESSION held|reversed|partly "what happened"
            (with --repo, a discussion NUMBER: posted there, verifiable from GitHub)
  outcomes  decisions by their latest outcome (--outcome held|reversed|partly|none)
  calibration  per model family and per seat, how often the positions held matched what
            happened (from 10 recorded outcomes)

Run 'war-room decisions <subcommand> --help' for its flags.`

// runDecisions dispatches `decisions <name>`: deferred is here, the browsing subcommands are
// in decisions_list.go.
func runDecisions(ctx context.Context, e *env, args []string) error {
	args = subcommandFirst(args)
	if len(args) == 0 {
		return usageErr("usage: war-room %s", decisionsUsage)
	}
	if wantsHelp(args) {
		fmt.Fprintf(e.stderr, "Usage: war-room %s\n\n%s\n", decisionsUsage, decisionsHelp)
		printExamples(e.stderr, "decisions list")
		fmt.Fprintln(e.stderr)
		printExitCodes(e.stderr)
		return flag.ErrHelp
	}
	if args[0] == "deferred" {
		return runDecisionsDeferred(ctx, e, args[1:])
	}
	if run, ok := decisionsBrowse[args[0]]; ok {
		return run(ctx, e, args[1:])
	}
	return usageErr("unknown decisions subcommand %q; usage: war-room %s", args[0], decisionsUsage)
}

// wantsHelp reports a request for help in place of a subcommand ("decisions --help", also
// after flags: "decisions --db x -h").
func wantsHelp(args []string) bool {
	if args[0] == "help" {
		return true
	}
	if !strings.HasPrefix(args[0], "-") {
		return false // a subcommand, which prints its own help
	}
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" || a == "help" {
			return true
		}
	}
	return false
}

// subcommandFirst moves the subcommand to the front when flags came before it
// ("decisions --db x deferred").
func subcommandFirst(args []string) []string {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") {
		return args
	}
	for i, a := range args {
		if _, browse := decisionsBrowse[a]; browse || a == "deferred" {
			return append(append([]string{a}, args[:i]...), args[i+1:]...)
		}
	}
	return args
}

// runDecisionsDeferred lists the future work deliberations captured: rejected courses of
// action that earned Borda points, and dissenting views that describe later work.
func runDecisionsDeferred(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "decisions deferred", "[--session ID] [--db FILE] [--json]")
	var cf commonFlags
	cf.register(fs)
	session := fs.String("session", "", "only the items of this session")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usageErr("decisions deferred takes no arguments")
	}
	st, err := cf.readStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	items, err := protocols.Deferred(ctx, st)
	if err != nil {
		return err
	}
	if *session != "" {
		kept := items[:0]
		for _, it := range items {
			if it.SessionID == *session {
				kept = append(kept, it)
			}
		}
		items = kept
	}
	if cf.json {
		return printJSON(e, items)
	}
	if len(items) == 0 {
		fmt.Fprintln(e.stdout, "no deferred items")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "SESSION\tTITLE\tSOURCE\tRATIONALE")
	for _, it := range items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", it.SessionID, oneLine(it.Title),
			strings.TrimPrefix(it.Source, "war-room: "), oneLine(it.Rationale))
	}
	return tw.Flush()
}
