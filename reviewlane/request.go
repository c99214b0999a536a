package reviewlane

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

// request is a review-request.v1 document: everything one lane needs, fixed before the lane
// runs. Once written it is never rewritten; the files it names are bound by their digests.
type request struct {
	Schema      string      `json:"schema"`
	Subject     string      `json:"subject"`
	Repository  string      `json:"repository,omitempty"`
	PRNumber    int         `json:"pr_number,omitempty"`
	BaseSHA     string      `json:"base_sha"`
	HeadSHA     string      `json:"head_sha"`
	Lane        string      `json:"lane"`
	Focus       string      `json:"focus,omitempty"`
	FocusFile   *FocusFile  `json:"focus_file,omitempty"`
	Contract    contractRef `json:"contract"`
	Diff        fileRef     `json:"diff"`
	Author      Author      `json:"author"`
	Reviewer    reviewer    `json:"reviewer"`
	Diversity   string      `json:"diversity"`
	Nonce       string      `json:"nonce"`
	EvidenceDir string      `json:"evidence_dir"`
	ReadOnly    bool        `json:"read_only"`
	MaxDiff     int64       `json:"max_diff_bytes"`
	Paths       pathFilter  `json:"paths"`
	CreatedAt   time.Time   `json:"created_at"`
}

// fileRef is a file bound to its content.
type fileRef struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// FocusFile is the repository's own focus for a lane (review.lanes[].focus_file), copied
// beneath the lane directory from the base commit.
type FocusFile struct {
	fileRef
	// Source is "<path>@<base sha>".
	Source string `json:"source"`
}

// contractRef is the acceptance contract the reviewer judges the diff against.
type contractRef struct {
	fileRef
	// Source is "<path>@<base sha>", "file:<path>" or "default".
	Source string `json:"source"`
	// Default is true when the repository had none and the built-in text was used.
	Default bool `json:"default"`
}

// Author is who (or what) wrote the change under review.
type Author struct {
	Login            string   `json:"login,omitempty"`
	ContextID        string   `json:"context_id"`
	Family           string   `json:"family"`
	CoauthorFamilies []string `json:"coauthor_families,omitempty"`
	// Basis says how Family was decided, e.g. "review.author_families[dependabot[bot]]".
	Basis string `json:"basis"`
}

// Families returns every model family that took part in writing the change.
func (a Author) Families() []string {
	return append([]string{a.Family}, a.CoauthorFamilies...)
}

// reviewer is the profile a lane's single call goes to.
type reviewer struct {
	Profile string `json:"profile"`
	Family  string `json:"family"`
	Model   string `json:"model,omitempty"`
	Effort  string `json:"effort,omitempty"`
	// EffortDowngrade is review.effort_downgrade: what the lane does when the model cannot
	// take Effort ("refuse", the default when absent, or "state").
	EffortDowngrade string `json:"effort_downgrade,omitempty"`
}

// pathFilter is the lane's scope, copied from configuration so the request is self-contained.
type pathFilter struct {
	Include []string `json:"include,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
}

// newNonce draws 128 bits from r (crypto/rand.Reader when nil) as lowercase hex.
func newNonce(r io.Reader) (string, error) {
	if r == nil {
		r = rand.Reader
	}
	var b [16]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", fmt.Errorf("draw nonce: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// Marshal serialises the request after checking it against its schema.
func (r *request) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	if err := validateDoc(requestSchema, b); err != nil {
		return nil, fmt.Errorf("request for lane %s: %w", r.Lane, err)
	}
	return append(b, '\n'), nil
}

// writeRequest writes r to path once: the file is created exclusively and left read-only, so
// a request cannot be edited in place between building a lane and dispatching it.
func writeRequest(path string, r *request) error {
	b, err := r.Marshal()
	if err != nil {
		return err
	}
	if _, err := writeHashed(path, bytes.NewReader(b)); err != nil {
		return fmt.Errorf("write request: %w", err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		return fmt.Errorf("write request: %w", err)
	}
	return nil
}

// ReadRequest reads and schema-checks a request, returning it with the SHA-256 of its bytes
// (the result binds to that digest).
func ReadRequest(path string) (*request, string, error) {
	r, _, sum, err := readRequest(path)
	return r, sum, err
}

// readRequest is ReadRequest that also returns the document's bytes, which a lane's record
// seals.
func readRequest(path string) (*request, []byte, string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, "", fmt.Errorf("read request: %w", err)
	}
	if err := validateDoc(requestSchema, b); err != nil {
		return nil, nil, "", fmt.Errorf("read request %s: %w", path, err)
	}
	var r request
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, nil, "", fmt.Errorf("read request %s: %w", path, err)
	}
	d, _ := hashReader(bytes.NewReader(b))
	return &r, b, d.SHA256, nil
}
