package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/redact"
)

// ProtocolSession builds a session for a protocol: the question must be non-empty and be
// carried verbatim (its secrets redacted, as every input's are) by the input named questionInput (inputs default to the question alone),
// and opts — already defaulted and validated by the protocol — is stored as JSON so that a
// resume runs with exactly the same settings.
func ProtocolSession(protocol, title, questionInput, question string, inputs []Input, opts any, seed int64, seedSource string) (*Session, error) {
	// The inputs hold the question redacted (NewInput), and so do the title and the check.
	title, question = redact.Text(title), redact.Text(question)
	if strings.TrimSpace(question) == "" {
		return nil, fmt.Errorf("%s: %w", protocol, errors.New("the question is empty"))
	}
	if len(inputs) == 0 {
		inputs = []Input{NewInput(questionInput, question)}
	}
	if q, ok := (&Session{Inputs: inputs}).Input(questionInput); !ok || q != question {
		return nil, fmt.Errorf("%s: inputs must carry the question as %q", protocol, questionInput)
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: encode options: %w", protocol, err)
	}
	return &Session{Protocol: protocol, Title: title, Inputs: inputs, Seed: seed, SeedSource: seedSource, Options: raw}, nil
}

// ContextInput captures a context file verbatim, named after its path.
func ContextInput(path, text string) Input { return NewInput("context:"+path, text) }

// options is a protocol's resolved options as a session stores them: they fill their own
// defaults and check themselves, so a stored session always runs with valid settings.
type options[T any] interface {
	Defaulted() T
	Validate() error
}

// NewOptionsSession is ProtocolSession for options that default and check themselves.
func NewOptionsSession[T options[T]](protocol, title, questionInput, question string, inputs []Input, opts T, seed int64, seedSource string) (*Session, error) {
	opts = opts.Defaulted()
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", protocol, err)
	}
	return ProtocolSession(protocol, title, questionInput, question, inputs, opts, seed, seedSource)
}

// SessionOptions decodes a session's stored options, fills their defaults and checks them.
func SessionOptions[T options[T]](s *Session) (T, error) {
	var o T
	if err := json.Unmarshal(s.Options, &o); err != nil {
		return o, fmt.Errorf("%s: decode session options: %w", s.Protocol, err)
	}
	o = o.Defaulted()
	if err := o.Validate(); err != nil {
		return o, fmt.Errorf("%s: stored options: %w", s.Protocol, err)
	}
	return o, nil
}
