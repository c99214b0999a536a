package warroom

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/anontest"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// token is a random identity string that cannot occur in prompt text by accident.
func token(r *rand.Rand, prefix string) string { return anontest.Token(r, prefix) }

// randomPanel seats the registry on 1–8 random profiles with random vendors.
func randomPanel(r *rand.Rand) Panel {
	n := 1 + r.IntN(8)
	type prof struct{ name, provider, model, family string }
	profs := make([]prof, n)
	for i := range profs {
		profs[i] = prof{token(r, "zqp"), token(r, "zqv"), token(r, "zqm"), token(r, "zqf")}
	}
	var p Panel
	for _, s := range allRoles() {
		pr := profs[r.IntN(n)]
		p.Members = append(p.Members, member{Role: s.Key, Profile: pr.name, Provider: pr.provider, Model: pr.model, Family: pr.family})
	}
	return p
}

// seatsOf is the panel's members as anontest sees them.
func seatsOf(p Panel) []anontest.Seat {
	out := make([]anontest.Seat, 0, len(p.Members))
	for _, m := range p.Members {
		spec, _ := spec(m.Role)
		out = append(out, anontest.Seat{Role: m.Role, Title: spec.Title, Profile: m.Profile, Provider: m.Provider, Model: m.Model, Family: m.Family})
	}
	return out
}

// leaky returns expert text that gives its author away the way a model might: by seat title
// or key, by profile or by model name, in varied case.
func leaky(r *rand.Rand, p Panel, body string) string {
	return anontest.Leaky(r, seatsOf(p), body, false)
}

// registryIdentities are the seat titles and keys, lower-cased.
var registryIdentities = func() []string {
	var out []string
	for _, s := range allRoles() {
		out = append(out, anontest.Words(s.Key, s.Title)...)
	}
	return out
}()

// panelTokens are the panel's profile, provider, model and family names (all "zq…").
func panelTokens(p Panel) map[string]bool { return anontest.NameSet(seatsOf(p)) }

// leak finds an identity in lower-cased prompt text: a panel name, or a seat name anywhere.
func leak(text string, tokens map[string]bool) (string, bool) {
	return anontest.Leaks(text, tokens, registryIdentities, false)
}

// The role bodies are the system text of every prompt; none names a seat.
func TestRoleBodiesNameNoSeat(t *testing.T) {
	for _, s := range allRoles() {
		body, err := Body(s.Key)
		if err != nil {
			t.Fatal(err)
		}
		if id, ok := leak(strings.ToLower(body), nil); ok {
			t.Errorf("role body %s names %q", s.Key, id)
		}
	}
}

// prePrompts builds every prompt a session can send before the synthesis, from random panel
// content, exactly as Execute builds them.
func prePrompts(r *rand.Rand, p Panel, mode Mode) ([]engine.CallSpec, [][]string, error) {
	opts := Options{Mode: mode, PlanReview: r.IntN(2) == 0}.Defaulted()
	s := &engine.Session{ID: "wr-prop", Inputs: []engine.Input{engine.NewInput(InputQuestion, "Should billing move to a queue?")}}
	k := newKit(s, p, opts)
	lab := func(kind string, n int) []panel.Labeled {
		out := make([]panel.Labeled, n)
		for i := range out {
			out[i] = panel.Labeled{Label: record.AnonymousLabel(i), Text: leaky(r, p, kind+" text")}
		}
		return out
	}
	intel, sit, coas, challenges := lab("intel", 2), lab("assessment", 1), lab("coa", 3+r.IntN(3)), lab("challenge", 2)
	rev := reversibility{Score: 0.72, Type: type1A, Mode: string(ModeFull)}
	for _, d := range dimensions {
		rev.Dimensions = append(rev.Dimensions, dimension{Name: d.Name, Score: 3, Rationale: leaky(r, p, "why")})
	}
	var specs []engine.CallSpec
	add := func(s engine.CallSpec, err error) error {
		specs = append(specs, s)
		return err
	}
	errs := []error{add(k.reversibility()), add(k.expressRecommendation(rev, expressWhy(rev, mode))), add(k.expressChallenge(lab("rec", 1))),
		add(k.assessment(intel)), add(k.escalation(rev, mode, "", coas))}
	for _, role := range intelSeats(mode) {
		errs = append(errs, add(k.intel(role)))
	}
	for _, role := range coaAuthors(mode) {
		errs = append(errs, add(k.coa(role, 1, sit)))
	}
	// Agent-teams exchanges: every model-written text they carry tries to name its author.
	clar := lab("clarification", 1+r.IntN(len(coas)))
	errs = append(errs, add(k.questions(sit, coas)), add(k.answer(coaAuthors(mode)[0], coas[0], leaky(r, p, "why?"))))
	for _, role := range challengeSeats {
		errs = append(errs, add(k.challenge(role, sit, coas, nil)), add(k.challenge(role, sit, coas, clar)))
	}
	ls := make([]string, len(coas))
	for i, c := range coas {
		ls[i] = c.Label
	}
	voters := voters(mode, opts.PlanReview)
	orders := presentationOrders(ls, len(voters), rand.New(rand.NewPCG(r.Uint64(), 1)))
	for i, v := range voters {
		errs = append(errs, add(k.vote(v, reorder(coas, orders[i]), challenges, "")), add(k.premortem(v, coas[:2], challenges)),
			add(k.vote(v, reorder(coas, orders[i]), challenges, leaky(r, p, "my ballot"))),
			add(k.premortemAfter(v, coas[:2], challenges, lab("premortem", 1+r.IntN(3)))))
	}
	errs = append(errs, add(k.revision(chiefStrategist, coas[0], coas[1:], challenges, "Response A 3", "")),
		add(k.revision(chiefStrategist, coas[0], coas[1:], challenges, "Response A 3", leaky(r, p, "my ballot"))))
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return specs, orders, nil
}

