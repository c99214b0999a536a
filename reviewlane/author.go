package reviewlane

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// familyHuman is the family of an author nothing maps to a model family.
const familyHuman = "human"

// Context id namespaces: an author is a GitHub account or a git identity, a reviewer is its
// lane's engine session and, on GitHub, the account war-room acts as.
const (
	contextGitHub  = "github:"
	contextGit     = "git:"
	contextWarRoom = "war-room:"
)

// authorFacts is what a source knows about who wrote a change.
type authorFacts struct {
	// Login is the pull request author's GitHub login ("" for a local diff).
	Login string
	// Name and Email are the head commit's author, for a local diff.
	Name, Email string
	// Messages are the commit messages of the change, searched for Co-authored-by trailers.
	Messages []string
}

var coauthorTrailer = regexp.MustCompile(`(?i)^co-authored-by:\s*(.+?)\s*(<[^>]*>)?\s*$`)

// resolveAuthor maps the facts to families through configuration: review.author_families by
// login (or, locally, by commit author name or email), review.coauthor_families by the name
// in each Co-authored-by trailer. Anything unmapped is human.
func resolveAuthor(f authorFacts, authorFamilies, coauthorFamilies map[string]string) Author {
	a := Author{Login: f.Login, Family: familyHuman}
	switch {
	case f.Login != "":
		a.ContextID = contextGitHub + f.Login
	case f.Email != "":
		a.ContextID = contextGit + f.Email
	default:
		a.ContextID = contextGit + f.Name
	}
	a.Basis = "no mapping in review.author_families: human"
	for _, key := range []string{f.Login, f.Name, f.Email} {
		if fam, ok := authorFamilies[key]; ok && key != "" {
			a.Family, a.Basis = fam, fmt.Sprintf("review.author_families[%s]", key)
			break
		}
	}
	for _, name := range coauthors(f.Messages) {
		fam, ok := coauthorFamilies[name]
		if ok && fam != a.Family && !slices.Contains(a.CoauthorFamilies, fam) {
			a.CoauthorFamilies = append(a.CoauthorFamilies, fam)
			a.Basis += fmt.Sprintf("; co-author %q via review.coauthor_families", name)
		}
	}
	return a
}

// coauthors returns the names in Co-authored-by trailers, in order of appearance.
func coauthors(messages []string) []string {
	var names []string
	for _, m := range messages {
		sc := bufio.NewScanner(strings.NewReader(m))
		for sc.Scan() {
			if g := coauthorTrailer.FindStringSubmatch(strings.TrimSpace(sc.Text())); g != nil {
				names = append(names, g[1])
			}
		}
	}
	return names
}
