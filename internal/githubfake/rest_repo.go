package githubfake

import (
	"encoding/base64"
	"net/http"
	"path"
	"sort"
	"strings"
)

var permissionLevel = map[string]string{"admin": "admin", "maintain": "write", "write": "write", "triage": "read", "read": "read", "none": "none"}

// getPermission answers the collaborator permission check: permission is the legacy level
// (maintain reads as write, triage as read) and role_name the role itself.
func (f *Fake) getPermission(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	u := f.st.users[strings.ToLower(rq.params["username"])]
	if u == nil || u.typ == "Organization" {
		notFound(w)
		return
	}
	role := r.permission(u)
	p := permRank(role)
	collab := f.userJSON(u)
	collab["permissions"] = obj{"admin": p >= 5, "maintain": p >= 4, "push": p >= 3, "triage": p >= 2, "pull": p >= 1}
	collab["role_name"] = role
	writeJSON(w, http.StatusOK, obj{"permission": permissionLevel[role], "role_name": role, "user": collab})
}

// maxContentsFile is the largest file the contents API returns with its content: a larger one
// (up to 100 MB) comes with an empty content and encoding "none".
const maxContentsFile = 1 << 20

// getContents serves a file stored with PutFile or PushCommit at ?ref= (a branch or a commit
// SHA; default: the default branch), as base64 JSON, or raw for Accept:
// application/vnd.github.raw(+json); a directory as the array of its entries (the root too).
func (f *Fake) getContents(w http.ResponseWriter, rq *restReq) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.repoFor(w, rq)
	if !ok {
		return
	}
	ref, _, ok := r.resolve(rq.URL.Query().Get("ref"))
	if !ok {
		restError(w, http.StatusNotFound, "No commit found for the ref "+rq.URL.Query().Get("ref"), restDocs)
		return
	}
	p := strings.Trim(rq.params["path"], "/")
	content, found := r.files[ref][p]
	if !found {
		if entries := f.dirEntries(r, ref, p); len(entries) > 0 {
			writeJSON(w, http.StatusOK, entries)
			return
		}
		notFound(w)
		return
	}
	if strings.Contains(rq.Header.Get("Accept"), "raw") {
		w.Header().Set("Content-Type", "application/vnd.github.raw; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(content))
		return
	}
	u := f.repoURL(r) + "/contents/" + p + "?ref=" + ref
	sha := gitBlobSHA(content)
	html := htmlRoot + r.fullName() + "/blob/" + ref + "/" + p
	git := f.repoURL(r) + "/git/blobs/" + sha
	encoding, body := "base64", wrap60(base64.StdEncoding.EncodeToString([]byte(content)))
	if len(content) > maxContentsFile {
		encoding, body = "none", ""
	}
	writeJSON(w, http.StatusOK, obj{
		"type": "file", "encoding": encoding, "size": len(content), "name": path.Base(p), "path": p,
		"content": body, "sha": sha,
		"url": u, "git_url": git, "html_url": html,
		"download_url": "https://raw.githubusercontent.com/" + r.fullName() + "/" + ref + "/" + p,
		"_links":       obj{"self": u, "git": git, "html": html},
	})
}

// dirEntries lists a directory of the files stored for ref as the contents API lists one: an
// array of its files and subdirectories, sorted by name. Nothing is listed for a path that
// holds no file.
func (f *Fake) dirEntries(r *repo, ref, dir string) []obj {
	seen := map[string]bool{}
	var out []obj
	var trees map[string]gitTree
	for name, content := range r.files[ref] {
		rest, ok := name, true
		if dir != "" {
			rest, ok = strings.CutPrefix(name, dir+"/")
		}
		if !ok {
			continue
		}
		child, _, isDir := strings.Cut(rest, "/")
		if seen[child] {
			continue
		}
		seen[child] = true
		full := strings.TrimPrefix(dir+"/"+child, "/")
		e := obj{"name": child, "path": full, "type": "file", "size": len(content), "sha": gitBlobSHA(content),
			"url": f.repoURL(r) + "/contents/" + full + "?ref=" + ref}
		if isDir {
			if trees == nil {
				trees = gitTrees(r.files[ref])
			}
			e["type"], e["size"], e["sha"] = "dir", 0, trees[full].sha
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i]["name"].(string) < out[j]["name"].(string) })
	return out
}

// wrap60 breaks base64 into 60-character lines, as GitHub's contents API does.
func wrap60(s string) string {
	var b strings.Builder
	for len(s) > 60 {
		b.WriteString(s[:60])
		b.WriteByte('\n')
		s = s[60:]
	}
	b.WriteString(s)
	b.WriteByte('\n')
	return b.String()
}
