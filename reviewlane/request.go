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

// Request is a review-request.v1 document: everything one lane needs, fixed before the lane
// runs. Once written it is never rewritten; the files it names are bound by their digests.
type Request struct {
	Schema      string     `json:"schema"`
	Subject     string     `json:"subject"`
	Repository  string     `json:"repository,omitempty"`
	PRNumber    int        `json:"pr_number,omitempty"`
	BaseSHA     string     `json:"base_sha"`
	HeadSHA     string     `json:"head_sha"`
	Lane        string     `json:"lane"`
	Contract    Contract   `json:"contract"`
	Diff        FileRef    `json:"diff"`
	Author      Author     `json:"author"`
	Reviewer    Reviewer   `json:"reviewer"`
	Diversity   string     `json:"diversity"`
	Nonce       string     `json:"nonce"`
	EvidenceDir string     `json:"evidence_dir"`
	ReadOnly    bool       `json:"read_only"`
	MaxDiff     int64      `json:"max_diff_bytes"`
	Paths       PathFilter `json:"paths"`
	CreatedAt   time.Time  `json:"created_at"`
}

// FileRef is a file bound to its content.
type FileRef struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// Contract is the acceptance contract the reviewer judges the diff against.
type Contract struct {
	FileRef
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

// Reviewer is the profile a lane's single call goes to.
type Reviewer struct {
	Profile string `json:"profile"`
	Family  string `json:"family"`
	Model   string `json:"model,omitempty"`
	Effort  string `json:"effort,omitempty"`
}

// PathFilter is the lane's scope, copied from configuration so the request is self-contained.
type PathFilter struct {
	Include []string `json:"include,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
}

// NewNonce draws 128 bits from r (crypto/rand.Reader when nil) as lowercase hex.
func NewNonce(r io.Reader) (string, error) {
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
func (r *Request) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	if err := validateDoc(RequestSchema, b); err != nil {
		return nil, fmt.Errorf("request for lane %s: %w", r.Lane, err)
	}
	return append(b, '\n'), nil
}

// WriteRequest writes r to path once: the file is created exclusively and left read-only, so
// a request cannot be edited in place between building a lane and dispatching it.
func WriteRequest(path string, r *Request) error {
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
func ReadRequest(path string) (*Request, string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("read request: %w", err)
	}
	if err := validateDoc(RequestSchema, b); err != nil {
		return nil, "", fmt.Errorf("read request %s: %w", path, err)
	}
	var r Request
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, "", fmt.Errorf("read request %s: %w", path, err)
	}
	d, _ := HashReader(bytes.NewReader(b))
	return &r, d.SHA256, nil
}
