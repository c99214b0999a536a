package githubfake

import (
	"maps"
	"slices"
	"strings"
)

// BranchCommit is one commit pushed onto a branch with PushCommit.
type BranchCommit struct {
	// SHA, Message and AuthorLogin are as a pull request's commit has them ("" SHA: derived
	// from the branch, message and files; "" author: the repository's owner).
	CommitSpec
	// Files are the paths the commit writes (content "" deletes the path).
	Files map[string]string
}

// branchCommit is a pushed commit as the commits API lists it.
type branchCommit struct {
	pullCommit
	files map[string]string
}

// PushCommit records c on top of branch in repo, as a push would: the branch's files take
// c's changes, the contents API answers for c's SHA with the tree as it stood then, the
// commits API lists c (newest first) for the paths it touched, and the branch's head is c.
// It returns the commit's SHA.
func (f *Fake) PushCommit(repo, branch string, c BranchCommit) string {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	if r.files[branch] == nil {
		r.files[branch] = map[string]string{}
	}
	for p, content := range c.Files {
		p = strings.TrimPrefix(p, "/")
		if content == "" {
			delete(r.files[branch], p)
		} else {
			r.files[branch][p] = content
		}
	}
	if c.SHA == "" {
		c.SHA = gitBlobSHA(branch + "\x00" + c.Message + "\x00" + strings.Join(slices.Sorted(maps.Keys(c.Files)), "\x00") + "\x00" + r.refs[branch])
	}
	if c.AuthorLogin == "" {
		c.AuthorLogin = r.owner.login
	}
	if r.history == nil {
		r.history = map[string][]branchCommit{}
	}
	r.history[branch] = append(r.history[branch], branchCommit{pullCommit: pullCommit{CommitSpec: c.CommitSpec, parent: r.head(branch), at: f.clock()}, files: c.Files})
	r.files[c.SHA] = maps.Clone(r.files[branch])
	r.refs[branch] = c.SHA
	return c.SHA
}

// head is a branch's head SHA: the last pushed (or pull-request) commit, or, for a branch
// nothing was pushed to, one derived from its name, as stable as a real head between pushes.
func (r *repo) head(branch string) string {
	if sha, ok := r.refs[branch]; ok {
		return sha
	}
	return gitBlobSHA("head of " + r.fullName() + " " + branch)
}

// resolve names the stored tree of ref — a branch, or a commit SHA (a pushed commit's own,
// or a branch's head) — and the branch whose history it is on; ok is false for a ref the
// repository does not have.
func (r *repo) resolve(ref string) (tree, branch string, ok bool) {
	if ref == "" {
		ref = r.opts.DefaultBranch
	}
	for b := range r.history {
		for _, c := range r.history[b] {
			if c.SHA == ref {
				return ref, b, true
			}
		}
	}
	if _, isBranch := r.files[ref]; isBranch || ref == r.opts.DefaultBranch {
		return ref, ref, true
	}
	for b := range r.files {
		if r.head(b) == ref {
			return b, b, true
		}
	}
	if r.head(r.opts.DefaultBranch) == ref {
		return r.opts.DefaultBranch, r.opts.DefaultBranch, true
	}
	return "", "", false
}

// commitsUpTo are branch's commits up to and including sha (its head when sha is the branch
// or its head), newest first.
func (r *repo) commitsUpTo(branch, sha string) []branchCommit {
	h := r.history[branch]
	end := len(h)
	for i, c := range h {
		if c.SHA == sha {
			end = i + 1
		}
	}
	out := make([]branchCommit, 0, end)
	for i := end - 1; i >= 0; i-- {
		out = append(out, h[i])
	}
	return out
}

// touches says whether the commit wrote p or anything under it.
func (c branchCommit) touches(p string) bool {
	if p == "" {
		return true
	}
	for f := range c.files {
		if f == p || strings.HasPrefix(f, p+"/") {
			return true
		}
	}
	return false
}
