package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/council"
)

func init() {
	register(command{name: "council", run: runCouncil})
}

func runCouncil(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "council", "roster [PROFILE|MEMBER] | lint")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	lint := len(pos) == 1 && pos[0] == "lint"
	if !lint && (len(pos) == 0 || pos[0] != "roster" || len(pos) > 2) {
		return usageErr("usage: war-room council roster [PROFILE|MEMBER] | war-room council lint")
	}
	cat, err := protocols.CouncilCatalog(os.DirFS(projectDir(e)))
	if err != nil {
		return exitErr(exitUsage, err)
	}
	if lint {
		return lintCatalog(e.stdout, cat)
	}
	if len(pos) == 1 {
		printCatalog(e.stdout, cat)
		return nil
	}
	if p, ok := cat.Profile(pos[1]); ok && pos[1] != "" {
		printProfile(e.stdout, cat, p)
		return nil
	}
	if m, ok := cat.Member(pos[1]); ok {
		return printMember(e.stdout, cat, m)
	}
	return usageErr("%q is neither a composition profile (%s) nor a member (%s)", pos[1],
		strings.Join(cat.ProfileNames(), ", "), strings.Join(cat.MemberKeys(), ", "))
}

func printCatalog(w io.Writer, cat council.Catalog) {
	fmt.Fprintln(w, "Composition profiles (* convenes when none is named):")
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, p := range cat.Profiles {
		mark := " "
		if p.Default {
			mark = "*"
		}
		fmt.Fprintf(tw, "  %s %s\t%d members · %d round(s) · at most %d seat calls\t%s\n", mark, p.Name, len(p.Members), p.Rounds, p.MaxSeatCalls, source(p.Source))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nRoster:")
	tw = tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, m := range cat.Members {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", m.Key, m.Title, m.SeatClass, m.Effort, source(m.Source))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nCapability priors (0 to 1; a family not listed scores 0.5):")
	fmt.Fprintf(w, "  adjudication: %s\n", scores(cat.Priors.Adjudication))
	for _, class := range slices.Sorted(maps.Keys(cat.Priors.Affinity)) {
		if len(cat.Priors.Affinity[class]) > 0 {
			fmt.Fprintf(w, "  affinity of %s seats: %s\n", class, scores(cat.Priors.Affinity[class]))
		}
	}
	fmt.Fprintf(w, "\nwar-room council roster PROFILE or MEMBER shows one; a repository overrides or adds cards in %s/.\n", council.RepositoryDir)
}

// lintCatalog prints the divergence lint's findings over the built-in catalog and the
// repository's layer; any finding is exit 1, so that CI can hold a repository's profiles to it.
func lintCatalog(w io.Writer, cat council.Catalog) error {
	fs := cat.Lint()
	if len(fs) == 0 {
		fmt.Fprintf(w, "Divergence lint: the %d profile(s) pass — every team has a seat that attacks, and no two seats are briefed alike.\n", len(cat.Profiles))
		return nil
	}
	for _, f := range fs {
		fmt.Fprintln(w, f.String())
	}
	return exitErr(exitFailure, fmt.Errorf("divergence lint: %d finding(s)", len(fs)))
}

func printProfile(w io.Writer, cat council.Catalog, p council.Profile) {
	fmt.Fprintf(w, "Profile %s (%s)\n\n%s\n\n", p.Name, source(p.Source), p.Description)
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "MEMBER\tTITLE\tCLASS\tEFFORT\tAFFINITY\tPIN")
	for _, k := range p.Members {
		m, _ := cat.Member(k)
		pin := "—"
		if f := p.Pins[k].Family; f != "" {
			pin = "family " + f
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", m.Key, m.Title, m.SeatClass, m.Effort, orDash(strings.Join(m.Affinity, ", ")), pin)
	}
	tw.Flush()
	triage := "yes: one short call first asks whether the question needs a team"
	if !p.Triage {
		triage = "no"
	}
	seatCalls := len(p.Members) * (2 + p.Rounds)
	fmt.Fprintf(w, "\n%d cross-examination round(s) · %d seat calls of at most %d · triage: %s\n", p.Rounds, seatCalls, p.MaxSeatCalls, triage)
	fmt.Fprintln(w, "Plus a clerk and an external arbiter, who hold no seat.")
	if p.PersonalData {
		fmt.Fprintln(w, "Personal data: member memory is neither read nor proposed; every call is told to repeat no personal detail it does not need.")
	}
	if len(p.Overlays) > 0 {
		fmt.Fprintln(w, "\nOverlays (added to the member's core card in this profile only):")
		for _, k := range p.Members {
			if o, ok := p.Overlays[k]; ok {
				fmt.Fprintf(w, "- %s: %s\n", k, strings.Join(strings.Fields(o.Focus), " "))
				for _, inc := range o.Incentives {
					fmt.Fprintf(w, "  also %s\n", inc)
				}
			}
		}
	}
	var findings []string
	for _, f := range cat.Lint() {
		if f.Profile == p.Name {
			findings = append(findings, f.String())
		}
	}
	if len(findings) == 0 {
		fmt.Fprintln(w, "\nDivergence lint: passes.")
	} else {
		fmt.Fprintln(w, "\nDivergence lint:\n- "+strings.Join(findings, "\n- "))
	}
}

func printMember(w io.Writer, cat council.Catalog, m council.Member) error {
	fmt.Fprintf(w, "%s (%s) — %s seat, %s effort (%s)\n\n%s\n", m.Title, m.Key, m.SeatClass, m.Effort, source(m.Source), m.Mandate)
	if len(m.Incentives) > 0 {
		fmt.Fprintln(w, "\nIncentives:")
		for _, i := range m.Incentives {
			fmt.Fprintf(w, "- %s\n", i)
		}
	}
	if len(m.Affinity) > 0 {
		fmt.Fprintf(w, "\nPrefers families (after the spread over families): %s\n", strings.Join(m.Affinity, ", "))
	}
	brief, err := cat.Brief(m.Key)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nThe brief the seat is played by:\n\n%s\n", brief)
	return nil
}

func scores(m map[string]float64) string {
	var out []string
	for _, f := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fmt.Sprintf("%s %.2g", f, m[f]))
	}
	return orDash(strings.Join(out, ", "))
}

func source(s string) string {
	if strings.HasPrefix(s, council.RepositoryDir) {
		return s
	}
	return "built in"
}
