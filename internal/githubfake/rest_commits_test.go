package githubfake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/internal/githubfake"
)

// Pushed commits are read back as GitHub serves them: the contents API at a commit's SHA
// shows the tree as it stood then (a later push changes only the branch), base64 files up to
// 1 MB and "none" above, the root and subdirectories as listings, 404 for a missing path; the
// commits API lists, newest first, only the commits up to a SHA that touched a path; a
// branch's head resolves to the last push.
func TestPushedCommitsThroughContentsAndCommits(t *testing.T) {
	w := newWorld(t)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	first := w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "add retry\n\nwhy"},
		Files: map[string]string{"billing/retry.go": "v1\n", "big.bin": strings.Repeat("x", 1<<20+1)}})
	second := w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "docs"},
		Files: map[string]string{"billing/README.md": "r\n"}})
	third := w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "retry v2"},
		Files: map[string]string{"billing/retry.go": "v2\n"}})

	get := func(path, ref string) (*github.RepositoryContent, []*github.RepositoryContent, error) {
		fc, dir, _, err := gh.Repositories.GetContents(ctx, "acme", "widgets", path, &github.RepositoryContentGetOptions{Ref: ref})
		return fc, dir, err
	}
	fc, _, err := get("billing/retry.go", second)
	if text, _ := fc.GetContent(); err != nil || text != "v1\n" || fc.GetEncoding() != "base64" {
		t.Errorf("retry.go at the second commit: %v %q %q", err, text, fc.GetEncoding())
	}
	if fc, _, err = get("billing/retry.go", "main"); err != nil {
		t.Fatal(err)
	} else if text, _ := fc.GetContent(); text != "v2\n" {
		t.Errorf("retry.go on main: %q", text)
	}
	if fc, _, err = get("big.bin", first); err != nil || fc.GetEncoding() != "none" || fc.Content != nil && *fc.Content != "" || fc.GetSize() != 1<<20+1 {
		t.Errorf("a file over 1 MB: %v %+v", err, fc)
	}
	if _, _, err = get("billing/missing.go", third); !isStatus(err, 404) {
		t.Errorf("a missing path: %v, want 404", err)
	}
	_, root, err := get("", first)
	if err != nil || len(root) != 2 || root[0].GetName() != "big.bin" || root[1].GetName() != "billing" || root[1].GetType() != "dir" {
		t.Errorf("the root at the first commit: %v %+v", err, root)
	}
	_, dir, err := get("billing", first)
	if err != nil || len(dir) != 1 || dir[0].GetPath() != "billing/retry.go" {
		t.Errorf("billing/ at the first commit (before the README): %v %+v", err, dir)
	}

	log, _, err := gh.Repositories.ListCommits(ctx, "acme", "widgets", &github.CommitsListOptions{SHA: second, Path: "billing/retry.go"})
	if err != nil || len(log) != 1 || log[0].GetSHA() != first || log[0].GetCommit().GetMessage() != "add retry\n\nwhy" {
		t.Errorf("log of retry.go up to the second commit: %v %+v", err, log)
	}
	log, _, err = gh.Repositories.ListCommits(ctx, "acme", "widgets", &github.CommitsListOptions{SHA: "main", Path: "billing"})
	if err != nil || len(log) != 3 || log[0].GetSHA() != third || log[2].GetSHA() != first {
		t.Errorf("log of billing/ on main: %v %d", err, len(log))
	}
	if _, _, err = gh.Repositories.ListCommits(ctx, "acme", "widgets", &github.CommitsListOptions{SHA: "0123456789abcdef0123456789abcdef01234567"}); !isStatus(err, 404) {
		t.Errorf("an unknown sha: %v, want 404", err)
	}
	if sha, _, err := gh.Repositories.GetCommitSHA1(ctx, "acme", "widgets", "main", ""); err != nil || sha != third {
		t.Errorf("main's head: %v %q, want %q", err, sha, third)
	}
}

func isStatus(err error, code int) bool {
	var er *github.ErrorResponse
	return errors.As(err, &er) && er.Response.StatusCode == code
}
