package engine

import (
	"context"
	"errors"
	"time"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// Sentinel errors of the Store contract; implementations wrap them.
var (
	// ErrNotFound is returned by Store lookups that find nothing.
	ErrNotFound = errors.New("not found")
	// ErrExists is returned by CreateSession for an id already in use.
	ErrExists = errors.New("already exists")
	// ErrGateAnswered is returned by AnswerGate for a different answer to an answered gate.
	ErrGateAnswered = errors.New("gate already answered differently")
)

// Store persists sessions and everything a run produces. Implementations must be safe for
// concurrent use by one process, and must not corrupt data when a second process opens the
// same database. Every write is durable when it returns, except one made with a Derived
// context, which may wait for the next write that is not (and must never be lost while a
// later write is kept).
type Store interface {
	// CreateSession inserts s; an existing id is an error wrapping ErrExists.
	CreateSession(ctx context.Context, s *Session) error
	// GetSession returns the session or ErrNotFound.
	GetSession(ctx context.Context, id string) (*Session, error)
	// SetStatus records a status change (and the error text for failures).
	SetStatus(ctx context.Context, id string, status Status, errText string) error
	// ListSessions returns sessions newest first, at most limit (0: all).
	ListSessions(ctx context.Context, protocol string, limit int) ([]Session, error)

	// GetStep returns a stored step result, or ErrNotFound.
	GetStep(ctx context.Context, sessionID, key string) ([]byte, error)
	// PutStep stores a step result durably before returning, with the SHA-256 of result.
	// Storing a key twice keeps the first value (a step result never changes once stored).
	PutStep(ctx context.Context, sessionID, key string, result []byte) error
	// Steps returns every stored step of a session, ordered by key (byte-wise), each with the
	// SHA-256 taken when it was stored, so that a result edited afterwards no longer matches.
	// An unknown session has none.
	Steps(ctx context.Context, sessionID string) ([]StepRecord, error)

	// AppendLedger appends one call record; Seq is assigned by the store.
	AppendLedger(ctx context.Context, e *ledger.Entry) error
	// Ledger returns a session's call records in order.
	Ledger(ctx context.Context, sessionID string) ([]ledger.Entry, error)

	// PutArtifact stores (or replaces) a named artifact of a session.
	PutArtifact(ctx context.Context, sessionID, name string, body []byte) error
	// GetArtifact returns an artifact or ErrNotFound.
	GetArtifact(ctx context.Context, sessionID, name string) ([]byte, error)
	// Artifacts lists a session's artifacts in the order they were first stored.
	Artifacts(ctx context.Context, sessionID string) ([]Artifact, error)

	// PutSummary stores (or replaces) the browsing summary of a session's decision: its
	// SessionID, Class, Title and Text. The session must exist.
	PutSummary(ctx context.Context, s *decision.DecisionSummary) error
	// Browse returns, in one read and in ListSessions' order, every session with a stored
	// summary whose Text contains every one of words (byte-wise, never as patterns: give them
	// through SearchText) and every session without a summary (Summarised false: only its
	// decision, if it has one, can say whether it matches). No Text is read back.
	Browse(ctx context.Context, words []string) ([]decision.BrowseEntry, error)

	// OpenGate records an unanswered gate; opening an already open or answered gate is a no-op.
	OpenGate(ctx context.Context, g *GateRecord) error
	// GetGate returns a gate or ErrNotFound.
	GetGate(ctx context.Context, sessionID, key string) (*GateRecord, error)
	// AnswerGate records the answer to an open gate; answering twice is an error wrapping
	// ErrGateAnswered unless the answer is the same.
	AnswerGate(ctx context.Context, sessionID, key, answer string) error
	// Gates lists a session's gates in the order they were opened.
	Gates(ctx context.Context, sessionID string) ([]GateRecord, error)

	// PutRecord stores an adapter's record (publication state, deferred items, ...) under a
	// kind and key, replacing any earlier value.
	PutRecord(ctx context.Context, kind, key string, value []byte) error
	// GetRecord returns a record or ErrNotFound.
	GetRecord(ctx context.Context, kind, key string) ([]byte, error)
	// ListRecords returns all records of a kind, ordered by key.
	ListRecords(ctx context.Context, kind string) ([]AdapterRecord, error)
	// CreateRecord stores a record only if none exists under kind and key; otherwise it
	// changes nothing and returns an error wrapping ErrExists. Exactly one of several
	// concurrent creators succeeds.
	CreateRecord(ctx context.Context, kind, key string, value []byte) error
	// SwapRecord replaces a record's value with next only if its value is old now, and
	// reports whether it did (compare-and-swap); a missing record is ErrNotFound. A nil and an
	// empty value compare equal.
	SwapRecord(ctx context.Context, kind, key string, old, next []byte) (bool, error)

	// AcquireLease takes the lease called name for holder until now+ttl, or extends it when
	// holder has it already. It returns false, and changes nothing, while another holder's
	// lease has not expired at now. Leases serialise work across the processes sharing the
	// store (one worker runs a session at a time); now comes from the caller so that tests
	// can drive expiry with a clock of their own.
	AcquireLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error)
	// ReleaseLease ends holder's lease on name; releasing a lease one does not hold (expired,
	// taken over, never taken) changes nothing and is not an error.
	ReleaseLease(ctx context.Context, name, holder string) error
	// LeaseHolder names who holds the lease called name at now, or "" when nobody does (never
	// taken, released, or expired at now).
	LeaseHolder(ctx context.Context, name string, now time.Time) (string, error)

	// Close releases the store.
	Close() error
}

// Artifact is a named document a run produced (a role's output, a manifest, a synthesis).
type Artifact struct {
	Name      string    `json:"name"`
	Body      []byte    `json:"body"`
	CreatedAt time.Time `json:"created_at"`
}

// StepRecord is one stored step result and the SHA-256 (lowercase hex) of Result as the store
// received it. SHA256 is empty for a step stored before the store kept digests.
type StepRecord struct {
	Key       string    `json:"key"`
	Result    []byte    `json:"result"`
	SHA256    string    `json:"sha256"`
	CreatedAt time.Time `json:"created_at"`
}

// GateRecord is a question for a human and, once given, the answer.
type GateRecord struct {
	SessionID string `json:"session_id"`
	Key       string `json:"key"`
	// Question is war-room's own text, which may hold values an operator chose (profile and
	// model names): renderers keep its structure (a roster table) and defuse it as plain text.
	Question string `json:"question"`
	// Excerpt is untrusted text the question refers to (a model's reason, the titles of
	// discussions), which renderers only ever quote. A gate stored before it has none.
	Excerpt    string     `json:"excerpt,omitempty"`
	Choices    []string   `json:"choices,omitempty"`
	Answer     string     `json:"answer,omitempty"`
	Answered   bool       `json:"answered"`
	OpenedAt   time.Time  `json:"opened_at"`
	AnsweredAt *time.Time `json:"answered_at,omitempty"`
}

// AdapterRecord is one adapter record.
type AdapterRecord struct {
	Kind  string `json:"kind"`
	Key   string `json:"key"`
	Value []byte `json:"value"`
}
