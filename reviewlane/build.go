package reviewlane

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// laneSpec is one lane to build: its name and the profile its single call goes to.
type laneSpec struct {
	Name    string
	Profile string
	Family  string
	Model   string
	Effort  provider.Effort
	// Focus is review.lanes[].focus ("" for none).
	Focus string
	// EffortDowngrade is review.effort_downgrade ("" for refuse).
	EffortDowngrade string
	// FocusFile is review.lanes[].focus_file: a path read at the base commit ("" for none).
	FocusFile string
}

// BuildOptions is everything building lanes needs besides the change itself.
type BuildOptions struct {
	// EvidenceDir is created if absent; it must not already hold a diff.
	EvidenceDir string
	Lanes       []laneSpec
	// Diversity is "cross-family" or "fresh-context".
	Diversity    string
	MaxDiffBytes int64
	Paths        pathFilter
	// ContractPath is the acceptance contract's path in the repository, read at the base.
	ContractPath string
	// ContractFile, when set, is a local file used instead (the CLI's --contract).
	ContractFile     string
	AuthorFamilies   map[string]string
	CoauthorFamilies map[string]string
	// Now and Entropy are the clock and the nonce source (time.Now, crypto/rand when nil).
	Now     func() time.Time
	Entropy io.Reader
}

// subject identifies the change a set of lanes reviews.
type subject struct {
	ID         string
	Repository string
	PRNumber   int
	BaseSHA    string
	HeadSHA    string
}

// Built is a set of lanes ready to dispatch: one immutable request file per lane.
type Built struct {
	Dir      string
	Subject  subject
	Requests []string
}

// material is what a source gathered; materialize turns it into files and requests.
type material struct {
	subject  subject
	diff     func(ctx context.Context, w io.Writer) error
	contract contractText
	author   authorFacts
	// atBase reads a file of the repository at the base commit (found false when absent).
	atBase func(ctx context.Context, path string) (content []byte, found bool, err error)
}

func materialize(ctx context.Context, m material, o BuildOptions) (*Built, error) {
	if len(o.Lanes) == 0 {
		return nil, errors.New("build lanes: no lanes to build (configure review.lanes or pass --lane)")
	}
	if err := os.MkdirAll(o.EvidenceDir, 0o755); err != nil {
		return nil, fmt.Errorf("build lanes: %w", err)
	}
	diffPath, contractPath := filepath.Join(o.EvidenceDir, "diff.patch"), filepath.Join(o.EvidenceDir, "contract.md")
	diff, err := writeStreamed(ctx, diffPath, m.diff)
	if err != nil {
		return nil, fmt.Errorf("build lanes: %w", err)
	}
	contract, err := writeHashed(contractPath, bytesReader(m.contract.text))
	if err != nil {
		return nil, fmt.Errorf("build lanes: %w", err)
	}
	author := resolveAuthor(m.author, o.AuthorFamilies, o.CoauthorFamilies)
	b := &Built{Dir: o.EvidenceDir, Subject: m.subject}
	for _, l := range o.Lanes {
		r, err := newRequest(m, o, l, author,
			fileRef{Path: diffPath, SHA256: diff.SHA256, Bytes: diff.Bytes},
			contractRef{fileRef: fileRef{Path: contractPath, SHA256: contract.SHA256, Bytes: contract.Bytes},
				Source: m.contract.source, Default: m.contract.isDefault})
		if err != nil {
			return nil, err
		}
		dir := laneDir(o.EvidenceDir, l.Name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("build lane %s: %w", l.Name, err)
		}
		if r.FocusFile, err = focusFileOf(ctx, m, l, dir); err != nil {
			return nil, err
		}
		path := filepath.Join(dir, requestName)
		if err := writeRequest(path, r); err != nil {
			return nil, fmt.Errorf("build lane %s: %w", l.Name, err)
		}
		b.Requests = append(b.Requests, path)
	}
	return b, nil
}

func newRequest(m material, o BuildOptions, l laneSpec, a Author, diff fileRef, c contractRef) (*request, error) {
	nonce, err := newNonce(o.Entropy)
	if err != nil {
		return nil, fmt.Errorf("build lane %s: %w", l.Name, err)
	}
	now := time.Now
	if o.Now != nil {
		now = o.Now
	}
	abs, err := filepath.Abs(o.EvidenceDir)
	if err != nil {
		return nil, fmt.Errorf("build lane %s: %w", l.Name, err)
	}
	return &request{Schema: requestSchema, Subject: m.subject.ID, Repository: m.subject.Repository,
		PRNumber: m.subject.PRNumber, BaseSHA: m.subject.BaseSHA, HeadSHA: m.subject.HeadSHA,
		Lane: l.Name, Focus: l.Focus, Contract: c, Diff: diff, Author: a,
		Reviewer: reviewer{Profile: l.Profile, Family: l.Family, Model: l.Model, Effort: string(l.Effort),
			EffortDowngrade: l.EffortDowngrade},
		Diversity: o.Diversity, Nonce: nonce, EvidenceDir: abs, ReadOnly: true,
		MaxDiff: o.MaxDiffBytes, Paths: o.Paths, CreatedAt: now().UTC()}, nil
}

// writeStreamed runs a producer into a new file while hashing it, without buffering.
func writeStreamed(ctx context.Context, path string, produce func(context.Context, io.Writer) error) (Digest, error) {
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(produce(ctx, pw)) }()
	d, err := writeHashed(path, pr)
	pr.Close()
	if err != nil && !errors.Is(err, fs.ErrExist) {
		os.Remove(path) // a partial diff must not be mistaken for the change later
	}
	return d, err
}
