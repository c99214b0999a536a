package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/protocols"
)

func init() {
	register(command{name: "memory", run: runMemory})
}

// memoryBoard is the project's memory file: one JSON file per project beside the state file,
// named after the project's directory, that a person can open and read.
func memoryBoard(e *env, c *commonFlags) memory.File {
	name := memory.ProjectSlug(projectDir(e)) + ".json"
	return memory.File{Path: filepath.Join(filepath.Dir(c.dbPath(e)), "memory", name)}
}

// reviewer is who approves on a laptop: the login of the person at the terminal.
func reviewer(e *env) string {
	for _, k := range []string{"USER", "LOGNAME"} {
		if v := e.getenv(k); v != "" {
			return v
		}
	}
	return "the person at the terminal"
}

func runMemory(ctx context.Context, e *env, args []string) error {
	var c commonFlags
	var member string
	fs := newFlagSet(e, "memory", "list | review | approve ID… | reject ID… | outcome SESSION held|reversed|partly \"<text>\" | constraint \"<text>\" | path")
	c.register(fs)
	fs.StringVar(&member, "member", "", "with constraint: the member it is for (default: the whole team)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageErr("memory needs a subcommand: list, review, approve, reject, outcome, constraint or path")
	}
	b := memoryBoard(e, &c)
	now := e.now().UTC()
	switch verb, rest := pos[0], pos[1:]; verb {
	case "path":
		fmt.Fprintln(e.stdout, b.Path)
		return nil
	case "list", "review":
		return listMemory(ctx, e, b, verb == "review", c.json)
	case "approve", "reject":
		if len(rest) == 0 {
			return usageErr("memory %s needs the id of at least one item (war-room memory review lists them)", verb)
		}
		for _, id := range rest {
			it, err := memory.Review(ctx, b, id, verb == "approve", reviewer(e), now)
			if errors.Is(err, memory.ErrNoItem) {
				return usageErr("%v (war-room memory list shows every item)", err)
			} else if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s %s: %s\n", it.ID, it.Status, it.Text)
		}
		return nil
	case "outcome":
		// One record, not two: an outcome is the decision's verifiable addendum, which the
		// member memory reads; `decisions outcome` writes the same.
		if member != "" {
			return usageErr("--member: an outcome is the whole team's to read, not one member's")
		}
		return recordOutcome(ctx, e, &browseFlags{common: c}, "memory outcome", rest)
	case "constraint":
		return recordMemory(ctx, e, b, verb, rest, member, now)
	}
	return usageErr("unknown memory subcommand %q (list, review, approve, reject, outcome, constraint, path)", pos[0])
}

// recordMemory writes a constraint a person states directly. Its author is its reviewer, so
// it is approved as written.
func recordMemory(ctx context.Context, e *env, b memory.File, verb string, rest []string, member string, now time.Time) error {
	it := memory.Item{Member: member, Provider: memory.Maintainer}
	if len(rest) != 1 {
		return usageErr(`memory constraint takes the text: war-room memory constraint "what must hold"`)
	}
	it.Text, it.Source = rest[0], memory.Source{Kind: memory.KindConstraint, Ref: reviewer(e)}
	if member != "" {
		if ok, members := protocols.CouncilMember(member); !ok {
			return usageErr("--member: %q is not a member of the roster (members: %s)", member, strings.Join(members, ", "))
		}
	}
	added, err := memory.Record(ctx, b, now, reviewer(e), it)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(added) == 0 {
		fmt.Fprintln(e.stdout, "already recorded")
		return nil
	}
	fmt.Fprintf(e.stdout, "%s approved: %s\n", added[0].ID, added[0].Text)
	return nil
}

func listMemory(ctx context.Context, e *env, b memory.File, pendingOnly, asJSON bool) error {
	items, err := b.Items(ctx)
	if err != nil {
		return err
	}
	if pendingOnly {
		items = memory.Pending(items)
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(items)
	}
	if len(items) == 0 {
		fmt.Fprintf(e.stdout, "no %s in %s\n", map[bool]string{true: "proposal awaits review", false: "memory items"}[pendingOnly], b.Path)
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tMEMBER\tWRITTEN BY\tSOURCE\tTEXT")
	for _, it := range items {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", it.ID, it.Status, orDash(it.Member), it.Provider, it.Source, oneLine(it.Text))
	}
	tw.Flush()
	if pendingOnly {
		fmt.Fprintln(e.stdout, "\nApprove with war-room memory approve ID, reject with war-room memory reject ID; until then a proposal is not used.")
	}
	return nil
}

// sessionMemory is what a new session of this project may read: the approved items whose
// sources still hold (a file item whose file changed since is left out, and said so).
func sessionMemory(ctx context.Context, e *env, c *commonFlags, src evidence.Source) ([]memory.Item, error) {
	items, err := memoryBoard(e, c).Items(ctx)
	if err != nil {
		return nil, exitErr(exitUsage, err)
	}
	g := evidence.Git{Source: src}
	current, stale := memory.Current(memory.Approved(items), func(p string) (string, error) { return g.Blob(ctx, p) })
	for _, it := range stale {
		fmt.Fprintf(e.stderr, "memory: %s is left out: its source %s no longer matches the repository\n", it.ID, it.Source)
	}
	return current, nil
}

// proposeMemory hands a finished session's proposals to the project's memory, where they wait
// for a person's review; it says on stderr what it proposed and what the session dropped.
func proposeMemory(ctx context.Context, e *env, c *commonFlags, st engine.Store, d *decision.Decision) error {
	kept, refused, err := protocols.Proposals(ctx, st, d)
	if err != nil || len(kept)+len(refused) == 0 {
		return err
	}
	items := make([]memory.Item, len(kept))
	for i, p := range kept {
		items[i] = p.Item
	}
	b := memoryBoard(e, c)
	added, err := memory.Propose(ctx, b, e.now().UTC(), items...)
	if err != nil {
		return err
	}
	if len(added) > 0 {
		fmt.Fprintf(e.stderr, "memory: %d item(s) proposed for review; none is used until approved (war-room memory review)\n", len(added))
	}
	for _, p := range refused {
		fmt.Fprintf(e.stderr, "memory: dropped %s's %q: %s\n", p.By, oneLine(p.Item.Text), p.Refused)
	}
	return nil
}
