package githubfake

import (
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// maxTreeEntries is how many entries GitHub lists in a recursive tree before it sets
// truncated.
const maxTreeEntries = 100_000

// gitTree is one directory of a stored file snapshot, with git's real tree SHA.
type gitTree struct {
	sha     string
	entries []treeEntry // sorted as git sorts a tree
}

type treeEntry struct {
	name, sha string
	dir       bool
	size      int
}

// gitTrees builds every directory of files ("" is the root) as git would store it, so a tree's
// SHA is the one git computes from its entries and a blob's is sha1("blob <len>\0"+content).
func gitTrees(files map[string]string) map[string]gitTree {
	children := map[string]map[string]treeEntry{"": {}}
	for p, content := range files {
		parts := strings.Split(p, "/")
		for i := range parts {
			dir := strings.Join(parts[:i], "/")
			if children[dir] == nil {
				children[dir] = map[string]treeEntry{}
			}
			if i == len(parts)-1 {
				children[dir][parts[i]] = treeEntry{name: parts[i], sha: gitBlobSHA(content), size: len(content)}
			} else {
				children[dir][parts[i]] = treeEntry{name: parts[i], dir: true}
			}
		}
	}
	out := map[string]gitTree{}
	var build func(dir string) string
	build = func(dir string) string {
		var es []treeEntry
		for _, e := range children[dir] {
			if e.dir {
				e.sha = build(strings.TrimPrefix(dir+"/"+e.name, "/"))
			}
			es = append(es, e)
		}
		// git orders a tree's entries by name, a subtree's name as if it ended in "/".
		key := func(e treeEntry) string {
			if e.dir {
				return e.name + "/"
			}
			return e.name
		}
		sort.Slice(es, func(i, j int) bool { return key(es[i]) < key(es[j]) })
		var body strings.Builder
		for _, e := range es {
			mode := "100644"
			if e.dir {
				mode = "40000"
			}
			raw, _ := hex.DecodeString(e.sha)
			body.WriteString(mode + " " + e.name + "\x00" + string(raw))
		}
		h := sha1.Sum([]byte("tree " + strconv.Itoa(body.Len()) + "\x00" + body.String()))
		t := gitTree{sha: hex.EncodeToString(h[:]), entries: es}
		out[dir] = t
		return t.sha
	}
	build("")
	return out
}

// getTree serves GET /git/trees/{tree_sha}: a tree SHA, or a commit SHA or branch (its root
// tree), as GitHub resolves one; with ?recursive (any value) every entry below it, cut to
// TreeLimit with truncated set.
func (f *Fake) getTree(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	want := rq.params["tree_sha"]
	var trees map[string]gitTree
	dir, found := "", false
	if ref, _, ok := r.resolve(want); ok {
		trees, found = gitTrees(r.files[ref]), true
	} else {
		for _, files := range r.files {
			for d, t := range gitTrees(files) {
				if t.sha == want {
					trees, dir, found = gitTrees(files), d, true
				}
			}
		}
	}
	if !found {
		notFound(w)
		return
	}
	_, recursive := rq.URL.Query()["recursive"]
	limit := r.opts.TreeLimit
	if limit <= 0 {
		limit = maxTreeEntries
	}
	var entries []obj
	truncated := false
	var walk func(d, prefix string)
	walk = func(d, prefix string) {
		for _, e := range trees[d].entries {
			if len(entries) == limit {
				truncated = true
				return
			}
			full := strings.TrimPrefix(d+"/"+e.name, "/")
			entry := obj{"path": prefix + e.name, "mode": "100644", "type": "blob", "sha": e.sha, "size": e.size,
				"url": f.repoURL(r) + "/git/blobs/" + e.sha}
			if e.dir {
				entry = obj{"path": prefix + e.name, "mode": "040000", "type": "tree", "sha": e.sha,
					"url": f.repoURL(r) + "/git/trees/" + e.sha}
			}
			entries = append(entries, entry)
			if e.dir && recursive {
				walk(full, prefix+e.name+"/")
			}
		}
	}
	walk(dir, "")
	if entries == nil {
		entries = []obj{}
	}
	sha := trees[dir].sha
	writeJSON(w, http.StatusOK, obj{"sha": sha, "url": f.repoURL(r) + "/git/trees/" + sha, "tree": entries, "truncated": truncated})
}

// getBlob serves GET /git/blobs/{file_sha}: any file content stored for the repository, by
// its git blob SHA, base64 encoded.
func (f *Fake) getBlob(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	want := rq.params["file_sha"]
	for _, files := range r.files {
		for _, content := range files {
			if gitBlobSHA(content) == want {
				writeJSON(w, http.StatusOK, obj{"sha": want, "node_id": "B_" + want[:12], "size": len(content),
					"url": f.repoURL(r) + "/git/blobs/" + want, "encoding": "base64",
					"content": wrap60(base64.StdEncoding.EncodeToString([]byte(content)))})
				return
			}
		}
	}
	notFound(w)
}
