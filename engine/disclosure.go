package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/settings"
)

// processor is one endpoint that will receive a session's material.
type processor struct {
	Profile  string `json:"profile"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Family   string `json:"family"`
	Endpoint string `json:"endpoint"`
	// Inferred says the model is unknown to war-room's catalog, and which known model's
	// settings it is sent.
	Inferred string `json:"inferred,omitempty"`
}

// Source says where a session's material comes from, for the disclosure: a repository (and
// whether it is private), or nothing on a laptop.
type Source struct {
	Repository string `json:"repository,omitempty"`
	Private    bool   `json:"private,omitempty"`
}

// Disclosure says, before the first call, which vendors will receive what. It is shown on
// stderr or in the progress comment before any model is called, and kept in the record.
type Disclosure struct {
	Processors []processor `json:"processors"`
	// Material names what the processors receive: the session's inputs by name (question,
	// context files, the issue, a diff).
	Material []string `json:"material"`
	// Routes are the inputs sent to some roles only, by name, with the roles that get them.
	Routes []inputRoute `json:"routes,omitempty"`
	// Budget is the session's ceiling as it applies, in a sentence ("uncapped" when none).
	Budget string `json:"budget,omitempty"`
	Source Source `json:"source"`
}

// inputRoute is an input sent to some roles only.
type inputRoute struct {
	Input string   `json:"input"`
	Roles []string `json:"roles"`
}

// RouteLines say, one sentence each, which inputs only some roles receive.
func (d Disclosure) RouteLines() []string {
	var out []string
	for _, rt := range d.Routes {
		out = append(out, fmt.Sprintf("%s goes to the %s only; every other role works without it.", rt.Input, strings.Join(rt.Roles, " and the ")))
	}
	return out
}

// routes lists the plan's routes by input name, each role by its title.
func (p Plan) routes() []inputRoute {
	var out []inputRoute
	for _, in := range slices.Sorted(maps.Keys(p.Routes)) {
		rt := inputRoute{Input: in}
		for _, role := range p.Routes[in] {
			rt.Roles = append(rt.Roles, p.title(role))
		}
		out = append(out, rt)
	}
	return out
}

// Discloser is a sink that must show the disclosure before any model is called. The engine
// calls Disclose synchronously before the session's first call; an error stops the session
// with nothing spent.
type Discloser interface {
	Disclose(ctx context.Context, d Disclosure) error
}

// disclosureStep is the step the disclosure is kept under, which puts it in the record.
const disclosureStep = "engine/disclosure"

// Text renders the disclosure for a person, in a few lines.
func (d Disclosure) Text() string {
	var b strings.Builder
	what := "the question"
	if len(d.Material) > 1 {
		what = "the question and its material (" + strings.Join(d.Material[1:], ", ") + ")"
	}
	fmt.Fprintf(&b, "Before any model is called: %s will be sent to these processors:\n", what)
	for _, p := range d.Processors {
		fmt.Fprintf(&b, "- %s: %s (%s family) at %s\n", p.Profile, orDash(p.Model), orDash(p.Family), orDash(p.Endpoint))
		if p.Inferred != "" {
			fmt.Fprintf(&b, "  (%s)\n", p.Inferred)
		}
	}
	for _, line := range d.RouteLines() {
		b.WriteString(line + "\n")
	}
	if d.Budget != "" {
		b.WriteString(d.Budget + "\n")
	}
	switch {
	case d.Source.Private:
		fmt.Fprintf(&b, "%s is a private repository: this content leaves GitHub for the processors above.\n", d.Source.Repository)
	case d.Source.Repository != "":
		fmt.Fprintf(&b, "The content comes from %s.\n", d.Source.Repository)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// newDisclosure lists the processors of seats (each profile once, by name) and the
// session's inputs.
func (r *Run) newDisclosure(seats []Seat, routes []inputRoute) Disclosure {
	d := Disclosure{Source: r.cfg.Source}
	for _, s := range seats {
		if slices.ContainsFunc(d.Processors, func(p processor) bool { return p.Profile == s.Profile }) {
			continue
		}
		p := processor{Profile: s.Profile, Provider: s.Provider, Model: s.Model, Family: s.Family}
		if prof, ok := r.cfg.Profiles[s.Profile]; ok {
			p.Endpoint = prof.Endpoint
			if prof.SettingsInferred {
				p.Inferred = prof.Settings
			}
			if p.Model == "" {
				p.Model = prof.Model
			}
		}
		d.Processors = append(d.Processors, p)
	}
	// By name: the same processors read the same whatever seat order a seeded draw gave.
	slices.SortFunc(d.Processors, func(a, b processor) int { return strings.Compare(a.Profile, b.Profile) })
	for _, in := range r.session.Inputs {
		d.Material = append(d.Material, in.Name)
	}
	d.Routes, d.Budget = routes, budgetLine(r.cfg.Budget, r.cfg.Stages[r.session.Protocol])
	return d
}

// Disclose shows who will receive the session's material before any of it is sent: it is
// stored as a step of the record (once) and handed to every Discloser sink, every time the
// session runs, before its first call. Execute discloses the whole plan; a caller of Call
// outside a protocol (a review lane) discloses its own seats, and a Call with nothing
// disclosed yet discloses the profile it is about to call.
func (r *Run) Disclose(ctx context.Context, seats []Seat) error { return r.disclose(ctx, seats, nil) }

// disclose is Disclose with the plan's routes: the inputs some roles only receive.
func (r *Run) disclose(ctx context.Context, seats []Seat, routes []inputRoute) error {
	r.disclosure.Lock()
	defer r.disclosure.Unlock()
	if r.disclosed {
		return nil
	}
	d, err := Step(ctx, r, disclosureStep, func(context.Context) (Disclosure, error) { return r.newDisclosure(seats, routes), nil })
	if err != nil {
		return err
	}
	for _, k := range r.cfg.Sinks {
		if ds, ok := k.(Discloser); ok {
			if err := ds.Disclose(ctx, d); err != nil {
				return fmt.Errorf("show the disclosure before the first call (no model was called): %w", err)
			}
		}
	}
	// Every profile disclosed is checked before the first call (see preflightOnce), so that a
	// broken one stops the session before any other has spent.
	for _, s := range seats {
		r.checkBefore = append(r.checkBefore, s.Profile)
	}
	r.disclosed = true
	return nil
}

// budgetLine states the session's ceiling, and says so when there is none: a reader must not
// take silence for a cap. Stage caps follow, each with the setting it came from.
func budgetLine(b limits.Budget, stages map[string]settings.StageBudget) string {
	var caps []string
	if b.MaxTokens > 0 {
		caps = append(caps, fmt.Sprintf("%d tokens (%s)", b.MaxTokens, b.TokensSetting()))
	}
	if b.MaxUSD > 0 {
		caps = append(caps, fmt.Sprintf("$%.2f on priced profiles (%s)", b.MaxUSD, b.USDSetting()))
	}
	var staged []string
	for _, name := range slices.Sorted(maps.Keys(stages)) {
		if sb := stages[name]; sb.MaxTokens > 0 {
			staged = append(staged, fmt.Sprintf("%s %d tokens (%s)", name, sb.MaxTokens, sb.By))
		}
	}
	var line string
	switch {
	case len(caps) == 0 && len(staged) == 0:
		return "Budget: uncapped — no budget.max_tokens or budget.max_usd applies, so nothing stops the calls but the protocol's own count."
	case len(caps) == 0:
		line = "Budget: no session-wide cap (budget.max_tokens and budget.max_usd are unset)."
	default:
		line = "Budget: at most " + strings.Join(caps, " and ") + "; no call starts past it."
	}
	if len(staged) > 0 {
		line += " Once routed, the session's tokens are capped by its stage: " + strings.Join(staged, ", ") + "."
	}
	return line
}
