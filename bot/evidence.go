package bot

import (
	"context"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/engine/evidence"
)

// apiProber answers a standing-team seat's evidence requests on the App, which has no
// checkout: it reads the repository at the session's pinned commit through GitHub's REST API
// (the installation's client), under the same limits as git on a checkout. read and list use
// the contents API at ?ref=COMMIT, log the commits API from COMMIT filtered by path, search the
// commit's recursive tree and then its files' blobs one request each, at most
// evidence.DefaultSearchBudget of them (see search). It pins a memory item's file by the
// contents API's blob SHA at the commit.
type apiProber struct {
	g      *gitHub
	repo   Repo
	commit string
	// Timeout and MaxBytes bound one probe (zero: evidence.DefaultTimeout and
	// evidence.DefaultMaxBytes).
	Timeout  time.Duration
	MaxBytes int
}

// maxAPIFile is the largest file the contents API returns with its content.
const maxAPIFile = 1 << 20

// evidenceOpener is the App's evidence.Opener: a source on GitHub is read through the API, a
// local checkout (the Action's workspace) through git.
func (d *Deps) evidenceOpener() evidence.Opener {
	return func(src evidence.Source) evidence.Prober {
		owner, name, ok := strings.Cut(src.Repo, "/")
		if src.Dir != "" || !ok || d.GitHub == nil {
			return evidence.Local(src)
		}
		return apiProber{g: d.GitHub, repo: Repo{Owner: owner, Name: name}, commit: src.Commit}
	}
}

// Probe runs one request at the pinned commit.
func (p apiProber) Probe(ctx context.Context, r evidence.Request) (string, bool, error) {
	if p.commit == "" {
		return "", false, evidence.Refuse("no commit is pinned for this session, so nothing can be looked up")
	}
	if r.Path != "" {
		clean, err := evidence.Clean(r.Path)
		if err != nil {
			return "", false, err
		}
		r.Path = clean
	}
	return evidence.Bounded(ctx, p.Timeout, p.MaxBytes, func(ctx context.Context) (string, bool, error) {
		switch r.Op {
		case evidence.OpRead:
			text, err := p.read(ctx, r)
			return text, false, err
		case evidence.OpList:
			text, err := p.list(ctx, r)
			return text, false, err
		case evidence.OpLog:
			text, err := p.log(ctx, r)
			return text, false, err
		case evidence.OpSearch:
			return p.search(ctx, r)
		}
		return "", false, evidence.Refuse("%q is not an allowed probe", r.Op)
	})
}

// search answers a search without a checkout: GitHub's code search reads only the default
// branch's index, which may lag and need not be the pinned commit, so the search lists the
// commit's tree (one request) and reads the candidate files' blobs, each one request, within
// evidence.TreeSearch's bounds; the answer says what it left unread.
func (p apiProber) search(ctx context.Context, r evidence.Request) (string, bool, error) {
	tree, _, err := p.g.REST.Git.GetTree(ctx, p.repo.Owner, p.repo.Name, p.commit, true)
	if err != nil {
		return "", false, fmt.Errorf("list the tree at %s: %w", evidence.Short(p.commit), err)
	}
	s := evidence.TreeSearch{Truncated: tree.GetTruncated(), MaxBytes: p.MaxBytes, Read: p.blob}
	for _, e := range tree.Entries {
		if e.GetType() == "blob" {
			s.Files = append(s.Files, evidence.TreeFile{Path: e.GetPath(), Size: int64(e.GetSize()), SHA: e.GetSHA()})
		}
	}
	return s.Run(ctx, r)
}

// blob reads one file's content by its blob SHA.
func (p apiProber) blob(ctx context.Context, f evidence.TreeFile) (string, error) {
	b, _, err := p.g.REST.Git.GetBlob(ctx, p.repo.Owner, p.repo.Name, f.SHA)
	if err != nil {
		return "", err
	}
	if b.GetEncoding() != "base64" {
		return b.GetContent(), nil
	}
	raw, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(b.GetContent(), "\n", ""))
	if err != nil {
		return "", fmt.Errorf("decode the blob of %s: %w", f.Path, err)
	}
	return string(raw), nil
}

var _ evidence.Pinner = apiProber{}

// Blob is the blob SHA of a file at the pinned commit, as the contents API names it; it makes
// the App's prober an evidence.Pinner.
func (p apiProber) Blob(ctx context.Context, path string) (string, error) {
	clean, err := evidence.Clean(path)
	if err != nil {
		return "", err
	}
	if p.commit == "" {
		return "", evidence.Refuse("no commit is pinned for this session")
	}
	fc, _, found, err := p.contents(ctx, clean)
	switch {
	case err != nil:
		return "", err
	case !found || fc == nil || fc.GetType() != "file":
		return "", evidence.Refuse("%s is not a file at commit %s", clean, evidence.Short(p.commit))
	}
	return fc.GetSHA(), nil
}

