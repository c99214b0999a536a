package council

import (
	"slices"

	"github.com/war-room/war-room/engine/provider"
)

// seatClass says how a member sits: it sets the effort floor it is staffed with, which prior
// its family is chosen by, and what the protocol asks of it.
type seatClass string

// Seat classes.
const (
	// classDeliberation argues and votes.
	classDeliberation seatClass = "deliberation"
	// classAdversarial attacks: the arbiter is kept off its family, and it must answer.
	classAdversarial seatClass = "adversarial"
	// classPrincipalProxy speaks for the asker's intent and assesses the options against it.
	classPrincipalProxy seatClass = "principal-proxy"
)

// Choices lists the seat classes (the configuration decoder reads enumerations by it).
func (seatClass) Choices() []string {
	return []string{string(classDeliberation), string(classAdversarial), string(classPrincipalProxy)}
}

// Member is a roster card: one member of the standing team (roster/<key>.yaml).
type Member struct {
	Key       string    `yaml:"key" json:"key"`
	Title     string    `yaml:"title" json:"title"`
	SeatClass seatClass `yaml:"seat_class" json:"seat_class"`
	// Mandate is what the member is on the team for, in a sentence or two (shown to people;
	// the member's prompt is its brief).
	Mandate string `yaml:"mandate" json:"mandate"`
	// Incentives are what the member is credited and charged for.
	Incentives []string `yaml:"incentives" json:"incentives,omitempty"`
	// Affinity lists model families the member prefers, best first: a preference the
	// staffing honours after the spread over families, never a pin.
	Affinity []string        `yaml:"affinity" json:"affinity,omitempty"`
	Effort   provider.Effort `yaml:"effort" json:"effort"`
	// Brief is the member's system prompt; empty for a built-in member, whose brief is
	// roles/<key>.md. A repository's new member must write one.
	Brief string `yaml:"brief" json:"brief,omitempty"`
	// Source is the file the card was read from.
	Source string `yaml:"-" json:"source,omitempty"`
	// Overlay is the profile's overlay on this member, on the copy of the card a session
	// stores (a card file never sets it): the core above stays the member's in every
	// profile, and only the profile that convened the session adds its overlay.
	Overlay *Overlay `yaml:"-" json:"overlay,omitempty"`
}

// Overlay is what a composition profile adds to a member's core card for its kind of
// question: where to look, and what the member is credited or charged for there. Overlays
// exist to pull a profile's seats apart (the divergence lint checks that they do).
type Overlay struct {
	Focus      string   `yaml:"focus" json:"focus"`
	Incentives []string `yaml:"incentives" json:"incentives,omitempty"`
}

// Pin holds a profile's seat to a model family.
type Pin struct {
	Family string `yaml:"family" json:"family"`
}

// Profile is a composition profile (profiles/<name>.yaml): who convenes and how long they
// argue.
type Profile struct {
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description" json:"description"`
	// Default marks the profile a session convenes when none is named.
	Default bool     `yaml:"default" json:"default,omitempty"`
	Members []string `yaml:"members" json:"members"`
	Rounds  int      `yaml:"rounds" json:"rounds"`
	// MaxSeatCalls caps the calls the seats may make (the clerk, the arbiter and the triage
	// call are not seats).
	MaxSeatCalls int `yaml:"max_seat_calls" json:"max_seat_calls"`
	// Triage asks, before any seat is called, whether the question needs a team at all.
	Triage bool           `yaml:"triage" json:"triage"`
	Pins   map[string]Pin `yaml:"pins" mapkey:"member" json:"pins,omitempty"`
	// Overlays add a profile's focus to members' core cards, by member.
	Overlays map[string]Overlay `yaml:"overlays" mapkey:"member" json:"overlays,omitempty"`
	// PersonalData marks a profile whose material is about a person (a CV): member memory is
	// neither read nor proposed, and the seats are told to repeat no personal detail.
	PersonalData bool   `yaml:"personal_data" json:"personal_data,omitempty"`
	Source       string `yaml:"-" json:"source,omitempty"`
}

// newProfile is a profile's defaults, before its file is read.
func newProfile() Profile { return Profile{Rounds: 1, Triage: true} }

