package council

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/memory"
)

// Protocol is the Session.Protocol of a standing-team deliberation.
const Protocol = "council"

// InputQuestion names the question among the session inputs; context is named "context:…".
const InputQuestion = "question"

// decisionArtifact is the artifact Execute stores its Decision under.
const decisionArtifact = "decision.json"

// Limits and defaults.
const (
	// minTeam is the smallest team: contention needs two seats.
	minTeam = 2
	// maxRounds bounds cross-examination cycles.
	maxRounds = 2
)

// RoleSetting pins a role: a non-empty Profile is never moved by the draw; a non-empty Effort
// wins over the role's default.
type RoleSetting = settings.RolePin

// optionsVersion is the layout of the options a new session stores. Version 0 is a session
// stored before the team was data: its members are the built-in cards, and it runs as it
// was planned then, without triage and without a confirmation card.
const optionsVersion = 2

// Options is everything a deliberation needs besides its inputs and seed. It is stored with
// the session, so a resumed run seats the same team the same way, with the same cards,
// memory and intent.
type Options struct {
	Version int `json:"version,omitempty"`
	// Profile names the composition profile the team was convened from.
	Profile string `json:"profile,omitempty"`
	// Team lists the seats, by member key, in the profile's order.
	Team []string `json:"team"`
	// Members are the roster cards of the team.
	Members []Member `json:"members,omitempty"`
	// Pool is the profiles unpinned roles are drawn from.
	Pool []string `json:"pool"`
	// Roles holds pins by role key (seats, "clerk" and "arbiter").
	Roles map[string]RoleSetting `json:"roles,omitempty"`
	// Pins hold seats to a model family (the composition profile's pins).
	Pins map[string]Pin `json:"pins,omitempty"`
	// Priors are the capability priors the team is staffed by.
	Priors Priors `json:"priors"`
	// Rounds is the number of cross-examination cycles (1 or 2).
	Rounds int `json:"rounds"`
	// MaxSeatCalls caps the seats' calls (0: uncapped, as for a version 0 session).
	MaxSeatCalls int `json:"max_seat_calls,omitempty"`
	// SeatTimeout, ClerkTimeout, ArbiterTimeout and TriageTimeout bound one call of each kind
	// (protocols.council.timeouts); zero is the limit the call's effort earns (TimeoutFor).
	SeatTimeout    time.Duration `json:"seat_timeout,omitempty"`
	ClerkTimeout   time.Duration `json:"clerk_timeout,omitempty"`
	ArbiterTimeout time.Duration `json:"arbiter_timeout,omitempty"`
	TriageTimeout  time.Duration `json:"triage_timeout,omitempty"`
	// Unscrubbed are the operator's exemptions from the identity scrubber
	// (protocols.council.unscrubbed); nothing else exempts a word.
	Unscrubbed []string `json:"unscrubbed,omitempty"`
	// Triage asks, before any seat call, whether the question needs a team.
	Triage bool `json:"triage,omitempty"`
	// Go skips the roster and estimate card (--go); it never skips triage.
	Go bool `json:"go,omitempty"`
	// Evidence is the repository the seats' probes read, at the session's commit (zero: none,
	// and every request is refused).
	Evidence evidence.Source `json:"evidence,omitzero"`
	// Memory is the approved member memory of the scope, as it stood when the session was
	// convened: the seats read it, fenced, with its sources.
	Memory []memory.Item `json:"memory,omitempty"`
	// Intent is the asker's durable intent (the repository's intent file); nil means the
	// principal-proxy seat drafts a provisional one.
	Intent *Intent `json:"intent,omitempty"`
	// PersonalData is the profile's mark that the material is about a person: no member
	// memory is read or proposed, and every call is told to repeat no personal detail.
	PersonalData bool `json:"personal_data,omitempty"`
	// Baseline asks for a plain vote over the docket's options beside the ruling (--baseline,
	// the configuration's baseline.calls).
	Baseline engine.Baseline `json:"baseline,omitzero"`
}

// roster is the options' team as roles.
func (o Options) roster() roster { return roster{members: o.Members} }

// Body is a role's system prompt in this session: the member's core brief, the overlay of the
// profile that convened it, and the rules every seat works by.
func (o Options) Body(key string) (string, error) { return o.roster().Body(key) }

// Title names a role of this session for a reader.
func (o Options) Title(key string) string { return o.roster().Title(key) }

// Member returns the card of a member of the team.
func (o Options) Member(key string) (Member, bool) {
	for _, m := range o.Members {
		if m.Key == key {
			return m, true
		}
	}
	return Member{}, false
}

