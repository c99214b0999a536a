package council

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/settings"
)

var (
	keyPattern    = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	familyPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]*$`)
)

// checkMember checks a roster card read from the file stem.yaml. hasBrief says a built-in
// brief exists for its key (roles/<key>.md), so the card may leave brief empty.
func checkMember(c *settings.Check, m *Member, stem string, hasBrief bool) {
	if fileName(c, "key", m.Key, stem) && slices.Contains(serviceKeys, m.Key) {
		c.Errorf("key", "%q is a role that holds no seat; a roster card is a seat", m.Key)
	}
	required(c, "title", m.Title)
	required(c, "mandate", m.Mandate)
	if m.SeatClass == "" && !c.IsSet("seat_class") {
		c.Errorf("seat_class", "is required (one of %s)", strings.Join(seatClass("").Choices(), ", "))
	}
	if m.Effort == "" && !c.IsSet("effort") {
		c.Errorf("effort", "is required (low, medium, high, xhigh or max)")
	}
	for i, s := range m.Incentives {
		required(c, fmt.Sprintf("incentives[%d]", i), s)
	}
	families(c, "affinity", m.Affinity)
	if strings.TrimSpace(m.Brief) == "" && !hasBrief {
		c.Errorf("brief", "is required: %q is not a built-in member, so its brief (the system prompt it plays the seat by) must be written here", m.Key)
	}
}

// checkProfile checks a composition profile read from stem.yaml. members are the roster's
// keys; otherDefault names another profile of the same layer already marked default ("" none).
func checkProfile(c *settings.Check, p *Profile, stem string, members []string, otherDefault string) {
	fileName(c, "name", p.Name, stem)
	required(c, "description", p.Description)
	if p.Default && otherDefault != "" {
		c.Errorf("default", "%s is already the default profile; only one profile may be", otherDefault)
	}
	for i, k := range p.Members {
		at := fmt.Sprintf("members[%d]", i)
		if c.Choice(at, k, members, "member", "members") && slices.Index(p.Members, k) != i {
			c.Errorf(at, "%s is listed twice", k)
		}
	}
	if len(p.Members) < minTeam {
		c.Errorf("members", "lists %d member(s): a team needs at least %d, and two families to span", len(p.Members), minTeam)
	}
	if p.Rounds < 1 || p.Rounds > maxRounds {
		c.Errorf("rounds", "must be 1 or %d, got %d", maxRounds, p.Rounds)
	}
	need := len(p.Members) * (2 + p.Rounds)
	switch {
	case p.MaxSeatCalls == 0 && !c.IsSet("max_seat_calls"):
		c.Errorf("max_seat_calls", "is required: the most calls the seats may make (this team needs %d)", need)
	case p.MaxSeatCalls < need:
		c.Errorf("max_seat_calls", "is %d, but %d member(s) × (2 + %d round(s)) make %d seat calls", p.MaxSeatCalls, len(p.Members), p.Rounds, need)
	}
	checkPins(c, p)
	for _, k := range slices.Sorted(maps.Keys(p.Overlays)) {
		at := "overlays." + k
		c.Choice(at, k, p.Members, "member of this profile", "members")
		o := p.Overlays[k]
		required(c, at+".focus", o.Focus)
		for i, s := range o.Incentives {
			required(c, fmt.Sprintf("%s.incentives[%d]", at, i), s)
		}
	}
}

// checkPins checks the family pins, and that they leave the team two families to span.
func checkPins(c *settings.Check, p *Profile) {
	var fams []string
	for _, k := range slices.Sorted(maps.Keys(p.Pins)) {
		at := "pins." + k
		c.Choice(at, k, p.Members, "member of this profile", "members")
		f := p.Pins[k].Family
		if f == "" {
			c.Errorf(at+".family", "is required: the family this seat is held to")
			continue
		}
		family(c, at+".family", f)
		if !slices.Contains(fams, f) {
			fams = append(fams, f)
		}
	}
	if len(p.Members) >= minTeam && len(p.Pins) >= len(p.Members) && len(fams) == 1 {
		c.Errorf("pins", "holds every member to family %s: the team cannot span two families", fams[0])
	}
}

// checkPriors checks capability priors: scores from 0 to 1, known seat classes, family names.
func checkPriors(c *settings.Check, p *Priors) {
	scores(c, "adjudication", p.Adjudication)
	for _, class := range slices.Sorted(maps.Keys(p.Affinity)) {
		if c.Choice("affinity."+class, class, seatClass("").Choices(), "seat class", "seat classes") {
			scores(c, "affinity."+class, p.Affinity[class])
		}
	}
}

func scores(c *settings.Check, path string, m map[string]float64) {
	for _, f := range slices.Sorted(maps.Keys(m)) {
		family(c, path+"."+f, f)
		if v := m[f]; v < 0 || v > 1 {
			c.Errorf(path+"."+f, "must be from 0 to 1, got %g", v)
		}
	}
}

// fileName checks the key that names a card or profile: lowercase letters, digits and '-', and
// the file's own name, so that a layer cannot hold two of one name.
func fileName(c *settings.Check, path, got, stem string) bool {
	switch {
	case got == "":
		c.Errorf(path, "is required (it is the file's name: %s)", stem)
	case !keyPattern.MatchString(got):
		c.Errorf(path, "%q is not a name: use lowercase letters, digits and '-' (e.g. user-advocate)", got)
	case got != stem:
		c.Errorf(path, "is %q but the file is %s.yaml: it must be the file's name", got, stem)
	default:
		return true
	}
	return false
}

func required(c *settings.Check, path, v string) {
	if strings.TrimSpace(v) == "" {
		c.Errorf(path, "is required and may not be empty")
	}
}

func families(c *settings.Check, path string, fs []string) {
	for i, f := range fs {
		at := fmt.Sprintf("%s[%d]", path, i)
		family(c, at, f)
		if slices.Index(fs, f) != i {
			c.Errorf(at, "%s is listed twice", f)
		}
	}
}

// family checks a model family name, written as configuration writes them (lowercase).
func family(c *settings.Check, path, f string) {
	if !familyPattern.MatchString(f) {
		c.Errorf(path, "%q is not a family name: use lowercase letters, digits, '-', '_' or '.' (e.g. anthropic, openai)", f)
	}
}