// Priors are capability priors (capability-priors.yaml): how well a family is believed to do
// a job, from 0 to 1. A family not listed scores NeutralPrior.
type Priors struct {
	// Adjudication ranks families for the arbiter's seat.
	Adjudication map[string]float64 `yaml:"adjudication" mapkey:"family" json:"adjudication,omitempty"`
	// Affinity ranks families per seat class.
	Affinity map[string]map[string]float64 `yaml:"affinity" mapkey:"seat class" json:"affinity,omitempty"`
}

// neutralPrior is the score of a family no prior names.
const neutralPrior = 0.5

func (p Priors) adjudication(family string) float64 {
	if v, ok := p.Adjudication[family]; ok {
		return v
	}
	return neutralPrior
}

func (p Priors) affinity(class seatClass, family string) float64 {
	if v, ok := p.Affinity[string(class)][family]; ok {
		return v
	}
	return neutralPrior
}

// Over returns p with every entry of o laid over it: a repository's priors replace single
// entries and leave the rest as built in (priors fail open to the built-ins).
func (p Priors) Over(o Priors) Priors {
	out := Priors{Adjudication: map[string]float64{}, Affinity: map[string]map[string]float64{}}
	for _, src := range []Priors{p, o} {
		for f, v := range src.Adjudication {
			out.Adjudication[f] = v
		}
		for c, m := range src.Affinity {
			if out.Affinity[c] == nil {
				out.Affinity[c] = map[string]float64{}
			}
			for f, v := range m {
				out.Affinity[c][f] = v
			}
		}
	}
	return out
}

// Catalog is every member, profile and prior a session can be convened from.
type Catalog struct {
	Members  []Member  `json:"members"`
	Profiles []Profile `json:"profiles"`
	Priors   Priors    `json:"priors"`
}

// Member returns a roster card by key.
func (c Catalog) Member(key string) (Member, bool) {
	i := slices.IndexFunc(c.Members, func(m Member) bool { return m.Key == key })
	if i < 0 {
		return Member{}, false
	}
	return c.Members[i], true
}

// Profile returns a composition profile by name; "" is the default profile.
func (c Catalog) Profile(name string) (Profile, bool) {
	i := slices.IndexFunc(c.Profiles, func(p Profile) bool { return p.Name == name || name == "" && p.Default })
	if i < 0 {
		return Profile{}, false
	}
	return c.Profiles[i], true
}

// MemberKeys lists the roster's keys in roster order.
func (c Catalog) MemberKeys() []string {
	out := make([]string, len(c.Members))
	for i, m := range c.Members {
		out[i] = m.Key
	}
	return out
}

// ProfileNames lists the profiles' names in order.
func (c Catalog) ProfileNames() []string {
	out := make([]string, len(c.Profiles))
	for i, p := range c.Profiles {
		out[i] = p.Name
	}
	return out
}

// Over lays a repository's layer over c: a member or profile of the same key or name
// replaces the built-in one, a new one is added after them, priors replace single entries. A
// layer with a default profile takes the default from c.
func (c Catalog) Over(layer Catalog) Catalog {
	out := Catalog{Members: slices.Clone(c.Members), Profiles: slices.Clone(c.Profiles), Priors: c.Priors.Over(layer.Priors)}
	for _, m := range layer.Members {
		if i := slices.IndexFunc(out.Members, func(x Member) bool { return x.Key == m.Key }); i >= 0 {
			out.Members[i] = m
		} else {
			out.Members = append(out.Members, m)
		}
	}
	newDefault := slices.ContainsFunc(layer.Profiles, func(p Profile) bool { return p.Default })
	if newDefault {
		for i := range out.Profiles {
			out.Profiles[i].Default = false
		}
	}
	for _, p := range layer.Profiles {
		if i := slices.IndexFunc(out.Profiles, func(x Profile) bool { return x.Name == p.Name }); i >= 0 {
			// Rewriting the default profile without saying "default" keeps it the default.
			p.Default = p.Default || !newDefault && out.Profiles[i].Default
			out.Profiles[i] = p
		} else {
			out.Profiles = append(out.Profiles, p)
		}
	}
	return out
}

// Brief is a member's system prompt as a seat receives it: its brief and the rules every
// seat works by.
func (c Catalog) Brief(key string) (string, error) { return roster{members: c.Members}.Body(key) }
