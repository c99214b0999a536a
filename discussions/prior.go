package discussions

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
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

// maxPriorMatches is how many earlier decisions the check shows, and how many related
// discussions besides.
const maxPriorMatches = 5

// PriorMatch is a discussion the check found on the question's topic.
type PriorMatch struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
	// Ours says it is a decision war-room recorded: created by war-room's own account and
	// opening with a decision body's marker and meta line. Only such a match is a prior
	// decision, offered for reaffirm or proceed; any other is a related discussion, shown for
	// information and never written to. A search stored before this field existed reads as
	// not ours.
	Ours bool `json:"ours,omitempty"`
	// Session is the session a decision of ours records (its body marker), so that a session
	// never finds its own discussion as an earlier decision.
	Session string `json:"session,omitempty"`
}

// priorAction is what the session does about earlier decisions.
type priorAction string

// Actions. PriorNone deliberates with no link to earlier decisions (check off, nothing found,
// inform mode, or the answer "skip").
const (
	PriorNone      priorAction = "none"
	PriorReaffirm  priorAction = "reaffirm"
	PriorSupersede priorAction = "supersede"
)

// PriorChoice is the check's outcome.
type PriorChoice struct {
	Action priorAction `json:"action"`
	// Number is the decision reaffirmed or superseded.
	Number int `json:"number,omitempty"`
	// Matches are the prior decisions found (each Ours); Related are the other discussions
	// on the topic, for information only.
	Matches []PriorMatch `json:"matches,omitempty"`
	Related []PriorMatch `json:"related,omitempty"`
}

// gater asks a human; *engine.Run implements it with Run.GateExcerpt.
type gater interface {
	GateExcerpt(ctx context.Context, key, question, excerpt string, choices ...string) (string, error)
}

var _ gater = (*engine.Run)(nil)

// checkPrior runs the prior-decision check. find searches (Publisher.FindPrior, usually
// wrapped in a durable step); gate asks. Only matches that are Ours are prior decisions: in
// ask mode with at least one it returns the gate's *engine.GateError when nobody can answer
// now (pass it up, the session pauses); related discussions alone never open the gate. A
// failed search is returned as an error; callers warn and deliberate rather than block on it.
func checkPrior(ctx context.Context, mode PriorMode, find func(context.Context) ([]PriorMatch, error), gate gater) (PriorChoice, error) {
	if mode == PriorOff {
		return PriorChoice{Action: PriorNone}, nil
	}
	matches, err := find(ctx)
	if err != nil {
		return PriorChoice{Action: PriorNone}, fmt.Errorf("prior-decision check: %w", err)
	}
	choice := PriorChoice{Action: PriorNone}
	for _, m := range matches {
		if m.Ours {
			choice.Matches = append(choice.Matches, m)
		} else {
			choice.Related = append(choice.Related, m)
		}
	}
	if len(choice.Matches) == 0 || mode != PriorAsk {
		return choice, nil
	}
	question, excerpt, choices := PriorQuestion(choice.Matches, choice.Related)
	answer, err := gate.GateExcerpt(ctx, PriorGateKey, question, excerpt, choices...)
	if err != nil {
		return choice, err
	}
	parsed, err := parsePriorAnswer(answer)
	if err != nil {
		return choice, err
	}
	if parsed.Action == PriorSupersede && parsed.Number == 0 && len(choice.Matches) == 1 {
		parsed.Number = choice.Matches[0].Number
	}
	if parsed.Action != PriorNone && !offered(choice.Matches, parsed.Number) {
		return choice, fmt.Errorf("prior-decision answer %q: #%d %w", answer, parsed.Number, errNotOurDecision)
	}
	parsed.Matches, parsed.Related = choice.Matches, choice.Related
	return parsed, nil
}

// offered says whether decision number is one of the prior decisions found.
func offered(matches []PriorMatch, number int) bool {
	return slices.ContainsFunc(matches, func(m PriorMatch) bool { return m.Number == number })
}

// CheckPriorSuperseding is CheckPriorRun for a session a person started to supersede decision
// supersede (a reopened question): when the search finds it among our decisions, the gate is
// answered with the choice that supersedes it, and nobody is asked; when it does not, the
// gate asks as usual. 0 is CheckPriorRun.
func CheckPriorSuperseding(ctx context.Context, run *engine.Run, mode PriorMode, find func(context.Context) ([]PriorMatch, error),
	supersede int) (PriorChoice, error) {
	step := func(ctx context.Context) ([]PriorMatch, error) {
		ms, err := engine.Step(ctx, run, PriorSearchStep, find)
		if err != nil || supersede == 0 {
			return ms, err
		}
		var ours []PriorMatch
		for _, m := range ms {
			if m.Ours {
				ours = append(ours, m)
			}
		}
		switch {
		case len(ours) == 1 && ours[0].Number == supersede:
			run.Preanswer(PriorGateKey, "proceed")
		case offered(ours, supersede):
			run.Preanswer(PriorGateKey, fmt.Sprintf("proceed #%d", supersede))
		}
		return ms, nil
	}
	return checkPrior(ctx, mode, step, run)
}

// PriorSearchStep is the step CheckPriorRun stores its search under.
const PriorSearchStep = "prior-decision/search"

var answerRE = regexp.MustCompile(`^(reaffirm|proceed)\s*(?:#(\d+))?$`)

// parsePriorAnswer reads a gate answer. The number is not checked against a fresh search,
// which may have moved on since the question was asked. A bare "proceed" is answered only
// when there was one match and is read against the stored choices by PriorFromGate.
func parsePriorAnswer(answer string) (PriorChoice, error) {
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
// the bot use to link a new decision to the one it supersedes. No gate: PriorNone. An
// answer naming a decision the gate did not offer is refused (ErrNotOurDecision).
func PriorFromGate(ctx context.Context, store engine.Store, sessionID string) (PriorChoice, error) {
	g, err := store.GetGate(ctx, sessionID, PriorGateKey)
	if errors.Is(err, engine.ErrNotFound) || err == nil && !g.Answered {
		return PriorChoice{Action: PriorNone}, nil
	}
	if err != nil {
		return PriorChoice{}, fmt.Errorf("read prior-decision answer: %w", err)
	}
	c, err := parsePriorAnswer(g.Answer)
	if err != nil {
		return PriorChoice{}, err
	}
	if c.Action == PriorSupersede && c.Number == 0 {
		c.Number = soleNumber(g.Choices)
	}
	if c.Action != PriorNone && !slices.Contains(g.Choices, fmt.Sprintf("reaffirm #%d", c.Number)) {
		return PriorChoice{}, fmt.Errorf("prior-decision answer %q: #%d was not offered: %w", g.Answer, c.Number, errNotOurDecision)
	}
	return c, nil
}

// soleNumber is N of the only "reaffirm #N" among choices (the bare "proceed" case).
func soleNumber(choices []string) int {
	for _, ch := range choices {
		if c, err := parsePriorAnswer(ch); err == nil && c.Action == PriorReaffirm {
			return c.Number
		}
	}
	return 0
}