func (p apiProber) contents(ctx context.Context, path string) (*github.RepositoryContent, []*github.RepositoryContent, bool, error) {
	fc, dir, _, err := p.g.REST.Repositories.GetContents(ctx, p.repo.Owner, p.repo.Name, path, &github.RepositoryContentGetOptions{Ref: p.commit})
	if isNotFound(err) {
		return nil, nil, false, nil
	}
	if err != nil {
		return nil, nil, false, fmt.Errorf("read %s at %s: %w", path, evidence.Short(p.commit), err)
	}
	return fc, dir, true, nil
}

func (p apiProber) read(ctx context.Context, r evidence.Request) (string, error) {
	fc, _, found, err := p.contents(ctx, r.Path)
	switch {
	case err != nil:
		return "", err
	case !found || fc == nil || fc.GetType() != "file":
		return "", evidence.Refuse("%s is not a file at commit %s", r.Path, evidence.Short(p.commit))
	case fc.GetSize() > maxAPIFile || fc.GetEncoding() == "none":
		return "", evidence.Refuse("%s is %d bytes; GitHub's contents API returns files up to 1 MB", r.Path, fc.GetSize())
	}
	text, err := fc.GetContent()
	if err != nil {
		return "", fmt.Errorf("decode %s: %w", r.Path, err)
	}
	return evidence.Lines(text, r)
}

func (p apiProber) list(ctx context.Context, r evidence.Request) (string, error) {
	_, dir, found, err := p.contents(ctx, r.Path)
	if err != nil {
		return "", err
	}
	if !found || len(dir) == 0 {
		return "", evidence.Refuse("%s is not a directory at commit %s", r.Path, evidence.Short(p.commit))
	}
	names := make([]string, 0, len(dir))
	for _, c := range dir {
		n := c.GetName()
		if c.GetType() == "dir" {
			n += "/"
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, "\n") + "\n", nil
}

func (p apiProber) log(ctx context.Context, r evidence.Request) (string, error) {
	commits, _, err := p.g.REST.Repositories.ListCommits(ctx, p.repo.Owner, p.repo.Name, &github.CommitsListOptions{
		SHA: p.commit, Path: r.Path, ListOptions: github.ListOptions{PerPage: 20}})
	if err != nil {
		return "", fmt.Errorf("the log of %s at %s: %w", r.Path, evidence.Short(p.commit), err)
	}
	if len(commits) == 0 {
		return "", evidence.Refuse("no commit up to %s touches %s", evidence.Short(p.commit), r.Path)
	}
	var b strings.Builder
	for _, c := range commits {
		subject, _, _ := strings.Cut(c.GetCommit().GetMessage(), "\n")
		fmt.Fprintf(&b, "%s %s %s\n", abbrev(c.GetSHA()), c.GetCommit().GetCommitter().GetDate().Format("2006-01-02"), subject)
	}
	return b.String(), nil
}

// pinCommit is the commit a new standing-team session on GitHub reads its evidence at: the
// default branch's head, resolved once, when the session is convened (the record names it).
func (d *Deps) pinCommit(ctx context.Context, repo Repo) (string, error) {
	r, _, err := d.GitHub.REST.Repositories.Get(ctx, repo.Owner, repo.Name)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", repo, err)
	}
	sha, _, err := d.GitHub.REST.Repositories.GetCommitSHA1(ctx, repo.Owner, repo.Name, r.GetDefaultBranch(), "")
	if err != nil {
		return "", fmt.Errorf("resolve the head of %s's default branch %s: %w", repo, r.GetDefaultBranch(), err)
	}
	return sha, nil
}

// abbrev is a commit's seven-character abbreviation, as git log's %h prints it.
func abbrev(sha string) string { return sha[:min(7, len(sha))] }

// evidenceSource is where a standing-team session's probes read: the Action's checkout at its
// HEAD (the commit actions/checkout fetched, GITHUB_SHA unless the workflow chose another
// ref, and the one whose objects are on disk), or, without one, the repository through the
// API at its default branch's head.
func (d *Deps) evidenceSource(ctx context.Context, repo Repo) (evidence.Source, error) {
	if d.Checkout != "" {
		if head, err := evidence.Head(ctx, d.Checkout); err == nil {
			return evidence.Source{Dir: d.Checkout, Commit: head}, nil
		}
	}
	sha, err := d.pinCommit(ctx, repo)
	if err != nil {
		return evidence.Source{}, err
	}
	return evidence.Source{Repo: repo.String(), Commit: sha}, nil
}
