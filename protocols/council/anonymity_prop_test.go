package council

import (
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// allPrompts builds every prompt a session can send — the arbiter's included — from random
// member text that tries to name its author, exactly as Execute builds them.
func allPrompts(r *rand.Rand, p Plan, inputs ...engine.Input) ([]engine.CallSpec, error) {
	opts := Options{Team: teamOf(p), Rounds: 1 + r.IntN(maxRounds)}.Defaulted()
	if len(inputs) == 0 {
		inputs = []engine.Input{engine.NewInput(InputQuestion, "Should billing move to a queue?")}
	}
	s := &engine.Session{ID: "wr-prop", Inputs: inputs}
	k := newKit(s, p, opts)
	lab := func(kind string) []panel.Labeled {
		var out []panel.Labeled
		for _, a := range p.Seats {
			out = append(out, panel.Labeled{Label: a.Label, Text: leaky(r, p, kind+" text")})
		}
		return out
	}
	positions, cross, closings := lab("position"), lab("challenge"), lab("closing")
	docketText, n := leaky(r, p, "Option 1: one thing. Held by: Member A"), 1+r.IntN(maxOptions)
	t := tally{Votes: make([][]string, n), Ballots: len(p.Seats)}
	var specs []engine.CallSpec
	var errs []error
	add := func(s engine.CallSpec, err error) { specs, errs = append(specs, s), append(errs, err) }
	add(k.docket(positions))
	for _, a := range p.Seats {
		add(k.blind(a))
		add(k.cross(a, 1, positions, docketText, nil))
		add(k.cross(a, 2, positions, docketText, cross))
		add(k.closing(a, positions, docketText, n, cross, nil))
	}
	gaps := []gap{{Role: p.Seats[0].Role, Label: p.Seats[0].Label, Phase: "Closing ballot", Class: "timeout"}}
	add(k.ruling(docketText, n, closings, cross, ballotRecord(docket{Options: make([]option, n)}, t, gaps), t))
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return specs, nil
}

// Property: over 10,000 seeded plans, no role title or key and no profile, provider, model or
// family name of the plan appears anywhere in any prompt — system text, task, input names or
// input text, up to and including the arbiter's — even when the members' own text tries to
// name them; and every system text is exactly its role body.
func TestNoIdentityReachesAnyPrompt(t *testing.T) {
	for seed := range uint64(10_000) {
		r := rand.New(rand.NewPCG(seed, 2026))
		p := randomPlan(r)
		specs, err := allPrompts(r, p)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		tokens := planTokens(p)
		for _, s := range specs {
			if body, _ := Body(s.Role); s.System != body {
				t.Fatalf("seed %d: the %s prompt's system text is not its role body", seed, s.Role)
			}
			parts := []string{s.Task}
			for _, in := range s.Inputs {
				parts = append(parts, in.Name, in.Text)
			}
			if id, ok := leak(strings.ToLower(strings.Join(parts, "\n")), tokens); ok {
				t.Fatalf("seed %d: %q reaches the %s prompt:\n%s", seed, id, s.Role, strings.Join(parts, "\n"))
			}
		}
	}
}

// Property: a question and an issue that name every role and every profile, provider, model
// and family of the plan do not switch the scrubber off. The session's inputs reach every
// prompt as they were written, but no member's text, task or input name carries an identity.
func TestQuestionNamingTheTeamKeepsItAnonymous(t *testing.T) {
	for seed := range uint64(500) {
		r := rand.New(rand.NewPCG(seed, 14))
		p := randomPlan(r)
		tokens := planTokens(p)
		naming := strings.Join(append(slices.Sorted(maps.Keys(tokens)), roleWords...), ", ")
		given := []engine.Input{engine.NewInput(InputQuestion, "Should "+naming+" decide the billing queue?"),
			engine.NewInput("context:issue", "Issue #9 asks the "+naming+" to weigh in.")}
		specs, err := allPrompts(r, p, given...)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, s := range specs {
			parts, verbatim := []string{s.Task}, 0
			for _, in := range s.Inputs {
				if slices.ContainsFunc(given, func(g engine.Input) bool { return g.Name == in.Name && g.Text == in.Text }) {
					verbatim++
					continue
				}
				parts = append(parts, in.Name, in.Text)
			}
			if verbatim != len(given) {
				t.Fatalf("seed %d: the %s prompt carries %d of the %d session inputs as written", seed, s.Role, verbatim, len(given))
			}
			if id, ok := leak(strings.ToLower(strings.Join(parts, "\n")), tokens); ok {
				t.Fatalf("seed %d: %q reaches the %s prompt although only the question named it:\n%s", seed, id, s.Role, strings.Join(parts, "\n"))
			}
		}
	}
}

// Whole words are withheld whatever the question says; only the operator's exemptions and
// the protocol's label words are spared.
func TestScrubberWithholdsWholeWordsAndSparesOnlyTheOperatorsWords(t *testing.T) {
	idents := []string{"Skeptic", "gpt-x", "ab", "Google", "Member"}
	text := "The SKEPTIC said (gpt-x) skeptics exist; ab stays; Google Cloud; Member B stays; Skeptic/Skeptic."
	if got, want := newScrubber(idents, nil).Scrub(text),
		"The [withheld] said ([withheld]) skeptics exist; ab stays; [withheld] Cloud; Member B stays; [withheld]/[withheld]."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got, want := newScrubber(idents, []string{"google"}).Scrub(text),
		"The [withheld] said ([withheld]) skeptics exist; ab stays; Google Cloud; Member B stays; [withheld]/[withheld]."; got != want {
		t.Errorf("with the operator's exemption:\ngot  %q\nwant %q", got, want)
	}
}

// The operator's exemptions (protocols.council.unscrubbed) reach the prompts' scrubber.
func TestOperatorExemptionsReachThePrompts(t *testing.T) {
	p := randomPlan(rand.New(rand.NewPCG(1, 14)))
	fam := p.Seats[0].Family
	s := &engine.Session{ID: "wr-exempt", Inputs: []engine.Input{engine.NewInput(InputQuestion, "Move to "+fam+" Cloud?")}}
	positions := []panel.Labeled{{Label: p.Seats[0].Label, Text: "Yes, " + fam + " Cloud."}, {Label: p.Seats[1].Label, Text: "No."}}
	for _, tc := range []struct {
		unscrubbed []string
		want       string
	}{{nil, "Yes, [withheld] Cloud."}, {[]string{fam}, "Yes, " + fam + " Cloud."}} {
		k := newKit(s, p, Options{Team: teamOf(p), Rounds: 1, Unscrubbed: tc.unscrubbed}.Defaulted())
		spec, err := k.cross(p.Seats[1], 1, positions, "Option 1: move.", nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := spec.Inputs[1].Text; got != tc.want {
			t.Errorf("unscrubbed %v: the position reads %q, want %q", tc.unscrubbed, got, tc.want)
		}
	}
}

// Triage, the clerk and the arbiter sit no seat: their names say nothing about who wrote what,
// so a member's "the triage of CVE-2025-1" or "the arbiter should weigh cost" reaches the next
// prompt as written, while a seat's title is still withheld.
func TestSeatlessRoleNamesAreNotWithheld(t *testing.T) {
	s := newScrubber(identities(randomPlan(rand.New(rand.NewPCG(1, 2026))), builtinRoster()), nil)
	text := "The triage of CVE-2025-1 matters; the arbiter and the clerk should weigh cost, says the skeptic."
	if got, want := s.Scrub(text), "The triage of CVE-2025-1 matters; the arbiter and the clerk should weigh cost, says the [withheld]."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
