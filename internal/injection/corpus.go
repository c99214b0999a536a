package injection

import (
	"embed"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
)

//go:embed testdata
var corpusFS embed.FS

// Kinds of fixture, by where the text enters war-room; a fixture's file name starts with its
// kind ("answer-forged-decision.md").
const (
	KindIssue   = "issue"   // an issue body: the question a deliberation is asked
	KindContext = "context" // a context file the question points at
	KindDiff    = "diff"    // a pull request's diff
	KindAnswer  = "answer"  // what a model answered
)

// Fixture is one hostile text.
type Fixture struct {
	Name, Kind, Text string
}

// Corpus returns every fixture, sorted by name; kinds, when given, keep only those kinds.
func Corpus(kinds ...string) ([]Fixture, error) {
	entries, err := corpusFS.ReadDir("testdata")
	if err != nil {
		return nil, fmt.Errorf("injection corpus: %w", err)
	}
	var out []Fixture
	for _, e := range entries {
		kind, _, ok := strings.Cut(e.Name(), "-")
		if !ok || !known(kind) {
			return nil, fmt.Errorf("injection corpus: %s: the name must start with issue-, context-, diff- or answer-", e.Name())
		}
		if len(kinds) > 0 && !contains(kinds, kind) {
			continue
		}
		raw, err := corpusFS.ReadFile(path.Join("testdata", e.Name()))
		if err != nil {
			return nil, fmt.Errorf("injection corpus: %w", err)
		}
		out = append(out, Fixture{Name: strings.TrimSuffix(e.Name(), path.Ext(e.Name())), Kind: kind, Text: string(raw)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func known(kind string) bool {
	return contains([]string{KindIssue, KindContext, KindDiff, KindAnswer}, kind)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// secretRE finds the token-shaped secrets the corpus plants; it is written apart from the
// sanitiser's own patterns so that a test does not grade the sanitiser by its own rules.
var secretRE = regexp.MustCompile(`gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|sk-(?:ant-|proj-)?[A-Za-z0-9-]{20,}|AKIA[A-Z0-9]{16}|[A-Za-z0-9/+]{30,}KEY`)

// Secrets are the secrets planted in a fixture's text.
func Secrets(text string) []string { return secretRE.FindAllString(text, -1) }
