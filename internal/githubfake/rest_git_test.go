package githubfake_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/gittest"
)

// gitTreeOf commits files with the git program and returns its root tree's SHA and each
// file's blob SHA, as git itself computes them.
func gitTreeOf(t *testing.T, files map[string]string) (string, map[string]string) {
	t.Helper()
	r, _ := gittest.Commit(t, files, "x")
	blobs := map[string]string{}
	for p := range files {
		blobs[p] = r.Git("rev-parse", "HEAD:"+p)
	}
	return r.Git("rev-parse", "HEAD^{tree}"), blobs
}

// The git database API reads a commit's snapshot: a tree by a commit SHA (its root), a branch
// or a tree SHA, one level or recursive, with git's own tree and blob SHAs (so the contents
// API's sha and the tree's agree); a blob by its SHA, base64; 404 for what is not there; a
// listing over the repository's TreeLimit is cut and says truncated.
func TestGitTreesAndBlobs(t *testing.T) {
	w := newWorld(t)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	v1 := map[string]string{"billing/retry.go": "const MaxRetries = 5\n", "billing/a-b/x.txt": "x\n", "billing.md": "top\n", "README.md": "r\n"}
	first := w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "one"}, Files: v1})
	w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "two"},
		Files: map[string]string{"billing/retry.go": "const MaxRetries = 7\n", "later.txt": "later\n"}})
	wantTree, wantBlobs := gitTreeOf(t, v1)

	tree, _, err := gh.Git.GetTree(ctx, "acme", "widgets", first, true)
	if err != nil {
		t.Fatal(err)
	}
	if tree.GetSHA() != wantTree || tree.GetTruncated() {
		t.Errorf("the tree at the first commit: sha %s truncated %v, want git's %s", tree.GetSHA(), tree.GetTruncated(), wantTree)
	}
	got := map[string]*github.TreeEntry{}
	var paths []string
	for _, e := range tree.Entries {
		got[e.GetPath()] = e
		paths = append(paths, e.GetPath())
	}
	if strings.Join(paths, " ") != "README.md billing.md billing billing/a-b billing/a-b/x.txt billing/retry.go" {
		t.Errorf("entries in git's order: %v", paths)
	}
	for p, sha := range wantBlobs {
		if e := got[p]; e == nil || e.GetSHA() != sha || e.GetType() != "blob" || e.GetMode() != "100644" || e.GetSize() != len(v1[p]) {
			t.Errorf("%s: %+v, want blob %s", p, e, sha)
		}
	}
	if e := got["billing"]; e == nil || e.GetType() != "tree" || e.GetMode() != "040000" {
		t.Errorf("billing: %+v", e)
	}
	if got["later.txt"] != nil {
		t.Error("the tree at the first commit lists a file pushed after it")
	}
	fc, _, _, err := gh.Repositories.GetContents(ctx, "acme", "widgets", "billing/retry.go", &github.RepositoryContentGetOptions{Ref: first})
	if err != nil || fc.GetSHA() != wantBlobs["billing/retry.go"] {
		t.Errorf("the contents API's sha %q disagrees with the tree's %q (%v)", fc.GetSHA(), wantBlobs["billing/retry.go"], err)
	}

	// One level, and a subtree by its SHA.
	top, _, err := gh.Git.GetTree(ctx, "acme", "widgets", first, false)
	if err != nil || len(top.Entries) != 3 {
		t.Errorf("one level: %v %+v", err, top)
	}
	sub, _, err := gh.Git.GetTree(ctx, "acme", "widgets", got["billing"].GetSHA(), true)
	if err != nil || len(sub.Entries) != 3 || sub.Entries[2].GetPath() != "retry.go" {
		t.Errorf("the billing subtree: %v %+v", err, sub)
	}
	head, _, err := gh.Git.GetTree(ctx, "acme", "widgets", "main", true)
	if err != nil || head.GetSHA() == wantTree {
		t.Errorf("main's tree should be the second commit's: %v %+v", err, head)
	}
	if _, _, err := gh.Git.GetTree(ctx, "acme", "widgets", strings.Repeat("0", 40), true); !isStatus(err, 404) {
		t.Errorf("an unknown tree: %v, want 404", err)
	}

	blob, _, err := gh.Git.GetBlob(ctx, "acme", "widgets", wantBlobs["billing/retry.go"])
	if err != nil || blob.GetEncoding() != "base64" || blob.GetSize() != len(v1["billing/retry.go"]) {
		t.Fatalf("blob: %v %+v", err, blob)
	}
	if raw, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(blob.GetContent(), "\n", "")); err != nil || string(raw) != v1["billing/retry.go"] {
		t.Errorf("blob content %q (%v)", raw, err)
	}
	if _, _, err := gh.Git.GetBlob(ctx, "acme", "widgets", strings.Repeat("1", 40)); !isStatus(err, 404) {
		t.Errorf("an unknown blob: %v, want 404", err)
	}

	w.AddRepo("acme", "huge", githubfake.RepoOptions{TreeLimit: 2})
	w.PushCommit("acme/huge", "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "many"},
		Files: map[string]string{"a": "1\n", "b": "2\n", "c": "3\n"}})
	cut, _, err := gh.Git.GetTree(ctx, "acme", "huge", "main", true)
	if err != nil || !cut.GetTruncated() || len(cut.Entries) != 2 {
		t.Errorf("over the limit: %v %+v", err, cut)
	}
}

// BeforeCall changes the fake before the call it names is answered; AfterCall once it is
// answered but before the client reads the answer: each runs once.
func TestCallHooks(t *testing.T) {
	w := newWorld(t)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "one"}, Files: map[string]string{"a": "1\n"}})
	push := func(p string) func() {
		return func() {
			w.PushCommit(repoName, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: p}, Files: map[string]string{p: "x\n"}})
		}
	}
	w.BeforeCall("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", push("before"))
	w.AfterCall("GET /repos/{owner}/{repo}/git/trees/{tree_sha}", push("after"))
	count := func() int {
		tr, _, err := gh.Git.GetTree(ctx, "acme", "widgets", "main", true)
		if err != nil {
			t.Fatal(err)
		}
		return len(tr.Entries)
	}
	if n := count(); n != 2 {
		t.Errorf("first tree: %d entries, want a and before", n)
	}
	if n := count(); n != 3 {
		t.Errorf("second tree: %d entries, want after too", n)
	}
	if n := count(); n != 3 {
		t.Errorf("third tree: %d entries; the hooks ran again", n)
	}
}
