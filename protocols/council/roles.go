package council

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/protocols/internal/panel"
)

//go:embed roles/*.md
var roleFiles embed.FS

// Role keys of the built-in members and of the roles that hold no seat. They are what
// configuration (protocols.council.roles.<key>), the ledger and the script provider name a
// role by; none of them ever reaches a model.
const (
	architect    = "architect"
	skeptic      = "skeptic"
	operations   = "operations-lead"
	steward      = "steward"
	economist    = "economist"
	userAdvocate = "user-advocate"
	wordsmith    = "wordsmith"
	// Clerk, Arbiter and Triage hold no seat: the clerk files the docket, the arbiter rules,
	// triage asks whether the question needs a team at all.
	Clerk   = "clerk"
	Arbiter = "arbiter"
	Triage  = "triage"
)

// roleSpec describes one role: a member of the roster (a seat) or a role that holds none.
type roleSpec struct {
	panel.Role
	// Seat is false for the clerk, the arbiter and triage, who neither argue nor vote.
	Seat bool
	// Class is a seat's class (empty for the others).
	Class seatClass
	// Adversarial marks the seat whose job is to attack: the arbiter is kept off its family.
	Adversarial bool
}

// services are the roles that hold no seat, with their bodies in roles/<key>.md.
var services = panel.NewRegistry(Protocol, roleFiles,
	roleSpec{Role: panel.Role{Key: Clerk, Title: "Clerk", Effort: provider.EffortLow}},
	roleSpec{Role: panel.Role{Key: Arbiter, Title: "Arbiter", Effort: provider.EffortHigh}},
	roleSpec{Role: panel.Role{Key: Triage, Title: "Triage", Effort: provider.EffortLow}},
)

var serviceKeys = []string{Clerk, Arbiter, Triage}

// roster is a team's members as roles, with the roles that hold no seat after them.
type roster struct{ members []Member }

func memberSpec(m Member) roleSpec {
	return roleSpec{Role: panel.Role{Key: m.Key, Title: m.Title, Effort: m.Effort}, Seat: true,
		Class: m.SeatClass, Adversarial: m.SeatClass == classAdversarial}
}

// Spec returns a role by key.
func (r roster) Spec(key string) (roleSpec, bool) {
	if i := slices.IndexFunc(r.members, func(m Member) bool { return m.Key == key }); i >= 0 {
		return memberSpec(r.members[i]), true
	}
	return services.Spec(key)
}

// Title is a role's display title, or its key when unknown.
func (r roster) Title(key string) string {
	if s, ok := r.Spec(key); ok {
		return s.Title
	}
	return key
}

// All lists the members in roster order, then the roles that hold no seat.
func (r roster) All() []roleSpec {
	out := make([]roleSpec, 0, len(r.members)+len(serviceKeys))
	for _, m := range r.members {
		out = append(out, memberSpec(m))
	}
	return append(out, services.All()...)
}

// Keys lists every role key, seats first.
func (r roster) Keys() []string {
	var out []string
	for _, s := range r.All() {
		out = append(out, s.Key)
	}
	return out
}

// SeatKeys lists the members' keys.
func (r roster) SeatKeys() []string {
	out := make([]string, len(r.members))
	for i, m := range r.members {
		out[i] = m.Key
	}
	return out
}

// Body is a role's system prompt: its brief and, for a seat, the rules every seat works by.
// No built-in brief names a role: a seat learns what it is for, never what it is called.
func (r roster) Body(key string) (string, error) {
	spec, ok := r.Spec(key)
	if !ok {
		return "", fmt.Errorf("council: unknown role %q", key)
	}
	if !spec.Seat {
		return services.Body(key)
	}
	i := slices.IndexFunc(r.members, func(m Member) bool { return m.Key == key })
	body := strings.TrimSpace(r.members[i].Brief)
	if body == "" {
		b, err := services.Body(key)
		if err != nil {
			return "", err
		}
		body = b
	}
	if ov := r.members[i].Overlay; ov != nil {
		body += "\n\n" + overlayText(*ov)
	}
	rules, err := services.File("seat-rules.md")
	if err != nil {
		return "", err
	}
	return body + "\n\n" + rules, nil
}

// overlayText is a profile's overlay as the seat reads it, after its core brief.
func overlayText(o Overlay) string {
	var b strings.Builder
	b.WriteString("For the kind of question this team was convened for, put your weight here: " +
		strings.Join(strings.Fields(o.Focus), " "))
	for _, inc := range o.Incentives {
		b.WriteString("\n- Here you are also " + strings.Join(strings.Fields(inc), " "))
	}
	return b.String()
}

// Identities are the words that would give a role away in model-written text: every title,
// key, and key with spaces ("user advocate").
func (r roster) Identities() []string {
	var out []string
	for _, s := range r.All() {
		if !s.Seat {
			continue // triage, the clerk and the arbiter are one each and name no member: "triage" stays a word
		}
		out = append(out, s.Title, s.Key, strings.ReplaceAll(s.Key, "-", " "))
	}
	return out
}

// hasBuiltinBrief says whether the protocol ships a brief for key (roles/<key>.md).
func hasBuiltinBrief(key string) bool {
	if slices.Contains(serviceKeys, key) || key == "" {
		return false
	}
	_, err := fs.Stat(roleFiles, "roles/"+key+".md")
	return err == nil
}

var builtinRoster = sync.OnceValue(func() roster { return roster{members: builtin().Members} })

// DefaultTeam is the team the default composition profile convenes.
func DefaultTeam() []string { p, _ := builtin().Profile(""); return slices.Clone(p.Members) }

// Spec returns a built-in role by key.
func Spec(key string) (roleSpec, bool) { return builtinRoster().Spec(key) }

// roleTitle returns a built-in role's display title, or the key when unknown.
func roleTitle(key string) string { return builtinRoster().Title(key) }

// SeatKeys lists the built-in members, in roster order.
func SeatKeys() []string { return builtinRoster().SeatKeys() }

// RoleKeys lists every built-in role key, seats first.
func RoleKeys() []string { return builtinRoster().Keys() }

// Body returns a built-in role's system prompt (see roster.Body).
func Body(key string) (string, error) { return builtinRoster().Body(key) }
