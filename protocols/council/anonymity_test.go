package council

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/promptsafe"
)

// token is a random identity string that cannot occur in prompt text by accident.
func token(r *rand.Rand, prefix string) string {
	b := []byte(prefix)
	for range 6 {
		b = append(b, byte('a'+r.IntN(26)))
	}
	return string(b)
}

// randomPlan seats a random team of 2–6 on 1–6 random profiles, each with random names.
func randomPlan(r *rand.Rand) Plan {
	type prof struct{ name, provider, model, family string }
	profs := make([]prof, 1+r.IntN(6))
	for i := range profs {
		profs[i] = prof{token(r, "zqp"), token(r, "zqv"), token(r, "zqm"), token(r, "zqf")}
	}
	at := func(role string) Assignment {
		p := profs[r.IntN(len(profs))]
		return Assignment{Role: role, Profile: p.name, Provider: p.provider, Model: p.model, Family: p.family}
	}
	seats := SeatKeys()
	r.Shuffle(len(seats), func(i, j int) { seats[i], seats[j] = seats[j], seats[i] })
	var p Plan
	for i, role := range seats[:minTeam+r.IntN(len(seats)-minTeam+1)] {
		a := at(role)
		a.Label = memberLabel(i)
		p.Seats = append(p.Seats, a)
	}
	p.Clerk, p.Arbiter = at(Clerk), at(Arbiter)
	return p
}

// teamOf lists a plan's seats by role.
func teamOf(p Plan) []string {
	var out []string
	for _, a := range p.Seats {
		out = append(out, a.Role)
	}
	return out
}

// leaky is member text that gives its author away the way a model might: by seat title or
// key, by profile, model or family name, in varied case.
func leaky(r *rand.Rand, p Plan, body string) string {
	all := append(append([]Assignment(nil), p.Seats...), p.Clerk, p.Arbiter)
	a := all[r.IntN(len(all))]
	spec, _ := Spec(a.Role)
	says := []string{"As the " + spec.Title + ",", "(" + strings.ToUpper(a.Model) + ")", "profile " + a.Profile + ".",
		"— " + strings.ReplaceAll(a.Role, "-", " ") + ":", a.Role, "trained by " + strings.ToUpper(a.Family[:1]) + a.Family[1:]}
	return says[r.IntN(len(says))] + " " + body + " " + says[r.IntN(len(says))]
}

// roleWords are every seat's title and key, lower-cased: the words that would say which
// member wrote what. Triage, the clerk and the arbiter sit no seat and name no member.
var roleWords = func() []string {
	var out []string
	for _, s := range Registry() {
		if s.Seat {
			out = append(out, strings.ToLower(s.Title), s.Key, strings.ReplaceAll(s.Key, "-", " "))
		}
	}
	return out
}()

// leak finds an identity in lower-cased prompt text: a random "zq…" token of the plan, or a
// role word as a whole word.
func leak(text string, tokens map[string]bool) (string, bool) {
	for i := strings.Index(text, "zq"); i >= 0; {
		if end := i + 9; end <= len(text) && tokens[text[i:end]] {
			return text[i:end], true
		}
		next := strings.Index(text[i+2:], "zq")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	for _, w := range roleWords {
		if promptsafe.HasWord(text, w) {
			return w, true
		}
	}
	return "", false
}

func planTokens(p Plan) map[string]bool {
	out := map[string]bool{}
	for _, a := range append(append([]Assignment(nil), p.Seats...), p.Clerk, p.Arbiter) {
		out[a.Profile], out[a.Provider], out[a.Model], out[a.Family] = true, true, true, true
	}
	return out
}

// The role bodies are the system text of every prompt; none names a role.
func TestRoleBodiesNameNoRole(t *testing.T) {
	for _, k := range RoleKeys() {
		body, err := Body(k)
		if err != nil {
			t.Fatal(err)
		}
		if w, ok := leak(strings.ToLower(body), nil); ok {
			t.Errorf("role body %s names %q", k, w)
		}
	}
}
