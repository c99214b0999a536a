package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/discussions/site"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/calibration"
	"github.com/war-room/war-room/internal/memory"
)

// The outcome subcommands of `decisions`: record what happened to a decision, list decisions
// by outcome, and set the seats' positions against the outcomes. Each works on the local store,
// or with --repo on the decisions published in the repository's Discussions.
func init() {
	decisionsBrowse["outcome"] = runDecisionsOutcome
	decisionsBrowse["outcomes"] = runDecisionsOutcomes
	decisionsBrowse["calibration"] = runDecisionsCalibration
}

const outcomeSynopsis = "SESSION held|reversed|partly \"what happened\" | NUMBER … --repo OWNER/NAME"

func runDecisionsOutcome(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	pos, err := b.parseRepo(e, "outcome", outcomeSynopsis,
		"record it on decision NUMBER published in OWNER/NAME's Discussions instead of the local store (GITHUB_TOKEN)", args)
	if err != nil {
		return err
	}
	return recordOutcome(ctx, e, &b, "decisions outcome", pos)
}

// recordOutcome records one outcome (`decisions outcome` and `memory outcome` alike): in the
// local store, chained to the session's sealed decision, and in the project's member memory
// as an approved item the next standing-team session reads; with --repo, on the published
// decision's discussion, where `verify` checks it from GitHub alone.
func recordOutcome(ctx context.Context, e *env, b *browseFlags, name string, pos []string) error {
	if len(pos) < 3 {
		synopsis := outcomeSynopsis
		if b.github.repo == "" && name != "decisions outcome" {
			synopsis = `SESSION held|reversed|partly "what happened"` // memory outcome has no --repo
		}
		return usageErr("%s takes the decision, the outcome (held, reversed or partly) and what happened: war-room %s %s",
			name, name, synopsis)
	}
	verdict, err := outcome.ParseVerdict(pos[1])
	if err != nil {
		return usageErr("%v: war-room %s %s held \"what happened\"", err, name, pos[0])
	}
	note, by, now := strings.Join(pos[2:], " "), reviewer(e), e.now().UTC()
	if b.github.repo != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(pos[0], "#"))
		if err != nil || n <= 0 {
			return usageErr("with --repo, %s takes a discussion number, got %q", name, pos[0])
		}
		p, repo, err := b.remote(e)
		if err != nil {
			return err
		}
		a, url, err := p.RecordOutcome(ctx, discussions.OutcomeRequest{Repo: repo, Number: n, Verdict: verdict, Note: note,
			By: by, Source: "cli"})
		if err != nil {
			return usageIfInput(err)
		}
		if _, err := memory.Record(ctx, discussions.MemoryBoard{P: p, Repo: repo}, now, by, memory.FromOutcome(a, "#"+strconv.Itoa(n))); err != nil {
			return fmt.Errorf("the outcome is recorded on #%d, but the member memory could not take it: %w", n, err)
		}
		if b.common.json {
			return printJSON(e, a)
		}
		fmt.Fprintf(e.stdout, "outcome %d of %s#%d recorded: %s (digest %s); verify covers it, and the member memory reads it\n%s\n",
			a.Seq, repo, n, a.Verdict, a.Digest[:12], url)
		return nil
	}
	st, err := b.common.openStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	a, err := verify.RecordOutcome(ctx, st, pos[0], verdict, note, by, "cli", now)
	if err != nil {
		return usageIfInput(err)
	}
	if _, err := memory.Record(ctx, memoryBoard(e, &b.common), now, by, memory.FromOutcome(a, a.Session)); err != nil {
		return fmt.Errorf("the outcome is recorded, but the member memory could not take it: %w", err)
	}
	if b.common.json {
		if err := printJSON(e, a); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "outcome %d of %s recorded: %s (digest %s); verify covers it, and the member memory reads it\n",
			a.Seq, a.Session, a.Verdict, a.Digest[:12])
	}
	published, err := discussions.PublishedSessions(ctx, st)
	if err != nil {
		return err
	}
	for _, pub := range published[a.Session] {
		fmt.Fprintf(e.stderr, "it is published as %s#%d: record it there too with war-room decisions outcome %d %s %q --repo %[1]s\n",
			pub.Repo, pub.Number, pub.Number, a.Verdict, note)
	}
	return nil
}

// usageIfInput makes a refusal of what was typed (a verdict, a note, an unknown or unsealed
// session) a usage error, exit 2; anything else stays a failure.
func usageIfInput(err error) error {
	var ie *outcome.InputError
	if errors.As(err, &ie) || errors.Is(err, engine.ErrNotFound) {
		return exitErr(exitUsage, err)
	}
	return err
}

// decided is one decision with its outcomes, from either source.
type decided struct {
	Ref      string             `json:"decision"`
	Title    string             `json:"title"`
	Date     string             `json:"date"`
	Outcomes []outcome.Addendum `json:"outcomes,omitempty"`
	decision *decision.Decision
}

func (d decided) verdict() string {
	if a, ok := outcome.Latest(d.Outcomes); ok {
		return a.Verdict
	}
	return ""
}