// Validate reports settings no deliberation can run with.
func (o Options) Validate() error {
	var errs []error
	r := o.roster()
	if len(o.Team) < minTeam {
		errs = append(errs, fmt.Errorf("a team needs at least %d seats, got %d", minTeam, len(o.Team)))
	}
	for i, k := range o.Team {
		if spec, ok := r.Spec(k); !ok || !spec.Seat {
			errs = append(errs, fmt.Errorf("%q is not a member of the roster (members: %s)", k, strings.Join(r.SeatKeys(), ", ")))
		} else if slices.Index(o.Team, k) != i {
			errs = append(errs, fmt.Errorf("seat %s is listed twice", k))
		}
	}
	for k, s := range o.Roles {
		if _, ok := r.Spec(k); !ok && !slices.Contains(RoleKeys(), k) {
			errs = append(errs, fmt.Errorf("unknown council role %q (roles: %s)", k, strings.Join(r.Keys(), ", ")))
		}
		if _, err := provider.ParseEffort(string(s.Effort)); err != nil {
			errs = append(errs, fmt.Errorf("role %s: %w", k, err))
		}
	}
	for k := range o.Pins {
		if !slices.Contains(o.Team, k) {
			errs = append(errs, fmt.Errorf("a pin holds %s, who does not sit on this team", k))
		}
	}
	if o.Rounds < 1 || o.Rounds > maxRounds {
		errs = append(errs, fmt.Errorf("cross-examination rounds must be 1 or %d, got %d", maxRounds, o.Rounds))
	}
	if o.MaxSeatCalls > 0 && o.SeatCalls() > o.MaxSeatCalls {
		errs = append(errs, fmt.Errorf("profile %s allows at most %d seat calls (max_seat_calls), but %d seats × (2 + %d round(s)) make %d",
			o.Profile, o.MaxSeatCalls, len(o.Team), o.Rounds, o.SeatCalls()))
	}
	if o.SeatTimeout < 0 || o.ClerkTimeout < 0 || o.ArbiterTimeout < 0 || o.TriageTimeout < 0 {
		errs = append(errs, errors.New("timeouts must not be negative"))
	}
	return errors.Join(errs...)
}

// Defaulted fills unset values: the built-in default team and cards, the built-in priors
// under whatever the options carry, one round. Timeouts left at zero follow each call's
// effort (TimeoutFor).
func (o Options) Defaulted() Options {
	if len(o.Team) == 0 {
		o.Team = DefaultTeam()
	}
	for _, k := range o.Team {
		if _, ok := o.Member(k); !ok {
			if m, ok := builtin().Member(k); ok {
				o.Members = append(o.Members, m)
			}
		}
	}
	o.Priors = builtin().Priors.Over(o.Priors)
	if o.Rounds == 0 {
		o.Rounds = 1
	}
	return o
}

// SeatCalls is how many calls the seats make when nothing fails: a blind position, a
// cross-examination per round and a closing ballot each.
func (o Options) SeatCalls() int { return len(o.Team) * (2 + o.Rounds) }

// ExpectedCalls is how many calls a deliberation makes when nothing fails: the seats' calls,
// the docket and the ruling, and the triage call when the session has one.
func (o Options) ExpectedCalls() int {
	n := o.SeatCalls() + 2
	if o.Triage {
		n++
	}
	return n
}

// NewSession builds a standing-team session. inputs are the question (named InputQuestion)
// and any context; when inputs is empty the question alone is used.
func NewSession(question string, inputs []engine.Input, opts Options, seed int64, seedSource string) (*engine.Session, error) {
	return engine.NewOptionsSession(Protocol, title(question), InputQuestion, question, inputs, opts, seed, seedSource)
}

// title is the decision title: "[Council] " and the question's first line, shortened.
func title(question string) string { return decision.Title("[Council]", question) }

// sessionOptions decodes the options stored in a session.
func sessionOptions(s *engine.Session) (Options, error) { return engine.SessionOptions[Options](s) }

// speaksForIntent says whether a member holds the principal-proxy seat, which assesses the
// options against the asker's intent at the closing ballot.
func (o Options) speaksForIntent(role string) bool {
	m, ok := o.Member(role)
	return ok && m.SeatClass == classPrincipalProxy
}

// Timeout kinds: the keys of protocols.council.timeouts.
const (
	timeoutSeat    = "seat"
	timeoutClerk   = "clerk"
	timeoutArbiter = "arbiter"
	timeoutTriage  = "triage"
)

// arbiterTimeouts are the limits the arbiter earns by its effort when its key is not set: it
// reads the whole docket, at the highest effort longest (twenty minutes at max, as the
// standing team's specification gives its ratification call). The other calls earn what
// limits.EffortTimeout gives.
var arbiterTimeouts = map[provider.Effort]time.Duration{provider.EffortLow: 3 * time.Minute, provider.EffortMedium: 3 * time.Minute,
	provider.EffortHigh: 5 * time.Minute, provider.EffortXHigh: 10 * time.Minute, provider.EffortMax: 20 * time.Minute}

// TimeoutFor is the time limit of a call of kind at effort, and the key that sets it: the
// key's value when set, else what the effort earns (clerk and triage as a seat; no effort
// as medium).
func (o Options) TimeoutFor(kind string, effort provider.Effort) (time.Duration, string) {
	key := "protocols." + SectionKey + ".timeouts." + kind
	set := map[string]time.Duration{timeoutSeat: o.SeatTimeout, timeoutClerk: o.ClerkTimeout,
		timeoutArbiter: o.ArbiterTimeout, timeoutTriage: o.TriageTimeout}[kind]
	if set > 0 {
		return set, key
	}
	if d, ok := arbiterTimeouts[effort]; ok && kind == timeoutArbiter {
		return d, key
	}
	if kind == timeoutArbiter {
		return arbiterTimeouts[provider.EffortMedium], key
	}
	return limits.EffortTimeout(effort), key
}
