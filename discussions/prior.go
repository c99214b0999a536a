package discussions

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
)

// PriorMode is the prior_check setting: ask (a gate), inform (list the matches and go on) or
// off. The strings equal config.PriorCheck's.
type PriorMode string

// Prior-decision check modes.
const (
	PriorAsk    PriorMode = "ask"
	PriorInform PriorMode = "inform"
	PriorOff    PriorMode = "off"
)

// PriorGateKey is the gate the check asks at; its stored answer tells a later publish which
// decision the session supersedes (see PriorFromGate).
const PriorGateKey = "prior-decision"

// MaxPriorMatches is how many earlier decisions the check shows.
const MaxPriorMatches = 5

// PriorMatch is an earlier decision found by the check.
type PriorMatch struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
}

// PriorAction is what the session does about earlier decisions.
type PriorAction string

// Actions. PriorNone deliberates with no link to earlier decisions (check off, nothing found,
// inform mode, or the answer "skip").
const (
	PriorNone      PriorAction = "none"
	PriorReaffirm  PriorAction = "reaffirm"
	PriorSupersede PriorAction = "supersede"
)

// PriorChoice is the check's outcome.
type PriorChoice struct {
	Action PriorAction `json:"action"`
	// Number is the decision reaffirmed or superseded.
	Number  int          `json:"number,omitempty"`
	Matches []PriorMatch `json:"matches,omitempty"`
}

// Gater asks a human; *engine.Run implements it with Run.Gate.
type Gater interface {
	Gate(ctx context.Context, key, question string, choices ...string) (string, error)
}

var _ Gater = (*engine.Run)(nil)

// CheckPrior runs the prior-decision check. find searches (Publisher.FindPrior, usually
// wrapped in a durable step); gate asks. In ask mode with matches it returns the gate's
// *engine.GateError when nobody can answer now: pass it up, the session pauses. A failed
// search is returned as an error; callers warn and deliberate rather than block on it.
func CheckPrior(ctx context.Context, mode PriorMode, find func(context.Context) ([]PriorMatch, error), gate Gater) (PriorChoice, error) {
	if mode == PriorOff {
		return PriorChoice{Action: PriorNone}, nil
	}
	matches, err := find(ctx)
	if err != nil {
		return PriorChoice{Action: PriorNone}, fmt.Errorf("prior-decision check: %w", err)
	}
	choice := PriorChoice{Action: PriorNone, Matches: matches}
	if len(matches) == 0 || mode != PriorAsk {
		return choice, nil
	}
	question, choices := PriorQuestion(matches)
	answer, err := gate.Gate(ctx, PriorGateKey, question, choices...)
	if err != nil {
		return choice, err
	}
	parsed, err := ParsePriorAnswer(answer)
	if err != nil {
		return choice, err
	}
	if parsed.Action == PriorSupersede && parsed.Number == 0 && len(matches) == 1 {
		parsed.Number = matches[0].Number
	}
	parsed.Matches = matches
	return parsed, nil
}

// CheckPriorRun is CheckPrior inside a session: the search is a durable step, so a resumed
// session asks about the same matches it asked about before pausing.
func CheckPriorRun(ctx context.Context, run *engine.Run, mode PriorMode, find func(context.Context) ([]PriorMatch, error)) (PriorChoice, error) {
	step := func(ctx context.Context) ([]PriorMatch, error) {
		return engine.Step(ctx, run, "prior-decision/search", find)
	}
	return CheckPrior(ctx, mode, step, run)
}

// PriorQuestion is the gate's question and its valid answers: "reaffirm #N" for each match,
// "proceed" (one match) or "proceed #N" (several) to deliberate anew and supersede #N, and
// "skip" to deliberate with no link.
func PriorQuestion(matches []PriorMatch) (string, []string) {
	var b strings.Builder
	b.WriteString("Earlier decisions may cover this question:\n")
	var reaffirm, proceed []string
	for _, m := range matches {
		fmt.Fprintf(&b, "  #%d %s (%s)\n", m.Number, cell(Safe(m.Title)), dateOf(m.CreatedAt))
		reaffirm = append(reaffirm, fmt.Sprintf("reaffirm #%d", m.Number))
		proceed = append(proceed, fmt.Sprintf("proceed #%d", m.Number))
	}
	if len(matches) == 1 {
		proceed = []string{"proceed"}
	}
	b.WriteString("Answer reaffirm #N to keep that decision without a new deliberation, proceed to " +
		"deliberate anew and supersede it, or skip to deliberate with no link to it.")
	return b.String(), append(append(reaffirm, proceed...), "skip")
}

var answerRE = regexp.MustCompile(`^(reaffirm|proceed)\s*(?:#(\d+))?$`)

// ParsePriorAnswer reads a gate answer. The number is not checked against a fresh search,
// which may have moved on since the question was asked. A bare "proceed" is answered only
// when there was one match and is read against the stored choices by PriorFromGate.
func ParsePriorAnswer(answer string) (PriorChoice, error) {
	a := strings.ToLower(strings.TrimSpace(answer))
	if a == "skip" {
		return PriorChoice{Action: PriorNone}, nil
	}
	sub := answerRE.FindStringSubmatch(a)
	if sub == nil || sub[1] == "reaffirm" && sub[2] == "" {
		return PriorChoice{}, fmt.Errorf("prior-decision answer %q: want reaffirm #N, proceed [#N] or skip", answer)
	}
	n, _ := strconv.Atoi(sub[2])
	action := PriorReaffirm
	if sub[1] == "proceed" {
		action = PriorSupersede
	}
	return PriorChoice{Action: action, Number: n}, nil
}

// PriorFromGate reads the check's answer stored for a session: what `war-room publish` and
// the bot use to link a new decision to the one it supersedes. No gate: PriorNone.
func PriorFromGate(ctx context.Context, store engine.Store, sessionID string) (PriorChoice, error) {
	g, err := store.GetGate(ctx, sessionID, PriorGateKey)
	if errors.Is(err, engine.ErrNotFound) || err == nil && !g.Answered {
		return PriorChoice{Action: PriorNone}, nil
	}
	if err != nil {
		return PriorChoice{}, fmt.Errorf("read prior-decision answer: %w", err)
	}
	c, err := ParsePriorAnswer(g.Answer)
	if err != nil {
		return PriorChoice{}, err
	}
	if c.Action == PriorSupersede && c.Number == 0 {
		c.Number = soleNumber(g.Choices)
	}
	return c, nil
}

// soleNumber is N of the only "reaffirm #N" among choices (the bare "proceed" case).
func soleNumber(choices []string) int {
	for _, ch := range choices {
		if c, err := ParsePriorAnswer(ch); err == nil && c.Action == PriorReaffirm {
			return c.Number
		}
	}
	return 0
}
