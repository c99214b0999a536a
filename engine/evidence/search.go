package evidence

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Bounds of a search, on a checkout and without one.
const (
	// MaxMatchesPerFile is how many matching lines a search shows of one file (git grep's
	// --max-count).
	MaxMatchesPerFile = 20
	// DefaultSearchBudget is how many files a search without a checkout reads. Each file is
	// one API request against the installation's 5,000 an hour, which every other thing the
	// App does for that installation shares; so one search costs at most this many plus one
	// (the tree), and says so when files were left unread.
	DefaultSearchBudget = 40
	// MaxSearchFile is the largest file a search without a checkout reads; a larger one is
	// skipped, and the answer says how many were.
	MaxSearchFile = 256 << 10
	// binarySniff is how much of a file is looked at for a NUL byte, which marks it binary
	// (as git's -I decides).
	binarySniff = 8000
)

// noMatch is a search's answer when every file it was to read was read and none matched.
const noMatch = "no match"

// TreeFile is one file of a commit's tree, as a listing names it.
type TreeFile struct {
	Path string
	Size int64
	// SHA is the file's blob SHA, by which its content is read.
	SHA string
}

// TreeSearch answers a search where there is no checkout to run git grep on: over a listing
// of the commit's files, it reads the candidates one at a time in path order through Read and
// matches the fixed text line by line. What it could not read (over the budget, over the size
// cap, left out of a cut listing, past the time) it says it did not read.
type TreeSearch struct {
	Files []TreeFile
	// Truncated says the listing itself is incomplete (GitHub cuts a recursive tree above
	// 100,000 entries or 7 MB).
	Truncated bool
	// Budget is the most files read (zero: DefaultSearchBudget); MaxFile the largest file
	// read (zero: MaxSearchFile); MaxBytes the output's cap (zero: DefaultMaxBytes).
	Budget   int
	MaxFile  int64
	MaxBytes int
	// Read returns a file's content.
	Read func(ctx context.Context, f TreeFile) (string, error)
}

// tally counts what a search did with its candidates.
type tally struct {
	candidates, read, tooBig, unread int
	timedOut, full                   bool
}

// Run searches for r.Pattern under r.Path ("" or ".": the whole tree; a directory at a "/"
// boundary; or one file) and returns git grep's "path:line:text" lines, cut to MaxBytes
// (truncated says so), followed by a note whenever some candidate was not read.
func (s TreeSearch) Run(ctx context.Context, r Request) (string, bool, error) {
	budget, maxFile, maxBytes := s.Budget, s.MaxFile, s.MaxBytes
	if budget <= 0 {
		budget = DefaultSearchBudget
	}
	if maxFile <= 0 {
		maxFile = MaxSearchFile
	}
	if maxBytes <= 0 {
		maxBytes = defaultMaxBytes
	}
	cands := inScope(s.Files, r.Path)
	if len(cands) == 0 && !s.Truncated && r.Path != "" && r.Path != "." {
		return "", false, refuse("%s is neither a file nor a directory at this commit", r.Path)
	}
	t := tally{candidates: len(cands)}
	var hits strings.Builder
	for _, f := range cands {
		if f.Size > maxFile {
			t.tooBig++
			continue
		}
		t.full = t.full || hits.Len() >= maxBytes
		if t.read == budget || t.timedOut || t.full {
			t.unread++
			continue
		}
		text, err := s.Read(ctx, f)
		if err != nil && ctx.Err() != nil {
			t.timedOut = true
			t.unread++
			continue
		}
		if err != nil {
			return "", false, fmt.Errorf("read %s: %w", f.Path, err)
		}
		t.read++
		if !binary(text) {
			grep(&hits, f.Path, text, r.Pattern)
		}
	}
	note := t.note(r.Path, budget, maxFile, s.Truncated)
	out, cut := hits.String(), false
	if note != "" {
		out, cut, _ = Cut(out, max(1, maxBytes-len(note)-1))
	}
	return searchAnswer(out, note), cut, nil
}

// note says what a search left unread, or "" when it read every candidate.
func (t tally) note(scope string, budget int, maxFile int64, truncated bool) string {
	var why []string
	if t.unread > 0 {
		switch {
		case t.timedOut:
			why = append(why, fmt.Sprintf("%d not read before the probe's time ran out", t.unread))
		case t.full:
			why = append(why, fmt.Sprintf("%d not read once the output was full", t.unread))
		default:
			why = append(why, fmt.Sprintf("%d not read: a search reads at most %d files through GitHub's API", t.unread, budget))
		}
	}
	if t.tooBig > 0 {
		why = append(why, fmt.Sprintf("%d skipped for being over %d KiB", t.tooBig, maxFile>>10))
	}
	if truncated {
		why = append(why, "GitHub listed only part of the tree at this commit (it cuts a listing above 100,000 entries or 7 MB), so files it left out were not searched")
	}
	if len(why) == 0 {
		return ""
	}
	where := "in the repository"
	if scope != "" && scope != "." {
		where = "under " + scope
	}
	return fmt.Sprintf("[searched %d of %d file(s) %s; %s; narrow the path to search the rest]",
		t.read, t.candidates, where, strings.Join(why, "; "))
}

// searchAnswer is what a search answers, on a checkout or not: its matching lines, "no match"
// when there are none, and the note on what was left unread after them.
func searchAnswer(hits, note string) string {
	switch {
	case hits == "" && note == "":
		return noMatch
	case hits == "":
		return "no match in the files read\n" + note + "\n"
	case note == "":
		return hits
	}
	return hits + note + "\n"
}

// inScope keeps the files at or under p, in path order.
func inScope(files []TreeFile, p string) []TreeFile {
	var out []TreeFile
	for _, f := range files {
		if p == "" || p == "." || f.Path == p || strings.HasPrefix(f.Path, p+"/") {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b TreeFile) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// binary says whether text has a NUL byte near its start.
func binary(text string) bool { return strings.IndexByte(text[:min(len(text), binarySniff)], 0) >= 0 }

// grep writes text's lines holding pattern as "path:line:text", at most MaxMatchesPerFile.
func grep(b *strings.Builder, path, text, pattern string) {
	n := 0
	for i, line := range strings.Split(text, "\n") {
		if !strings.Contains(line, pattern) {
			continue
		}
		fmt.Fprintf(b, "%s:%d:%s\n", path, i+1, line)
		if n++; n == MaxMatchesPerFile {
			return
		}
	}
}
