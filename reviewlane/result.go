package reviewlane

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/war-room/war-room/engine/verify"
)

// Status is what became of a lane.
type Status string

// Lane statuses. Only StatusJudged carries a disposition.
const (
	StatusJudged    Status = "judged"
	statusTransport Status = "transport"
	statusStale     Status = "stale"
	statusBlocked   Status = "blocked"
)

// Disposition is the reviewer's semantic judgment.
type Disposition string

// Dispositions.
const (
	Confirmed Disposition = "CONFIRMED"
	Refuted   Disposition = "REFUTED"
)

// transportClass says why a lane produced no judgment. None of them is a judgment.
type transportClass string

// Transport classes.
const (
	classTimeout         transportClass = "timeout"
	classRateLimited     transportClass = "rate-limited"
	classProviderError   transportClass = "provider-error"
	classRefused         transportClass = "refused"
	classMalformedMarker transportClass = "malformed-marker"
	classWrongNonce      transportClass = "wrong-nonce"
	classMissingEvidence transportClass = "missing-evidence"
)

// blockedReason says why a lane refused to run at all.
type blockedReason string

// Reasons a lane is blocked before any call.
const (
	blockedSameFamily     blockedReason = "same-family"
	blockedSameContext    blockedReason = "same-context"
	blockedDigestMismatch blockedReason = "digest-mismatch"
	// blockedNothingToReview: no file of the diff is within the lane's paths and size limit
	// (or the diff is empty). A verdict on an empty view would judge nothing.
	blockedNothingToReview blockedReason = "nothing-to-review"
	// blockedEffortUnavailable: the lane asks an effort its model cannot take, and
	// review.effort_downgrade is refuse. A configuration error: no call is made.
	blockedEffortUnavailable blockedReason = "effort-unavailable"
	// blockedPreflight: the reviewer's profile failed the preflight every session runs
	// before its first call (key refused, endpoint silent, model unknown).
	blockedPreflight blockedReason = "preflight-failed"
)

// Result is a review-lane-result.v1 document.
type Result struct {
	Schema string `json:"schema"`
	Lane   string `json:"lane"`
	// Focus is the lane's focus (review.lanes[].focus); empty for the whole contract.
	Focus string `json:"focus,omitempty"`
	// FocusFile is the source of the repository's focus file ("<path>@<base sha>"), if any.
	FocusFile       string         `json:"focus_file,omitempty"`
	Subject         string         `json:"subject"`
	Repository      string         `json:"repository,omitempty"`
	PRNumber        int            `json:"pr_number,omitempty"`
	HeadSHA         string         `json:"head_sha"`
	RequestSHA256   string         `json:"request_sha256"`
	Status          Status         `json:"status"`
	Disposition     Disposition    `json:"disposition,omitempty"`
	TransportClass  transportClass `json:"transport_class,omitempty"`
	BlockedReason   blockedReason  `json:"blocked_reason,omitempty"`
	StaleHeadSHA    string         `json:"stale_head_sha,omitempty"`
	NonceEchoed     string         `json:"nonce_echoed,omitempty"`
	Reviewer        reviewerRecord `json:"reviewer"`
	AuthorContextID string         `json:"author_context_id"`
	ReadOnly        bool           `json:"read_only"`
	Evidence        *evidence      `json:"evidence,omitempty"`
	Findings        []Finding      `json:"findings"`
	Coverage        *Coverage      `json:"coverage,omitempty"`
	Summary         string         `json:"summary"`
	Detail          string         `json:"detail,omitempty"`
	Calls           int            `json:"calls"`
	SessionID       string         `json:"session_id,omitempty"`
	StartedAt       time.Time      `json:"started_at"`
	FinishedAt      time.Time      `json:"finished_at"`

	// record is the lane's sealed record (request and result), set when the lane finishes; its
	// root is published on the check run, and the record itself in the check run's text.
	record *verify.PublishedRecord
}

// Root is the root of the lane's sealed record ("" for a result read from a file).
func (r *Result) Root() string {
	if r.record == nil {
		return ""
	}
	return r.record.Seal.Root
}

// reviewerRecord is who actually reviewed, as observed.
type reviewerRecord struct {
	Profile       string `json:"profile"`
	Family        string `json:"family"`
	Model         string `json:"model,omitempty"`
	ModelReported string `json:"model_reported,omitempty"`
	ContextID     string `json:"context_id"`
	Scripted      bool   `json:"scripted,omitempty"`
	// Effort is the effort the lane asked ("" for none); EffortSent what the call sent ("none"
	// for none), told apart only when review.effort_downgrade is state.
	Effort     string `json:"effort,omitempty"`
	EffortSent string `json:"effort_sent,omitempty"`
}

// evidence locates what the reviewer left behind.
type evidence struct {
	Dir        string `json:"dir"`
	Transcript string `json:"transcript"`
	Artifact   string `json:"artifact"`
}

// Finding is one problem the reviewer reported, at a line or a range of lines of the file
// as it is at the head ("file:line" or "file:first-last").
type Finding struct {
	File string `json:"file,omitempty"`
	// StartLine is a range's first line (0 for one line); Line is the line, or a range's last.
	StartLine int    `json:"start_line,omitempty"`
	Line      int    `json:"line,omitempty"`
	Severity  string `json:"severity"`
	Text      string `json:"text"`
	// InDiff says every line of the finding is on the head side of the diff the reviewer
	// was shown, in one hunk: a review comment can be anchored there.
	InDiff bool `json:"in_diff,omitempty"`
	// LineMismatch says the finding quotes code its cited lines do not hold: the line is
	// taken to be wrong, and the finding is not anchored there.
	LineMismatch bool `json:"line_mismatch,omitempty"`
	// Fingerprint names the finding across heads: its file, its text normalised and the
	// code on its lines, but not its line numbers, which move.
	Fingerprint string `json:"fingerprint,omitempty"`
}

// Marshal serialises the result after checking it against its schema.
func (r *Result) Marshal() ([]byte, error) {
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	if err := validateDoc(resultSchema, b); err != nil {
		return nil, fmt.Errorf("result of lane %s: %w", r.Lane, err)
	}
	return append(b, '\n'), nil
}

// ReadResult reads and schema-checks a result document.
func ReadResult(path string) (*Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read result: %w", err)
	}
	if err := validateDoc(resultSchema, b); err != nil {
		return nil, fmt.Errorf("read result %s: %w", path, err)
	}
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("read result %s: %w", path, err)
	}
	return &r, nil
}
