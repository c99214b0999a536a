package council

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
)

// allPrompts builds every prompt a session can send — the arbiter's included — from random
// member text that tries to name its author, exactly as Execute builds them.
func allPrompts(r *rand.Rand, p Plan) ([]engine.CallSpec, error) {
	opts := Options{Rounds: 1 + r.IntN(MaxRounds)}.Defaulted()
	s := &engine.Session{ID: "wr-prop", Inputs: []engine.Input{engine.NewInput(InputQuestion, "Should billing move to a queue?")}}
	k := newKit(s, p, opts)
	lab := func(kind string) []Labeled {
		var out []Labeled
		for _, a := range p.Seats {
			out = append(out, Labeled{Label: a.Label, Text: leaky(r, p, kind+" text")})
		}
		return out
	}
	positions, cross, closings := lab("position"), lab("challenge"), lab("closing")
	docket, n := leaky(r, p, "Option 1: one thing. Held by: Member A"), 1+r.IntN(MaxOptions)
	t := Tally{Votes: make([][]string, n), Ballots: len(p.Seats)}
	var specs []engine.CallSpec
	var errs []error
	add := func(s engine.CallSpec, err error) { specs, errs = append(specs, s), append(errs, err) }
	add(k.docket(positions))
	for _, a := range p.Seats {
		add(k.blind(a))
		add(k.cross(a, 1, positions, docket, nil))
		add(k.cross(a, 2, positions, docket, cross))
		add(k.closing(a, positions, docket, n, cross))
	}
	gaps := []Gap{{Role: p.Seats[0].Role, Label: p.Seats[0].Label, Phase: "Closing ballot", Class: "timeout"}}
	add(k.ruling(docket, n, closings, cross, ballotRecord(Docket{Options: make([]Option, n)}, t, gaps), t))
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

func TestScrubberWithholdsWholeWordsAndSparesTheSubject(t *testing.T) {
	s := newScrubber([]string{"Skeptic", "gpt-x", "ab", "Google", "Member"}, []string{"Should we move to Google Cloud?"})
	got := s.Scrub("The SKEPTIC said (gpt-x) skeptics exist; ab stays; Google stays; Member B stays; Skeptic/Skeptic.")
	want := "The [withheld] said ([withheld]) skeptics exist; ab stays; Google stays; Member B stays; [withheld]/[withheld]."
	if got != want {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}