// Property: over 10,000 seeded panels, no seat title or key and no profile, provider, model or
// family name of the panel appears anywhere in a prompt before the synthesis (system text,
// task, input names or input text), even when the experts' own text tries to name them; and
// the voters see the options in different orders.
func TestNoIdentityReachesAnyPromptBeforeSynthesis(t *testing.T) {
	modes := []Mode{ModeLightweight, ModeFull, ModeDelphi}
	for seed := range uint64(10_000) {
		r := rand.New(rand.NewPCG(seed, 2026))
		p := randomPanel(r)
		specs, orders, err := prePrompts(r, p, modes[r.IntN(len(modes))])
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		tokens := panelTokens(p)
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
		seen := map[string]bool{}
		for _, o := range orders {
			seen[fmt.Sprint(o)] = true
		}
		// Distinct for every voter while permutations last (3 options have only 6).
		if want := min(len(orders), factorial(len(orders[0]))); len(seen) != want {
			t.Fatalf("seed %d: %d voters saw %d distinct orders, want %d: %v", seed, len(orders), len(seen), want, orders)
		}
	}
}

// The vote prompt names the letters to rank but never shows a filled-in ranking: a voter that
// copied an example in the order the options were shown would undo the per-voter orders.
func TestVotePromptCarriesNoRankingToCopy(t *testing.T) {
	s := &engine.Session{ID: "wr-vote", Inputs: []engine.Input{engine.NewInput(InputQuestion, "Which queue?")}}
	k := newKit(s, randomPanel(rand.New(rand.NewPCG(1, 2))), Options{}.Defaulted())
	shown := []panel.Labeled{{Label: "Response C", Text: "c"}, {Label: "Response A", Text: "a"}, {Label: "Response B", Text: "b"}}
	spec, err := k.vote(scout, shown, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(spec.Task, "C, A, B") {
		t.Errorf("the task does not name the letters to rank:\n%s", spec.Task)
	}
	if got, err := parseRanking(spec.Task, []string{"Response A", "Response B", "Response C"}); err == nil {
		t.Errorf("the task carries a complete ranking %v a voter could copy:\n%s", got, spec.Task)
	}
}

// The escalation check's prompt fits the mode: a lightweight panel is asked whether to grow
// into the full council; a full council is told there is nothing larger, never asked to
// "escalate to the full council".
func TestTheEscalationPromptFitsTheMode(t *testing.T) {
	s := &engine.Session{ID: "wr-esc", Inputs: []engine.Input{engine.NewInput(InputQuestion, "Should billing move to a queue?")}}
	rev := reversibility{Score: 0.72, Type: type1A, Mode: string(ModeFull)}
	coas := []panel.Labeled{{Label: record.AnonymousLabel(0), Text: "a queue"}}
	for mode, want := range map[Mode]string{
		ModeLightweight: "The panel is deliberating as a lightweight panel.",
		ModeFull:        "The panel is already the full council, so there is nothing larger to escalate to",
	} {
		k := newKit(s, randomPanel(rand.New(rand.NewPCG(1, 2))), Options{Mode: mode}.Defaulted())
		spec, err := k.escalation(rev, mode, "", coas)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(spec.Task, want) {
			t.Errorf("%s: the task lacks %q:\n%s", mode, want, spec.Task)
		}
		if mode == ModeFull && strings.Contains(spec.Task, "Escalate to the full council") {
			t.Errorf("a full council is asked to escalate to the full council:\n%s", spec.Task)
		}
	}
}
