package reviewlane

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// LocalSource is a change in a local git checkout: the diff base...head.
type LocalSource struct {
	// Dir is the checkout (the working directory when empty).
	Dir  string
	Base string
	Head string
}

// BuildLocal builds lanes for base...head in a local checkout. Both refs are resolved to
// commit SHAs first and the diff is taken between those SHAs, so the refs moving later does
// not change what was reviewed. The contract is read from the base commit unless
// o.ContractFile names a local file.
func BuildLocal(ctx context.Context, src LocalSource, o BuildOptions) (*Built, error) {
	base, err := src.resolve(ctx, src.Base)
	if err != nil {
		return nil, err
	}
	head, err := src.resolve(ctx, src.Head)
	if err != nil {
		return nil, err
	}
	contract, err := src.contract(ctx, base, o)
	if err != nil {
		return nil, err
	}
	author, err := src.author(ctx, base, head)
	if err != nil {
		return nil, err
	}
	m := material{
		subject:  subject{ID: "git:" + base + "..." + head, BaseSHA: base, HeadSHA: head},
		contract: contract, author: author,
		diff: func(ctx context.Context, w io.Writer) error {
			return src.git(ctx, w, "diff", "--no-color", "--no-ext-diff", base+"..."+head)
		},
		atBase: func(ctx context.Context, path string) ([]byte, bool, error) { return src.fileAt(ctx, base, path) },
	}
	return materialize(ctx, m, o)
}

// Head re-reads the head ref, for the check made just before dispatch.
func (s LocalSource) CurrentHead(ctx context.Context) (string, error) { return s.resolve(ctx, s.Head) }

func (s LocalSource) resolve(ctx context.Context, ref string) (string, error) {
	out, err := s.output(ctx, "rev-parse", "--verify", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("resolve %q: %w", ref, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func (s LocalSource) contract(ctx context.Context, base string, o BuildOptions) (contractText, error) {
	if o.ContractFile != "" {
		b, err := os.ReadFile(o.ContractFile)
		if err != nil {
			return contractText{}, fmt.Errorf("read contract: %w", err)
		}
		return contractText{text: b, source: "file:" + o.ContractFile}, nil
	}
	if o.ContractPath == "" {
		return defaultContractText(), nil
	}
	b, found, err := s.fileAt(ctx, base, o.ContractPath)
	switch {
	case err != nil:
		return contractText{}, fmt.Errorf("read contract: %w", err)
	case !found:
		return defaultContractText(), nil // absent at the base: the documented default applies
	}
	return contractText{text: b, source: o.ContractPath + "@" + base}, nil
}

// fileAt reads path at commit; found is false when it does not exist there.
func (s LocalSource) fileAt(ctx context.Context, commit, path string) ([]byte, bool, error) {
	spec := commit + ":" + path
	if _, err := s.output(ctx, "cat-file", "-e", spec); err != nil {
		return nil, false, nil
	}
	b, err := s.output(ctx, "cat-file", "blob", spec)
	if err != nil {
		return nil, false, fmt.Errorf("read %s: %w", spec, err)
	}
	return b, true, nil
}

func (s LocalSource) author(ctx context.Context, base, head string) (authorFacts, error) {
	who, err := s.output(ctx, "log", "-1", "--format=%an%x00%ae", head)
	if err != nil {
		return authorFacts{}, fmt.Errorf("read head author: %w", err)
	}
	name, email, _ := strings.Cut(strings.TrimSpace(string(who)), "\x00")
	msgs, err := s.output(ctx, "log", "--format=%B%x1e", base+".."+head)
	if err != nil {
		return authorFacts{}, fmt.Errorf("read commit messages: %w", err)
	}
	return authorFacts{Name: name, Email: email, Messages: strings.Split(string(msgs), "\x1e")}, nil
}

func (s LocalSource) output(ctx context.Context, args ...string) ([]byte, error) {
	var out bytes.Buffer
	err := s.git(ctx, &out, args...)
	return out.Bytes(), err
}

// git runs git with stdout streamed to w; no shell is involved.
func (s LocalSource) git(ctx context.Context, w io.Writer, args ...string) error {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "git", append([]string{"-c", "core.quotepath=off"}, args...)...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = s.Dir, w, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return fmt.Errorf("git %s: %s", args[0], strings.TrimSpace(stderr.String()))
		}
		return fmt.Errorf("git %s: %w", args[0], err)
	}
	return nil
}
