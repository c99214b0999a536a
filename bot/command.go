package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Prefix starts every command.
const Prefix = "/war-room"

// Kind is what a command asks for.
type Kind string

// Command kinds. KindRun starts a session; the reply kinds answer the open gate of the
// latest session on the thread.
const (
	KindRun      Kind = "run"
	KindHelp     Kind = "help"
	KindApprove  Kind = "approve"
	KindProceed  Kind = "proceed"
	KindReaffirm Kind = "reaffirm"
	KindSkip     Kind = "skip"
	KindCancel   Kind = "cancel"
	// KindDoctor checks each configured profile with a few real calls and replies with the
	// table; only the bare "/war-room doctor" is one, so a question may start with the word.
	KindDoctor Kind = "doctor"
	// KindReview runs a pull request's review lanes on its current head; only the bare
	// "/war-room review" is one.
	KindReview Kind = "review"
)

// Command is a parsed command comment.
type Command struct {
	Kind Kind
	// Protocol, Flags, Question and Context are set for KindRun. Question is the rest of the
	// first line (or, when that is empty, the lines after it); Context is the lines after it.
	Protocol string
	Flags    map[string]string
	Question string
	Context  string
	// Number is the #N of "reaffirm #N" and "proceed #N" (0 when absent).
	Number int
}

// Answer is the gate answer a reply command gives ("proceed", "reaffirm #3"); "" for the
// kinds that answer no gate.
func (c Command) Answer() string {
	switch c.Kind {
	case KindApprove, KindProceed, KindReaffirm, KindSkip:
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

// Parse reads a comment body. ok is false when the body is not a command at all: its first
// line does not start with /war-room, or it sits in a code block, quote or HTML comment. A
// command that breaks the grammar returns ok and a *UsageError. Parse is pure.
func Parse(body string, g Grammar) (c Command, ok bool, err error) {
	first, rest, ok := commandLine(body)
	if !ok {
		return Command{}, false, nil
	}
	words := strings.Fields(first)
	if len(words) == 0 {
		return Command{Kind: KindHelp}, true, nil
	}
	verb := strings.ToLower(words[0])
	if slices.Contains(g.Stops, verb) {
		verb = string(KindCancel)
	}
	switch Kind(verb) {
	case KindHelp:
		return Command{Kind: KindHelp}, true, nil
	case KindDoctor, KindReview:
		if len(words) == 1 && strings.TrimSpace(rest) == "" {
			return Command{Kind: Kind(verb)}, true, nil
		}
	case KindApprove, KindSkip, KindCancel, KindProceed, KindReaffirm:
		c, err = parseReply(Kind(verb), words[1:])
		return c, true, err
	}
	protocol, args := g.Default, first
	if p, found := g.Words[verb]; found {
		protocol, args = p, strings.TrimSpace(first[len(words[0]):])
	}
	c, err = parseRun(protocol, args, rest, g)
	return c, true, err
}

// parseReply reads the arguments of a gate reply: only proceed and reaffirm take "#N".
func parseReply(k Kind, args []string) (Command, error) {
	c := Command{Kind: k}
	if len(args) == 0 {
		if k == KindReaffirm {
			return c, usagef("reaffirm needs the decision's number: %s reaffirm #N", Prefix)
		}
		return c, nil
	}
	if len(args) > 1 || k != KindProceed && k != KindReaffirm {
		return c, usagef("%s %s takes %s", Prefix, k, map[bool]string{true: "only a decision number (#N)", false: "no arguments"}[k == KindProceed || k == KindReaffirm])
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
func parseRun(protocol, args, rest string, g Grammar) (Command, error) {
	c := Command{Kind: KindRun, Protocol: protocol, Flags: map[string]string{}}
	if protocol == "" {
		return c, usagef("no protocol is configured for a bare %s question", Prefix)
	}
	args, err := parseFlags(c.Flags, protocol, args, g.allowed(protocol))
	if err != nil {
		return c, err
	}
	c.Question, c.Context = strings.TrimSpace(args), rest
	if c.Question == "" {
		c.Question, c.Context = rest, ""
	}
	if c.Question == "" {
		return c, usagef("a question is needed: %s %s<question>", Prefix, g.wordFor(protocol))
	}
	if n := len(c.Question) + len(c.Context); n > MaxQuestionBytes {
		return c, usagef("the question and its context are %d bytes long; the limit is %d", n, MaxQuestionBytes)
	}
	return c, nil
}

// MaxQuestionBytes bounds a question with its context: both are kept verbatim in the hidden
// state marker, which must fit in one comment with room to spare.
const MaxQuestionBytes = 16 << 10
