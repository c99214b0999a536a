package council

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/war-room/war-room/protocols/internal/anontest"
)

// token is a random identity string that cannot occur in prompt text by accident.
func token(r *rand.Rand, prefix string) string { return anontest.Token(r, prefix) }

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

// seatsOf is the plan's seats, clerk and arbiter as anontest sees them.
func seatsOf(p Plan) []anontest.Seat {
	var out []anontest.Seat
	for _, a := range append(append([]Assignment(nil), p.Seats...), p.Clerk, p.Arbiter) {
		spec, _ := Spec(a.Role)
		out = append(out, anontest.Seat{Role: a.Role, Title: spec.Title, Profile: a.Profile, Provider: a.Provider, Model: a.Model, Family: a.Family})
	}
	return out
}

// leaky is member text that gives its author away the way a model might: by seat title or
// key, by profile, model or family name, in varied case.
func leaky(r *rand.Rand, p Plan, body string) string {
	return anontest.Leaky(r, seatsOf(p), body, true)
}

// roleWords are every seat's title and key, lower-cased: the words that would say which
// member wrote what. Triage, the clerk and the arbiter sit no seat and name no member.
var roleWords = func() []string {
	var out []string
	for _, s := range registry() {
		if s.Seat {
			out = append(out, anontest.Words(s.Key, s.Title)...)
		}
	}
	return out
}()

// leak finds an identity in lower-cased prompt text: a random "zq…" token of the plan, or a
// role word as a whole word.
func leak(text string, tokens map[string]bool) (string, bool) {
	return anontest.Leaks(text, tokens, roleWords, true)
}

func planTokens(p Plan) map[string]bool { return anontest.NameSet(seatsOf(p)) }

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
