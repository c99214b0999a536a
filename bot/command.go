package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/bot/thread"
)

// prefix starts every command.
const prefix = thread.Prefix

// kind is what a command asks for.
type kind string

// Command kinds. KindRun starts a session; the reply kinds answer the open gate of the
// latest session on the thread.
const (
	kindRun      kind = "run"
	kindHelp     kind = "help"
	kindApprove  kind = thread.Approve
	kindProceed  kind = thread.Proceed
	kindReaffirm kind = thread.Reaffirm
	kindSkip     kind = thread.Skip
	kindCancel   kind = thread.Cancel
	// kindOutcome records what happened after a decision; KindMemory reviews the member
	// memory. Neither starts a session or answers a gate.
	kindOutcome kind = "outcome"
	kindMemory  kind = "memory"
	// kindReopen, on a decision's discussion, deliberates its question again on a new issue,
	// superseding it; Text is why (with the trip-wires ticked there).
	kindReopen kind = "reopen"
	// kindDoctor checks each configured profile with a few real calls and replies with the
	// table; only the bare "/war-room doctor" is one, so a question may start with the word.
	kindDoctor kind = "doctor"
	// kindReview runs a pull request's review lanes on its current head; only the bare
	// "/war-room review" is one.
	kindReview kind = "review"
)

// command is a parsed command comment.
type command struct {
	Kind kind
	// Protocol, Flags, Question and Context are set for KindRun. Question is the rest of the
	// first line (or, when that is empty, the lines after it); Context is the lines after it.
	Protocol string
	Flags    map[string]string
	Question string
	Context  string
	// Seed is --seed N: the run draws its roles as the run with that seed did (nil: a new seed).
	Seed *int64
	// Supersede, when set, is the decision a reopened question supersedes: the prior-decision
	// check takes it as answered when it finds that decision.
	Supersede int
	// Number is the #N of "reaffirm #N", "proceed #N" and "outcome #N" (0 when absent).
	Number int
	// Verdict and Text are an outcome's (held, reversed or partly; what happened); Memory is
	// the memory subcommand and IDs its items.
	Verdict string
	Text    string
	Memory  string
	IDs     []string
}

// Answer is the gate answer a reply command gives ("proceed", "reaffirm #3"); "" for the
// kinds that answer no gate.
func (c command) Answer() string {
	switch c.Kind {
	case kindApprove, kindProceed, kindReaffirm, kindSkip:
		if c.Number > 0 {
			return fmt.Sprintf("%s #%d", c.Kind, c.Number)
		}
		return string(c.Kind)
	}
	return ""
}

// UsageError is a comment that is a command but not a valid one. Nothing is spent on it: the
// bot replies with the reason and the usage.
type UsageError struct{ Reason string }

func (e *UsageError) Error() string { return e.Reason }

func usagef(format string, a ...any) error { return &UsageError{Reason: fmt.Sprintf(format, a...)} }

// parse reads a comment body. ok is false when the body is not a command at all: its first
// line does not start with /war-room, or it sits in a code block, quote or HTML comment. A
// command that breaks the grammar returns ok and a *UsageError. Parse is pure.
func parse(body string, g Grammar) (c command, ok bool, err error) {
	first, rest, ok := commandLine(body)
	if !ok {
		return command{}, false, nil
	}
	words := strings.Fields(first)
	if len(words) == 0 {
		return command{Kind: kindHelp}, true, nil
	}
	verb := strings.ToLower(words[0])
	if slices.Contains(g.Stops, verb) {
		verb = string(kindCancel)
	}
	switch kind(verb) {
	case kindHelp:
		return command{Kind: kindHelp}, true, nil
	case kindDoctor, kindReview:
		if len(words) == 1 && strings.TrimSpace(rest) == "" {
			return command{Kind: kind(verb)}, true, nil
		}
	case kindApprove, kindSkip, kindCancel, kindProceed, kindReaffirm:
		c, err = parseReply(kind(verb), words[1:])
		return c, true, err
	case kindMemory:
		c, err = parseMemory(words[1:])
		return c, true, err
	case kindOutcome:
		c, err = parseOutcome(first[len(words[0]):], rest)
		return c, true, err
	case kindReopen:
		c = command{Kind: kindReopen, Text: strings.TrimSpace(strings.TrimSpace(first[len(words[0]):]) + "\n\n" + strings.TrimSpace(rest))}
		if len(c.Text) > maxQuestionBytes {
			return c, true, usagef("the reason is %d bytes long; the limit is %d", len(c.Text), maxQuestionBytes)
		}
		return c, true, nil
	}
	protocol, args := g.Default, first
	if p, found := g.Words[verb]; found {
		protocol, args = p, strings.TrimSpace(first[len(words[0]):])
	}
	c, err = parseRun(protocol, args, rest, g)
	return c, true, err
}

// parseReply reads the arguments of a gate reply: only proceed and reaffirm take "#N".
func parseReply(k kind, args []string) (command, error) {
	c := command{Kind: k}
	if len(args) == 0 {
		if k == kindReaffirm {
			return c, usagef("reaffirm needs the decision's number: %s reaffirm #N", prefix)
		}
		return c, nil
	}
	if len(args) > 1 || k != kindProceed && k != kindReaffirm {
		return c, usagef("%s %s takes %s", prefix, k, map[bool]string{true: "only a decision number (#N)", false: "no arguments"}[k == kindProceed || k == kindReaffirm])
	}
	n, err := strconv.Atoi(strings.TrimPrefix(args[0], "#"))
	if err != nil || n <= 0 || !strings.HasPrefix(args[0], "#") {
		return c, usagef("%q is not a decision number; write it as #N", args[0])
	}
	c.Number = n
	return c, nil
}

// parseRun reads leading --flags (each on the protocol's allowlist), the question and the
// context lines after it.
func parseRun(protocol, args, rest string, g Grammar) (command, error) {
	c := command{Kind: kindRun, Protocol: protocol, Flags: map[string]string{}}
	if protocol == "" {
		return c, usagef("no protocol is configured for a bare %s question", prefix)
	}
	args, err := parseFlags(c.Flags, protocol, args, append(g.allowed(protocol), Flag{Name: flagSeed}))
	if err != nil {
		return c, err
	}
	if v, ok := c.Flags[flagSeed]; ok {
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return c, usagef("--seed wants a number from 0 to 4294967295, got %q", v)
		}
		seed := int64(n)
		c.Seed = &seed
		delete(c.Flags, flagSeed)
	}
	c.Question, c.Context = strings.TrimSpace(args), rest
	if c.Question == "" {
		c.Question, c.Context = rest, ""
	}
	if c.Question == "" {
		return c, usagef("a question is needed: %s %s<question>", prefix, g.wordFor(protocol))
	}
	if n := len(c.Question) + len(c.Context); n > maxQuestionBytes {
		return c, usagef("the question and its context are %d bytes long; the limit is %d", n, maxQuestionBytes)
	}
	return c, nil
}

// flagSeed is --seed N, which every protocol's command takes: the same seed draws the same
// roles, so a run can be made again identically (or, with another answer, the other way).
const flagSeed = "seed"

// maxQuestionBytes bounds a question with its context: both are kept verbatim in the hidden
// state marker, which must fit in one comment with room to spare.
const maxQuestionBytes = 16 << 10
