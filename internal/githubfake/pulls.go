package githubfake

import (
	"strings"
)

// PullSpec seeds a pull request with AddPull.
type PullSpec struct {
	Number           int // 0: the next free number
	Title, Body      string
	Author           string
	BaseRef, BaseSHA string
	HeadRef, HeadSHA string
	Diff             string     // unified diff served for Accept: application/vnd.github.diff
	Files            []PullFile // nil: derived from Diff
	Draft            bool
	HeadRepoFork     bool // head branch lives in the author's fork
	// Commits are the pull request's commits, oldest first, served by GET /pulls/{n}/commits;
	// the last one is the head (its SHA defaults to HeadSHA). nil: one commit at HeadSHA
	// whose message is the title.
	Commits []CommitSpec
}

// PullFile is one entry of GET /pulls/{n}/files.
type PullFile struct {
	Filename, PreviousFilename string
	Status                     string // added, removed, modified, renamed
	Additions, Deletions       int
	Patch                      string
}

// AddPull seeds a pull request (sharing the issue numbering) and returns its number. The
// head and base branch names resolve to their SHAs for check runs.
func (f *Fake) AddPull(repo string, spec PullSpec) int {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	if spec.Files == nil {
		spec.Files = filesFromDiff(spec.Diff)
	}
	is := f.newIssue(r, f.claimNumber(r, spec.Number), spec.Title, spec.Body, f.userFor(spec.Author))
	is.pull = &pull{spec: spec, nodeID: nodeID(pfxPull, is.id), diffs: map[string]string{}}
	f.seedCommits(is)
	is.pull.diffs[is.pull.spec.HeadSHA] = spec.Diff
	f.st.nodes[is.pull.nodeID] = is
	delete(f.st.nodes, is.nodeID)
	is.nodeID = is.pull.nodeID
	r.refs[spec.BaseRef] = spec.BaseSHA
	if !spec.HeadRepoFork {
		r.refs[spec.HeadRef] = is.pull.spec.HeadSHA
	}
	return is.number
}

// MovePullHead records a new head commit on pull request n, as a push would; diff, if not
// empty, replaces the served diff (and files). The push adds one commit by the pull
// request's author to its commits.
func (f *Fake) MovePullHead(repo string, n int, newSHA, diff string) {
	f.t.Helper()
	f.push("MovePullHead", repo, n, diff, func(p *pull) []CommitSpec {
		return []CommitSpec{{SHA: newSHA, Message: "Update " + p.spec.HeadRef}}
	})
}

// PushPullCommits adds commits (oldest first) to pull request n, as a push would: the last
// becomes the head. diff, if not empty, replaces the served diff (and files).
func (f *Fake) PushPullCommits(repo string, n int, diff string, commits ...CommitSpec) {
	f.t.Helper()
	if len(commits) == 0 {
		f.t.Fatalf("githubfake: PushPullCommits: no commits")
	}
	f.push("PushPullCommits", repo, n, diff, func(*pull) []CommitSpec { return commits })
}

func (f *Fake) push(caller, repo string, n int, diff string, commits func(*pull) []CommitSpec) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	r := f.mustRepo(repo)
	is := r.issues[n]
	if is == nil || is.pull == nil {
		f.t.Fatalf("githubfake: %s: %s has no pull request %d", caller, repo, n)
	}
	f.appendCommits(is, commits(is.pull))
	newSHA := is.pull.commits[len(is.pull.commits)-1].SHA
	is.pull.spec.HeadSHA = newSHA
	if diff != "" {
		is.pull.spec.Diff, is.pull.spec.Files = diff, filesFromDiff(diff)
	}
	is.pull.diffs[newSHA] = is.pull.spec.Diff
	if !is.pull.spec.HeadRepoFork {
		r.refs[is.pull.spec.HeadRef] = newSHA
	}
	is.updatedAt = f.clock()
}

// filesFromDiff derives the files list from a git unified diff.
func filesFromDiff(diff string) []PullFile {
	var files []PullFile
	for _, block := range strings.Split(diff, "diff --git ")[1:] {
		lines := strings.Split(block, "\n")
		pf := PullFile{Status: "modified"}
		if _, b, ok := strings.Cut(lines[0], " b/"); ok {
			pf.Filename = b
		}
		inHunk := false
		var patch []string
		for _, l := range lines[1:] {
			switch {
			case inHunk:
				patch = append(patch, l)
				if strings.HasPrefix(l, "+") {
					pf.Additions++
				} else if strings.HasPrefix(l, "-") {
					pf.Deletions++
				}
			case strings.HasPrefix(l, "@@"):
				inHunk = true
				patch = append(patch, l)
			case strings.HasPrefix(l, "new file mode"):
				pf.Status = "added"
			case strings.HasPrefix(l, "deleted file mode"):
				pf.Status = "removed"
			case strings.HasPrefix(l, "rename from "):
				pf.Status, pf.PreviousFilename = "renamed", strings.TrimPrefix(l, "rename from ")
			}
		}
		pf.Patch = strings.TrimRight(strings.Join(patch, "\n"), "\n")
		files = append(files, pf)
	}
	return files
}
