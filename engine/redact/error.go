package redact

import "errors"

// Error returns err with its text redacted, keeping its chain for errors.Is and errors.As
// (nil for nil). A vendor's or a server's error body is text like any other: an error that
// quotes a key loses it here, before any caller wraps, logs, stores or publishes it.
func Error(err error) error {
	if err == nil {
		return nil
	}
	var r redactedError
	if errors.As(err, &r) && r.text == err.Error() {
		return err // already redacted, and nothing was added around it
	}
	return redactedError{text: Text(err.Error()), err: err}
}

type redactedError struct {
	text string
	err  error
}

func (e redactedError) Error() string { return e.text }
func (e redactedError) Unwrap() error { return e.err }