// gatherDecided reads every decision with its outcomes: the local store's (each verified, as
// `verify` would), or the repository's published decisions (each read and verified from GitHub).
func gatherDecided(ctx context.Context, e *env, b *browseFlags) ([]decided, error) {
	if b.github.repo != "" {
		p, repo, err := b.remote(e)
		if err != nil {
			return nil, err
		}
		entries, err := site.Collect(ctx, p, repo, func(i, n, number int) {
			fmt.Fprintf(e.stderr, "decisions: reading #%d (%d of %d)\n", number, i, n)
		})
		if err != nil {
			return nil, err
		}
		var out []decided
		for _, en := range entries {
			if en.Decision == nil {
				continue
			}
			if !en.Verified {
				fmt.Fprintf(e.stderr, "decisions: #%d is left out: its record does not verify (%s)\n", en.Row.Number, strings.Join(en.Problems, "; "))
				continue
			}
			out = append(out, decided{Ref: "#" + strconv.Itoa(en.Row.Number), Title: oneLine(en.Row.Title), Date: en.Row.Date,
				Outcomes: en.Outcomes, decision: en.Decision})
		}
		return out, nil
	}
	st, err := b.common.readStore(ctx, e)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	ds, err := localDecisions(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	var out []decided
	for _, ld := range ds {
		d, err := verify.Decision(ctx, st, ld.Session)
		if err != nil {
			fmt.Fprintf(e.stderr, "decisions: %s is left out: %v\n", ld.Session, err)
			continue
		}
		chain, err := verify.Outcomes(ctx, st, ld.Session)
		if err != nil {
			return nil, err
		}
		out = append(out, decided{Ref: ld.Session, Title: ld.Title, Date: ld.Date, Outcomes: chain, decision: d})
	}
	return out, nil
}

// verdictOrder lists decisions by outcome: held, partly, reversed, then those with none.
var verdictOrder = map[string]int{outcome.Held: 0, outcome.Partly: 1, outcome.Reversed: 2, "": 3}

func runDecisionsOutcomes(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	fs := newFlagSet(e, "decisions outcomes", "[--outcome held|reversed|partly|none] [--repo OWNER/NAME]")
	b.common.register(fs)
	b.github.register(fs, "read the decisions published in OWNER/NAME's Discussions instead of the local store (GITHUB_TOKEN)")
	only := fs.String("outcome", "", "only the decisions whose latest outcome is this (none: no outcome recorded yet)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usageErr("decisions outcomes takes no arguments")
	}
	if *only != "" && *only != "none" {
		if *only, err = outcome.ParseVerdict(*only); err != nil {
			return usageErr("--outcome: %v, or none", err)
		}
	}
	ds, err := gatherDecided(ctx, e, &b)
	if err != nil {
		return err
	}
	ds = slices.DeleteFunc(ds, func(d decided) bool {
		return *only != "" && d.verdict() != strings.TrimSuffix(*only, "none")
	})
	slices.SortStableFunc(ds, func(a, b decided) int { return verdictOrder[a.verdict()] - verdictOrder[b.verdict()] })
	if b.common.json {
		return printJSON(e, ds)
	}
	if len(ds) == 0 {
		fmt.Fprintln(e.stdout, "no decisions")
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DECISION\tDATE\tOUTCOME\tRECORDED\tBY\tTITLE")
	for _, d := range ds {
		a, ok := outcome.Latest(d.Outcomes)
		if !ok {
			fmt.Fprintf(tw, "%s\t%s\t—\t—\t—\t%s\n", d.Ref, d.Date, d.Title)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", d.Ref, d.Date, a.Verdict, a.At.Format(time.DateOnly), a.By, d.Title)
	}
	return tw.Flush()
}

func runDecisionsCalibration(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	pos, err := b.parse(e, "calibration", "[--repo OWNER/NAME]", args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usageErr("decisions calibration takes no arguments")
	}
	ds, err := gatherDecided(ctx, e, &b)
	if err != nil {
		return err
	}
	var in []calibration.Decided
	for _, d := range ds {
		if a, ok := outcome.Latest(d.Outcomes); ok {
			in = append(in, calibration.Decided{Ref: d.Ref, Decision: d.decision, Outcome: a})
		}
	}
	r := calibration.Compute(in)
	if b.common.json {
		return printJSON(e, r)
	}
	if !r.Enough {
		fmt.Fprintf(e.stdout, "%d decision(s) have a recorded outcome; calibration needs %d before it reports a rate "+
			"(record one with war-room decisions outcome)\n", r.Outcomes, calibration.MinOutcomes)
		return nil
	}
	fmt.Fprintf(e.stdout, "%d decisions with an outcome (%d held, %d partly, %d reversed); %d of them hold the seats' positions.\n"+
		"A position matches when the decision held and the seat chose it, or was reversed and the seat chose otherwise; partly counts half.\n\n",
		r.Outcomes, r.Verdicts[outcome.Held], r.Verdicts[outcome.Partly], r.Verdicts[outcome.Reversed], r.Positions)
	for _, t := range []struct {
		head string
		rows []calibration.Row
	}{{"FAMILY", r.Families}, {"SEAT", r.Seats}} {
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintf(tw, "%s\tPOSITIONS\tMATCHED\tRATE\tBRIER\n", t.head)
		for _, row := range t.rows {
			brier := "—"
			if row.Brier != nil {
				brier = fmt.Sprintf("%.3f (%d stated)", *row.Brier, row.Forecasts)
			}
			fmt.Fprintf(tw, "%s\t%d\t%g\t%.0f%%\t%s\n", row.Name, row.Positions, row.Matched, 100*row.Rate, brier)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(e.stdout)
	}
	return nil
}
