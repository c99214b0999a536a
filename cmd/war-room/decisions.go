package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine/warroom"
)

func init() {
	register(command{name: "decisions", summary: "list, show and search recorded decisions; list deferred items", run: runDecisions})
}

const decisionsUsage = "decisions list|show|search|deferred [flags]"

// runDecisions dispatches `decisions <name>`: deferred is here, the browsing subcommands are
// in decisions_list.go.
func runDecisions(ctx context.Context, e *env, args []string) error {
	args = subcommandFirst(args)
	if len(args) == 0 {
		return usageErr("usage: war-room %s", decisionsUsage)
	}
	if args[0] == "deferred" {
		return runDecisionsDeferred(ctx, e, args[1:])
	}
	if run, ok := decisionsBrowse[args[0]]; ok {
		return run(ctx, e, args[1:])
	}
	return usageErr("unknown decisions subcommand %q; usage: war-room %s", args[0], decisionsUsage)
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
	st, err := cf.openStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	items, err := warroom.ListDeferred(ctx, st)
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
		return writeJSON(e, items)
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
