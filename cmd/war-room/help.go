package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/war-room/war-room/protocols"
)

// exitCodes are war-room's exit statuses, the same for every command and condition: one
// table, printed by every --help and by war-room help exit-codes.
var exitCodes = []struct {
	code    int
	meaning string
}{
	{exitOK, "done: the decision, review or report is printed"},
	{exitFailure, "failed: a model call, GitHub or the store failed, a record does not verify, or a profile cannot serve"},
	{exitUsage, "usage: a flag, an argument, a configuration file or a session id is wrong; nothing was spent"},
	{exitAwaiting, "paused at a gate: answer it with war-room resume (the command that paused says how)"},
	{exitDeclined, "declined: a person said no, or an approval the run needs (reduced independence) was not given"},
	{exitReduced, "decided on a reduced panel: a family lost every call and no approval covered that"},
}

// printExitCodes writes the table.
func printExitCodes(w io.Writer) {
	fmt.Fprintln(w, "Exit codes:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, c := range exitCodes {
		fmt.Fprintf(tw, "  %d\t%s\n", c.code, c.meaning)
	}
	tw.Flush()
}

// examples are each command's examples, shown by its --help.
var examples = map[string][]string{
	"council":            {`war-room council roster`, `war-room council roster writing-cv`, `war-room council lint`},
	"memory":             {`war-room memory list`, `war-room memory review`, `war-room memory approve m-1`},
	"review":             {`war-room review --base main --head HEAD`, `war-room review --pr acme/widgets#42`},
	"decisions list":     {`war-room decisions list`, `war-room decisions list --json`},
	"decisions show":     {`war-room decisions show wr-0123456789abcdef`},
	"decisions search":   {`war-room decisions search "job queue"`},
	"decisions deferred": {`war-room decisions deferred`, `war-room decisions deferred --session wr-0123456789abcdef`},
	"decisions outcome": {`war-room decisions outcome wr-0123456789abcdef reversed "Spend doubled by March; back to cron."`,
		`war-room decisions outcome 7 held "Ran a quarter without a lost job." --repo acme/widgets`},
	"decisions outcomes":    {`war-room decisions outcomes`, `war-room decisions outcomes --outcome reversed --repo acme/widgets`},
	"decisions calibration": {`war-room decisions calibration`, `war-room decisions calibration --repo acme/widgets --json`},
	"publish":               {`war-room publish wr-0123456789abcdef --repo acme/widgets`},
	"action":                {`uses: war-room/war-room@v1   # in a workflow step; see docs/action.md`},
	"serve":                 {`war-room serve --app-id 12345 --private-key app.pem --webhook-secret secret.txt`},
	"health":                {`war-room health --addr :8080`},
	"resume":                {`war-room resume wr-0123456789abcdef`, `war-room resume wr-0123456789abcdef --answer reduced-independence=approve`},
	"verify": {`war-room verify wr-0123456789abcdef`, `war-room verify --repo acme/widgets --discussion 7`,
		`war-room verify --repo acme/widgets --check-run 4242`},
	"doctor":     {`war-room doctor`, `war-room doctor claude --dry-run`},
	"models":     {`war-room models`, `war-room models claude-opus-9 gpt-5.5`},
	"version":    {`war-room version`, `war-room --version`},
	"completion": {`war-room completion bash > ~/.local/share/bash-completion/completions/war-room`, `war-room completion zsh > "${fpath[1]}/_war-room"`, `war-room completion fish > ~/.config/fish/completions/war-room.fish`},
}

// examplesOf are command name's examples: a protocol's from the registry, else this file's.
func examplesOf(name string) []string {
	for _, p := range protocols.Ordered() {
		if protocols.Verb(p) == name {
			return protocols.Examples(p)
		}
	}
	return examples[name]
}

// printExamples writes name's examples, when it has any.
func printExamples(w io.Writer, name string) {
	ex := examplesOf(name)
	if len(ex) == 0 {
		return
	}
	fmt.Fprintln(w, "\nExamples:")
	for _, x := range ex {
		fmt.Fprintln(w, "  "+x)
	}
}
