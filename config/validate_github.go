package config

import (
	"fmt"
	"path"
	"strings"
)

// maxLabelLen is GitHub's limit on a label name.
const maxLabelLen = 50

func (v *validator) github() {
	v.writeSpacing()
	d := v.cfg.GitHub.Discussions
	if !slugPattern.MatchString(d.Category) {
		v.errf("github.discussions.category", "%q is not a category slug: use the lowercase, hyphenated form shown in the category's URL (e.g. %q)", d.Category, defaultDiscussionCategory)
	}
	seen := map[string]int{}
	for i, l := range d.Labels {
		item := fmt.Sprintf("github.discussions.labels[%d]", i)
		switch first, dup := seen[strings.ToLower(l)]; {
		case strings.TrimSpace(l) == "":
			v.errf(item, "empty label")
		case len(l) > maxLabelLen:
			v.errf(item, "label is %d characters; GitHub allows %d", len(l), maxLabelLen)
		case dup:
			v.errf(item, "duplicate of labels[%d] (GitHub labels ignore case)", first)
		}
		if _, dup := seen[strings.ToLower(l)]; !dup {
			seen[strings.ToLower(l)] = i
		}
	}
}

func (v *validator) review() {
	r := &v.cfg.Review
	v.lanes(r.Lanes)
	if c := r.ContractPath; !repoPath(c) {
		v.errf("review.contract_path", "want a clean path inside the repository such as %q, got %q", defaultContractPath, c)
	}
	v.positive("review.max_diff_bytes", r.MaxDiffBytes == 0)
	v.positive("review.max_comments", r.MaxComments == 0)
	for _, list := range []struct {
		key      string
		patterns []string
	}{{"include", r.Paths.Include}, {"exclude", r.Paths.Exclude}} {
		for i, p := range list.patterns {
			if err := checkGlob(p); err != nil {
				v.errf(fmt.Sprintf("review.paths.%s[%d]", list.key, i), "%v", err)
			}
		}
	}
	for _, login := range sortedKeys(r.AuthorFamilies) {
		v.family("review.author_families."+login, r.AuthorFamilies[login])
	}
	for _, name := range sortedKeys(r.CoauthorFamilies) {
		v.family("review.coauthor_families."+name, r.CoauthorFamilies[name])
	}
}

func (v *validator) lanes(lanes []Lane) {
	seen := map[string]int{}
	for i, l := range lanes {
		item := fmt.Sprintf("review.lanes[%d]", i)
		if l.Name == "" {
			v.missing(item, "name")
		} else if !slugPattern.MatchString(l.Name) {
			v.errf(item+".name", "%q: use lowercase letters, digits, '-' or '_'", l.Name)
		} else if first, dup := seen[l.Name]; dup {
			v.errf(item+".name", "duplicate lane name %q (also lanes[%d])", l.Name, first)
		}
		if _, dup := seen[l.Name]; !dup {
			seen[l.Name] = i
		}
		if l.Profile == "" {
			v.missing(item, "profile")
		}
		switch f := l.FocusFile; {
		case f == "":
		case l.Focus != "":
			v.errf(item+".focus_file", "give focus or focus_file, not both (focus is %q)", l.Focus)
		case !repoPath(f):
			v.errf(item+".focus_file", "want a clean path inside the repository such as %q, got %q", ".github/war-room/security-focus.md", f)
		}
	}
}

// repoPath says p is a clean relative path inside a repository.
func repoPath(p string) bool {
	return p != "" && !path.IsAbs(p) && path.Clean(p) == p && p != ".." && !strings.HasPrefix(p, "../")
}

// writeSpacing carries github.write_spacing to the publisher's setting. (The decoder refuses
// a negative duration already.)
func (v *validator) writeSpacing() {
	v.cfg.GitHub.Discussions.MutationSpacing = v.cfg.GitHub.WriteSpacing
}
