package engine

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/redact"
)

// Status is where a session stands.
type Status string

// Session statuses.
const (
	StatusRunning       Status = "running"
	StatusAwaitingInput Status = "awaiting_input"
	StatusCompleted     Status = "completed"
	StatusFailed        Status = "failed"
	StatusCancelled     Status = "cancelled"
)

// Input is one verbatim input of a session (the question, facts, a context file). Inputs are
// stored exactly as given, with their SHA-256, and are only ever fed to models fenced.
type Input struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	SHA256 string `json:"sha256"`
}

// Session is one deliberation: its identity, verbatim inputs and seed.
type Session struct {
	ID       string  `json:"id"`
	Protocol string  `json:"protocol"`
	Title    string  `json:"title"`
	Inputs   []Input `json:"inputs"`
	Seed     int64   `json:"seed"`
	// SeedSource is "crypto/rand" or the flag that fixed it ("--seed").
	SeedSource string `json:"seed_source"`
	// Options holds the protocol's resolved options (JSON), so a resume runs the same way.
	Options   []byte    `json:"options,omitempty"`
	Status    Status    `json:"status"`
	Error     string    `json:"error,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Prepare is what a store does to a session it is about to create, and how it encodes its
// inputs: a zero CreatedAt becomes now, a zero UpdatedAt CreatedAt (both passed through
// stamp, a store's clock resolution), an empty Status running.
func (s *Session) Prepare(now time.Time, stamp func(time.Time) time.Time) (inputs []byte, err error) {
	if s.CreatedAt.IsZero() {
		s.CreatedAt = now
	}
	if s.UpdatedAt.IsZero() {
		s.UpdatedAt = s.CreatedAt
	}
	s.CreatedAt, s.UpdatedAt = stamp(s.CreatedAt), stamp(s.UpdatedAt)
	if s.Status == "" {
		s.Status = StatusRunning
	}
	inputs, err = json.Marshal(s.Inputs)
	if err != nil {
		return nil, fmt.Errorf("create session %s: encode inputs: %w", s.ID, err)
	}
	return inputs, nil
}

// Input returns the named input's text and whether it exists.
func (s *Session) Input(name string) (string, bool) {
	for _, in := range s.Inputs {
		if in.Name == name {
			return in.Text, true
		}
	}
	return "", false
}

// NewInput captures text, its token-shaped secrets redacted, with its digest.
func NewInput(name, text string) Input {
	text = redact.Text(text) // a secret in a question or a context file is never stored, sent or sealed
	return Input{Name: name, Text: text, SHA256: record.SHA256Hex([]byte(text))}
}

// NewSessionID returns a fresh random id ("wr-" and 16 hex digits).
func NewSessionID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return "wr-" + hex.EncodeToString(b[:])
}

// NewSeed draws a 32-bit seed from the OS entropy source.
func NewSeed() int64 {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return int64(binary.BigEndian.Uint32(b[:]))
}

// InputBytes is the size of the session's inputs, the question and its context, in bytes: what
// a server's context ceiling (limits.CeilingContextBytes) bounds.
func (s *Session) InputBytes() int64 {
	var n int64
	for _, in := range s.Inputs {
		n += int64(len(in.Text))
	}
	return n
}
