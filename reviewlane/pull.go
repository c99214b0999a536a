package reviewlane

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrDraft is returned for a draft pull request when review.drafts is off.
var ErrDraft = errors.New("pull request is a draft and review.drafts is off")

// PullOptions adds what only pull requests need to BuildOptions.
type PullOptions struct {
	// HeadSHA is the head from the triggering event; "" reads it from the API now.
	HeadSHA string
	// Drafts is review.drafts: when false a draft is not reviewed.
	Drafts bool
}

// BuildFromPR builds lanes for a pull request. The head is pinned to the event's SHA (or the
// API's at start); the diff comes from the API and the contract from the base commit, so a
// pull request cannot rewrite its own contract. If the head moves while building, the lanes
// are still written, and Dispatch finds them stale before any call: a diff is reviewed only
// when the head still equals the pinned SHA after the diff was fetched.
func BuildFromPR(ctx context.Context, gh pullReader, repo string, number int, po PullOptions, o BuildOptions) (*Built, error) {
	pr, err := gh.Pull(ctx, repo, number)
	if err != nil {
		return nil, fmt.Errorf("build lanes: %w", err)
	}
	if pr.Draft && !po.Drafts {
		return nil, fmt.Errorf("build lanes for %s#%d: %w", repo, number, ErrDraft)
	}
	head := po.HeadSHA
	if head == "" {
		head = pr.HeadSHA
	}
	contract, err := pullContract(ctx, gh, pr, o)
	if err != nil {
		return nil, fmt.Errorf("build lanes: %w", err)
	}
	facts := authorFacts{Login: pr.AuthorLogin}
	if len(o.CoauthorFamilies) > 0 {
		// Only worth a listing when some co-author could map to a model family.
		if facts.Messages, err = gh.CommitMessages(ctx, repo, number); err != nil {
			return nil, fmt.Errorf("build lanes: %w", err)
		}
	}
	m := material{
		subject: subject{ID: fmt.Sprintf("%s#%d", repo, number), Repository: repo, PRNumber: number,
			BaseSHA: pr.BaseSHA, HeadSHA: head},
		contract: contract, author: facts,
		diff: func(ctx context.Context, w io.Writer) error { return gh.PullDiff(ctx, repo, number, w) },
		atBase: func(ctx context.Context, path string) ([]byte, bool, error) {
			return gh.FileAt(ctx, repo, pr.BaseSHA, path)
		},
	}
	return materialize(ctx, m, o)
}

func pullContract(ctx context.Context, gh pullReader, pr pullInfo, o BuildOptions) (contractText, error) {
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
	b, found, err := gh.FileAt(ctx, pr.Repository, pr.BaseSHA, o.ContractPath)
	if err != nil {
		return contractText{}, err
	}
	if !found {
		return defaultContractText(), nil
	}
	return contractText{text: b, source: o.ContractPath + "@" + pr.BaseSHA}, nil
}
