package council

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
)

// WriteCatalog prints the catalog: its composition profiles, its roster and the capability
// priors, each marked built in or with the repository file it came from.
func WriteCatalog(w io.Writer, cat Catalog) {
	fmt.Fprintln(w, "Composition profiles (* convenes when none is named):")
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, p := range cat.Profiles {
		mark := " "
		if p.Default {
			mark = "*"
		}
		fmt.Fprintf(tw, "  %s %s\t%d members · %d round(s) · at most %d seat calls\t%s\n", mark, p.Name, len(p.Members), p.Rounds, p.MaxSeatCalls, sourceOf(p.Source))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nRoster:")
	tw = tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	for _, m := range cat.Members {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", m.Key, m.Title, m.SeatClass, m.Effort, sourceOf(m.Source))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nCapability priors (0 to 1; a family not listed scores 0.5):")
	fmt.Fprintf(w, "  adjudication: %s\n", priorScores(cat.Priors.Adjudication))
	for _, class := range slices.Sorted(maps.Keys(cat.Priors.Affinity)) {
		if len(cat.Priors.Affinity[class]) > 0 {
			fmt.Fprintf(w, "  affinity of %s seats: %s\n", class, priorScores(cat.Priors.Affinity[class]))
		}
	}
	fmt.Fprintf(w, "\nwar-room council roster PROFILE or MEMBER shows one; a repository overrides or adds cards in %s/.\n", RepositoryDir)
}

// WriteLint prints the divergence lint's findings over the built-in catalog and the
// repository's layer, and returns an error counting them when there are any, so that CI can
// hold a repository's profiles to it.
func WriteLint(w io.Writer, cat Catalog) error {
	fs := cat.Lint()
	if len(fs) == 0 {
		fmt.Fprintf(w, "Divergence lint: the %d profile(s) pass — every team has a seat that attacks, and no two seats are briefed alike.\n", len(cat.Profiles))
		return nil
	}
	for _, f := range fs {
		fmt.Fprintln(w, f.String())
	}
	return fmt.Errorf("divergence lint: %d finding(s)", len(fs))
}

// WriteProfile prints one composition profile: its members, rounds, triage and overlays,
// and what the divergence lint finds in it.
func WriteProfile(w io.Writer, cat Catalog, p Profile) {
	fmt.Fprintf(w, "Profile %s (%s)\n\n%s\n\n", p.Name, sourceOf(p.Source), p.Description)
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

// WriteMember prints one member's card and the brief its seat is played by.
func WriteMember(w io.Writer, cat Catalog, m Member) error {
	fmt.Fprintf(w, "%s (%s) — %s seat, %s effort (%s)\n\n%s\n", m.Title, m.Key, m.SeatClass, m.Effort, sourceOf(m.Source), m.Mandate)
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

func priorScores(m map[string]float64) string {
	var out []string
	for _, f := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fmt.Sprintf("%s %.2g", f, m[f]))
	}
	return orDash(strings.Join(out, ", "))
}

func sourceOf(s string) string {
	if strings.HasPrefix(s, RepositoryDir) {
		return s
	}
	return "built in"
}
