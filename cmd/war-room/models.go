package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/catalog"
)

func init() { register(command{name: "models", run: runModels}) }

// modelSettings is what a profile of a type sends a model when it sets none of its own keys.
type modelSettings struct {
	Type          string   `json:"type"`
	Model         string   `json:"model"`
	Known         bool     `json:"known"`
	Inferred      bool     `json:"inferred"`
	Why           string   `json:"why"`
	Effort        []string `json:"effort_levels"`
	Thinking      string   `json:"thinking,omitempty"`
	ContextTokens int      `json:"context_tokens,omitempty"`
	MaxOutput     int      `json:"max_output_tokens,omitempty"`
	InputPerMTok  float64  `json:"input_per_mtok,omitempty"`
	OutputPerMTok float64  `json:"output_per_mtok,omitempty"`
}

func runModels(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "models", "[MODEL...] [--json]")
	asJSON := fs.Bool("json", false, "print the settings as JSON")
	ids, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	var rows []modelSettings
	known := map[string]bool{}
	for _, typ := range provider.Types() {
		v, _ := provider.Lookup(typ)
		if len(v.Catalog) == 0 || v.Capabilities == nil {
			continue
		}
		list := ids
		if len(list) == 0 {
			for _, m := range catalog.Models(v.Catalog...) {
				list = append(list, m.ID)
			}
		}
		for _, id := range list {
			r := settingsOf(v, id)
			known[id] = known[id] || r.Known
			rows = append(rows, r)
		}
	}
	if len(ids) > 0 {
		// An id is shown for the types that know it; one none knows, once.
		shown := map[string]bool{}
		rows = slices.DeleteFunc(rows, func(r modelSettings) bool {
			drop := known[r.Model] && !r.Known || !known[r.Model] && shown[r.Model]
			shown[r.Model] = shown[r.Model] || !drop
			return drop
		})
	}
	if *asJSON {
		return printJSON(e, map[string]any{"catalog": catalog.Snapshot(), "models": rows})
	}
	if len(ids) > 0 {
		printModelDetails(e, rows)
		return nil
	}
	fmt.Fprintf(e.stdout, "What a profile sends each model when it sets none of its own keys (war-room's model catalog: %s, MIT licence).\n"+
		"A profile's effort_levels, thinking, context_tokens, max_output_tokens and price override each column. Ask about one id, known or not: war-room models ID.\n\n",
		catalog.Snapshot())
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TYPE\tMODEL\tEFFORT\tTHINKING\tCONTEXT\tMAX OUTPUT\tUSD/M IN\tUSD/M OUT")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Type, r.Model, orNone(strings.Join(r.Effort, " ")),
			orNone(r.Thinking), count(r.ContextTokens), count(r.MaxOutput), usd(r.InputPerMTok), usd(r.OutputPerMTok))
	}
	return tw.Flush()
}

// settingsOf is what a profile of type v sends model, and why.
func settingsOf(v provider.Vendor, model string) modelSettings {
	c, known := v.Capabilities(model, "")
	r := modelSettings{Type: v.Type, Model: model, Known: known, Inferred: c.Inferred, Effort: []string{},
		Thinking: string(c.Thinking), ContextTokens: c.ContextTokens, MaxOutput: c.MaxOutputTokens,
		InputPerMTok: c.InputPerMTok, OutputPerMTok: c.OutputPerMTok, Why: c.Source}
	if r.Thinking == string(provider.ThinkingOff) && v.Type != "anthropic" {
		r.Thinking = "" // only Anthropic's API takes a thinking setting
	}
	for _, l := range c.EffortLevels {
		r.Effort = append(r.Effort, string(l))
	}
	if !known {
		r.Type = ""
		r.Why = fmt.Sprintf("%s is not in war-room's model catalog (%s), nor is its line: a profile of it sends no effort and no thinking, and its context is not checked, unless the profile sets effort_levels, thinking and context_tokens",
			model, catalog.Snapshot())
	}
	return r
}

func printModelDetails(e *env, rows []modelSettings) {
	for i, r := range rows {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		if !r.Known {
			fmt.Fprintf(e.stdout, "%s: %s.\n", r.Model, r.Why)
			continue
		}
		fmt.Fprintf(e.stdout, "%s, on a profile of type %s: %s.\n", r.Model, r.Type, r.Why)
		fmt.Fprintf(e.stdout, "  effort levels  %s\n", orNone(strings.Join(r.Effort, ", ")))
		if r.Thinking != "" {
			fmt.Fprintf(e.stdout, "  thinking       %s\n", r.Thinking)
		}
		fmt.Fprintf(e.stdout, "  context        %s tokens (a prompt estimated larger is refused before any call)\n", count(r.ContextTokens))
		fmt.Fprintf(e.stdout, "  max output     %s tokens\n", count(r.MaxOutput))
		fmt.Fprintf(e.stdout, "  price          %s in, %s out per million tokens\n", usd(r.InputPerMTok), usd(r.OutputPerMTok))
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func count(n int) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprint(n)
}

func usd(v float64) string {
	if v == 0 {
		return "—"
	}
	return fmt.Sprintf("$%.2f", v)
}
