package reason

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
)

// scriptedLabel marks every figure that came from the script provider.
const scriptedLabel = "scripted — not a model"

// writeResult prints a completed chain for a person: the notices a reader must not miss,
// the synthesis verbatim, then the seed, independence, efforts and usage per profile.
func writeResult(w io.Writer, synthesis string, d *decision.Decision, plan Plan, seedSource string) error {
	var b strings.Builder
	notes := d.Notes
	if line := d.IndependenceLine(); line != "" {
		notes = append([]string{line}, notes...)
	}
	for _, n := range notes {
		fmt.Fprintf(&b, "> NOTE: %s\n", n)
	}
	if len(notes) > 0 {
		b.WriteString("\n")
	}
	b.WriteString(strings.TrimRight(synthesis, "\n"))
	b.WriteString("\n\n---\n")
	writeRunFacts(&b, plan, seedSource, func(s Slot) provider.Effort {
		for _, m := range d.Panel {
			if m.Label == s.Artifact && m.Profile == s.Profile {
				return provider.Effort(m.Effort)
			}
		}
		return s.Effort
	})
	writeUsage(&b, d.Usage)
	fmt.Fprintf(&b, "Session: %s\n", d.SessionID)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRunFacts prints the seed, independence and role table; sent is the effort each slot's
// call sends (or sent) once mapped to the levels its profile accepts.
func writeRunFacts(b *strings.Builder, plan Plan, seedSource string, sent func(Slot) provider.Effort) {
	fmt.Fprintf(b, "Seed: %d (%s); --seed %d reproduces this assignment\n", plan.Seed, seedSource, plan.Seed)
	fmt.Fprintf(b, "Independence: %s (as planned)\n", plan.Independence)
	for _, r := range plan.IndependenceReasons {
		fmt.Fprintf(b, "  - %s\n", r)
	}
	fmt.Fprintf(b, "Effort profile: %s\n", plan.EffortProfile)
	b.WriteString("Roles:\n")
	writeSlots(b, plan.Slots, sent)
}

func writeSlots(b *strings.Builder, slots []Slot, sent func(Slot) provider.Effort) {
	var table strings.Builder
	defer func() {
		for _, line := range strings.SplitAfter(table.String(), "\n") {
			b.WriteString(strings.TrimRight(line, " \n"))
			if strings.HasSuffix(line, "\n") {
				b.WriteString("\n")
			}
		}
	}()
	tw := tabwriter.NewWriter(&table, 2, 4, 2, ' ', 0)
	for _, s := range slots {
		pin := ""
		if s.Pinned {
			pin = "pinned"
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", slotLabel(s), s.Profile, orNone(s.Family), effortLabel(s, sent(s)), pin)
	}
	tw.Flush()
}

// effortLabel is the effort sent and where the ask came from, naming the ask when the
// profile's levels changed it ("none" when the model is sent no effort at all).
func effortLabel(s Slot, sent provider.Effort) string {
	if sent == s.Effort {
		return fmt.Sprintf("%s (%s)", sent, s.EffortFrom)
	}
	shown := string(sent)
	if shown == "" {
		shown = "none"
	}
	return fmt.Sprintf("%s (asked %s, %s)", shown, s.Effort, s.EffortFrom)
}

// writeUsage prints one line per profile; tokens of different providers are never added up.
func writeUsage(b *strings.Builder, usage []decision.ProviderUsage) {
	b.WriteString("Usage per provider profile (not summed across providers):\n")
	for _, u := range usage {
		fmt.Fprintf(b, "  %s (%s, %s, model %s): %d call(s), %d input + %d output tokens",
			u.Profile, u.Provider, orNone(u.Family), u.Model, u.Calls, u.Usage.InputTokens, u.Usage.OutputTokens)
		if c := u.Usage.CacheReadTokens + u.Usage.CacheWriteTokens; c > 0 {
			fmt.Fprintf(b, ", cache %d read / %d written", u.Usage.CacheReadTokens, u.Usage.CacheWriteTokens)
		}
		if u.CostUSD > 0 {
			fmt.Fprintf(b, ", $%.4f", u.CostUSD)
		}
		if u.Scripted {
			b.WriteString(" — " + scriptedLabel)
		}
		b.WriteString("\n")
	}
}

// WritePlan prints a dry run: the resolved role table, independence, expected calls and the
// estimate. It makes no call.
func WritePlan(w io.Writer, plan Plan, seedSource string, est Estimate, profiles engine.Profiles) error {
	var b strings.Builder
	b.WriteString("Dry run: no call was made.\n\n")
	writeRunFacts(&b, plan, seedSource, func(s Slot) provider.Effort { return profiles.EffortSent(s.Profile, s.Effort) })
	fmt.Fprintf(&b, "Expected calls: %d, one after another (plus at most one retry each)\n", plan.ExpectedCalls())
	fmt.Fprintf(&b, "Expected artifacts: %s\n", strings.Join(plan.ExpectedArtifacts(), ", "))
	b.WriteString("Estimate per provider profile (not summed across providers):\n")
	for _, pc := range est.Profiles {
		fmt.Fprintf(&b, "  %s: %d call(s), ~%d input + ~%d output tokens", pc.Profile, pc.Calls, pc.InputTokens, pc.OutputTokens)
		if pc.USD != nil {
			fmt.Fprintf(&b, ", ~$%.4f", *pc.USD)
		} else {
			b.WriteString(", unpriced")
		}
		if pc.Latency != nil {
			fmt.Fprintf(&b, ", ~%s measured", pc.Latency.Round(100_000_000))
		} else {
			b.WriteString(", latency not measured yet")
		}
		if p, err := profiles.Get(pc.Profile); err == nil && p.Type == provider.TypeScript {
			b.WriteString(" — " + scriptedLabel)
		}
		b.WriteString("\n")
	}
	if !est.Measured {
		b.WriteString("Output sizes are assumptions (no earlier runs to measure); input sizes come from your inputs.\n")
	}
	fmt.Fprintf(&b, "Estimate: %s\n", est.Forecast)
	for _, line := range est.Forecast.Basis() {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
