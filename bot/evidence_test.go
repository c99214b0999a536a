package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/internal/githubfake"
)

const (
	treeCalls = "GET /repos/{owner}/{repo}/git/trees/{tree_sha}"
	blobCalls = "GET /repos/{owner}/{repo}/git/blobs/{file_sha}"
)

// A search on the App reads the pinned commit's tree once and then its files one blob request
// each, never more than the budget: over it, the answer says how many files it left unread and
// does not say "no match"; files over the size cap and binary ones are not matched; a search in
// one file costs one blob request.
func TestAPISearchIsBoundedAndSaysWhatItLeftUnread(t *testing.T) {
	f, g := newTestGitHub(t)
	files := map[string]string{
		"docs/big.md":    strings.Repeat("needle\n", evidence.MaxSearchFile/7+1),
		"docs/logo.png":  "\x89PNG\x00needle\n",
		"src/needle.go":  "needle outside the scope\n",
		"docs/zz-end.md": "the needle, last in path order\n",
	}
	for i := range 45 {
		files[fmt.Sprintf("docs/%02d.md", i)] = "nothing\n"
	}
	files["docs/03.md"] = "one needle here\n"
	commit := f.PushCommit(testRepo, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "docs"}, Files: files})
	p := apiProber{g: g, repo: Repo{Owner: testOwner, Name: testRepoName}, commit: commit}
	ctx := context.Background()

	r := evidence.Answer(ctx, p, `search "needle" in docs`)
	if r.Refused != "" || r.Failed != "" {
		t.Fatalf("%+v", r)
	}
	for _, want := range []string{"docs/03.md:1:one needle here\n", "searched 40 of 48 file(s) under docs", "7 not read: a search reads at most 40 files",
		"1 skipped for being over 256 KiB", "narrow the path to search the rest"} {
		if !strings.Contains(r.Output, want) {
			t.Errorf("the answer lacks %q:\n%s", want, r.Output)
		}
	}
	if strings.Contains(r.Output, "logo.png") || strings.Contains(r.Output, "src/") || strings.Contains(r.Output, "zz-end") {
		t.Errorf("a binary file, a file outside the scope or one past the budget matched:\n%s", r.Output)
	}
	if n, b := len(f.CallsTo(treeCalls)), len(f.CallsTo(blobCalls)); n != 1 || b != evidence.DefaultSearchBudget {
		t.Errorf("%d tree and %d blob requests, want 1 and %d", n, b, evidence.DefaultSearchBudget)
	}

	r = evidence.Answer(ctx, p, `search "needle" in docs/zz-end.md`)
	if r.Output != "docs/zz-end.md:1:the needle, last in path order\n" || len(f.CallsTo(blobCalls)) != evidence.DefaultSearchBudget+1 {
		t.Errorf("one file: %+v, %d blob requests", r, len(f.CallsTo(blobCalls)))
	}
	if r = evidence.Answer(ctx, p, `search "absent" in src`); r.Output != "no match" {
		t.Errorf("a complete search with nothing found: %+v", r)
	}
}

// A tree GitHub cut is searched as far as it goes, and the answer says the listing was cut.
func TestAPISearchOnACutTreeSaysSo(t *testing.T) {
	f, g := newTestGitHub(t)
	f.AddRepo(testOwner, "huge", githubfake.RepoOptions{TreeLimit: 2})
	commit := f.PushCommit(testOwner+"/huge", "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "many"},
		Files: map[string]string{"a.txt": "x\n", "b.txt": "x\n", "c.txt": "needle\n"}})
	p := apiProber{g: g, repo: Repo{Owner: testOwner, Name: "huge"}, commit: commit}
	r := evidence.Answer(context.Background(), p, `search "needle"`)
	if !strings.Contains(r.Output, "no match in the files read") || !strings.Contains(r.Output, "GitHub listed only part of the tree") {
		t.Errorf("%+v", r)
	}
}

// The App pins a file by the blob SHA the contents API gives at the pinned commit, the same
// the tree lists; a directory or a missing file is refused.
func TestAPIBlobPinsAFileAtTheCommit(t *testing.T) {
	f, g := newTestGitHub(t)
	first := f.PushCommit(testRepo, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "one"},
		Files: map[string]string{"billing/retry.go": "v1\n"}})
	f.PushCommit(testRepo, "main", githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "two"},
		Files: map[string]string{"billing/retry.go": "v2\n"}})
	var pin evidence.Pinner = apiProber{g: g, repo: Repo{Owner: testOwner, Name: testRepoName}, commit: first}
	ctx := context.Background()
	sha, err := pin.Blob(ctx, "billing/retry.go")
	tree, _, terr := g.REST.Git.GetTree(ctx, testOwner, testRepoName, first, true)
	if err != nil || terr != nil {
		t.Fatal(err, terr)
	}
	for _, e := range tree.Entries {
		if e.GetPath() == "billing/retry.go" && e.GetSHA() != sha {
			t.Errorf("pinned %s, the tree at the commit lists %s", sha, e.GetSHA())
		}
	}
	for _, p := range []string{"billing", "billing/missing.go", "../etc/passwd"} {
		var ref *evidence.Refusal
		if _, err := pin.Blob(ctx, p); !errors.As(err, &ref) {
			t.Errorf("%s: %v, want a refusal", p, err)
		}
	}
}
