// Package outcome is what a person records after a decision was sealed: whether it held,
// was reversed or partly held, in whose words, when and where, as addenda chained to the
// decision's sealed root. The seal cannot hold them (it was made before), so they form a chain
// of their own: the first names the root as its predecessor, each later one the digest of the
// one before, and each digest covers every field. Dropping, reordering or editing one breaks
// the chain at that addendum; a chain that names another root belongs to another decision.
// The package is pure: the engine stores a session's chain and verify checks it; the
// discussions publisher posts and reads it on GitHub.
package outcome

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/redact"
)

// What a person can say happened to a decision, once its consequences are known.
const (
	Held     = "held"
	Reversed = "reversed"
	Partly   = "partly"
)

// Verdicts are the words an outcome takes, in the order help texts list them.
var Verdicts = []string{Held, Reversed, Partly}

// Artifact is the name a session's chain of addenda is stored under, beside its sealed record.
const Artifact = "outcomes.json"

// maxNote bounds what one addendum says, as a comment command bounds a question.
const maxNote = 16 << 10

// Addendum is one recorded outcome.
type Addendum struct {
	Session string `json:"session"`
	// Root is the sealed root of the decision the outcome is about.
	Root string `json:"root"`
	// Seq counts the decision's addenda from 1.
	Seq     int    `json:"seq"`
	Verdict string `json:"verdict"`
	// Note is what happened, as the person wrote it (secrets redacted).
	Note string    `json:"note"`
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	// Source is where it was said: the command comment's address, or "cli".
	Source string `json:"source,omitempty"`
	// Prev is the digest of the addendum before, or Root for the first.
	Prev   string `json:"prev"`
	Digest string `json:"digest"`
}

// ErrVerdict is a verdict that is none of Verdicts.
var ErrVerdict = errors.New("an outcome is held, reversed or partly")

// InputError is an outcome refused for what was typed: its verdict or its note.
type InputError struct{ Reason string }

func (e *InputError) Error() string { return e.Reason }

// ParseVerdict reads a verdict, in any case.
func ParseVerdict(s string) (string, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(Verdicts, v) {
		return "", fmt.Errorf("%q: %w", s, ErrVerdict)
	}
	return v, nil
}

// ComputeDigest is the SHA-256 of every field but Digest.
func (a Addendum) ComputeDigest() string {
	a.Digest = ""
	a.At = a.At.UTC()
	raw, err := json.Marshal(a)
	if err != nil {
		panic(fmt.Sprintf("outcome: encode an addendum: %v", err)) // plain data: cannot fail
	}
	return record.SHA256Hex(raw)
}

// Next chains a new outcome after chain (the decision's addenda so far, verified): it checks
// the verdict and the note, redacts secrets from the note before anything is digested, and
// stamps the sequence, predecessor and digest.
func Next(chain []Addendum, session, root, verdict, note, by, source string, at time.Time) (Addendum, error) {
	v, err := ParseVerdict(verdict)
	if err != nil {
		return Addendum{}, &InputError{Reason: err.Error()}
	}
	note = strings.TrimSpace(redact.Text(note))
	switch {
	case note == "":
		return Addendum{}, &InputError{Reason: "an outcome needs a note saying what happened"}
	case len(note) > maxNote:
		return Addendum{}, &InputError{Reason: fmt.Sprintf("the note is %d bytes long; an outcome's limit is %d", len(note), maxNote)}
	case root == "":
		return Addendum{}, fmt.Errorf("session %s has no sealed decision to record an outcome of", session)
	}
	a := Addendum{Session: session, Root: root, Seq: len(chain) + 1, Verdict: v, Note: note, By: by,
		At: at.UTC().Truncate(time.Second), Source: source, Prev: root}
	if n := len(chain); n > 0 {
		a.Prev = chain[n-1].Digest
	}
	a.Digest = a.ComputeDigest()
	return a, nil
}

// Problem is one value of a chain that does not recompute: Name is the addendum ("outcome 2"),
// Field what differs.
type Problem struct {
	Name, Field, Stored, Recomputed string
}

// Verify checks a decision's chain of addenda against its root: each digest, each link and
// each sequence number.
func Verify(session, root string, chain []Addendum) []Problem {
	var out []Problem
	prev := root
	for i, a := range chain {
		name := fmt.Sprintf("outcome %d", i+1)
		if a.Seq != i+1 {
			out = append(out, Problem{Name: name, Field: "seq", Stored: fmt.Sprint(a.Seq), Recomputed: fmt.Sprint(i + 1)})
		}
		if a.Session != session || a.Root != root {
			out = append(out, Problem{Name: name, Field: "root", Stored: a.Root, Recomputed: root})
		}
		if a.Prev != prev {
			out = append(out, Problem{Name: name, Field: "prev", Stored: a.Prev, Recomputed: prev})
		}
		if _, err := ParseVerdict(a.Verdict); err != nil {
			out = append(out, Problem{Name: name, Field: "verdict", Stored: a.Verdict, Recomputed: "(not a verdict)"})
		}
		if sum := a.ComputeDigest(); sum != a.Digest {
			out = append(out, Problem{Name: name, Field: "digest", Stored: a.Digest, Recomputed: sum})
		}
		prev = a.Digest
	}
	return out
}

// Latest is the last addendum of a chain, the decision's current outcome; ok is false for none.
func Latest(chain []Addendum) (Addendum, bool) {
	if len(chain) == 0 {
		return Addendum{}, false
	}
	return chain[len(chain)-1], true
}
