package evidence_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/evidence"
)

// tree is a listing with its contents, and counts the files a search reads.
type tree struct {
	files map[string]string
	reads []string
}

func (tr *tree) search(truncated bool, budget int, maxFile int64) evidence.TreeSearch {
	s := evidence.TreeSearch{Truncated: truncated, Budget: budget, MaxFile: maxFile}
	for p, text := range tr.files {
		s.Files = append(s.Files, evidence.TreeFile{Path: p, Size: int64(len(text)), SHA: "sha-" + p})
	}
	s.Read = func(_ context.Context, f evidence.TreeFile) (string, error) {
		tr.reads = append(tr.reads, f.Path)
		text, ok := tr.files[strings.TrimPrefix(f.SHA, "sha-")]
		if !ok {
			return "", errors.New("no such blob")
		}
		return text, nil
	}
	return s
}

func run(t *testing.T, s evidence.TreeSearch, asked string) string {
	t.Helper()
	req, err := evidence.Parse(asked)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := s.Run(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", asked, err)
	}
	return out
}

func TestTreeSearchMatchesLikeGitGrep(t *testing.T) {
	tr := &tree{files: map[string]string{
		"billing/retry.go":    "package billing\n\nconst MaxRetries = 7\n",
		"billing/retry_x.go":  "// MaxRetries elsewhere\n",
		"billingx/other.go":   "MaxRetries outside the scope\n",
		"README.md":           "MaxRetries in the readme\n",
		"billing/logo.png":    "\x89PNG\x00MaxRetries\n",
		"billing/nothing.txt": "nothing here\n",
	}}
	out := run(t, tr.search(false, 0, 0), `search "MaxRetries" in billing`)
	want := "billing/retry.go:3:const MaxRetries = 7\nbilling/retry_x.go:1:// MaxRetries elsewhere\n"
	if out != want {
		t.Errorf("got %q, want %q", out, want)
	}
	// The whole tree, in path order; the binary file was read and skipped, as git's -I does.
	out = run(t, tr.search(false, 0, 0), `search "MaxRetries"`)
	if !strings.HasPrefix(out, "README.md:1:") || strings.Contains(out, "logo.png") || !strings.Contains(out, "billingx/other.go:1:") {
		t.Errorf("whole tree: %q", out)
	}
	// One file as the scope.
	if out = run(t, tr.search(false, 0, 0), `search "MaxRetries" in README.md`); out != "README.md:1:MaxRetries in the readme\n" {
		t.Errorf("one file: %q", out)
	}
	if out = run(t, tr.search(false, 0, 0), `search "nowhere"`); out != "no match" {
		t.Errorf("nothing matches, every file read: %q", out)
	}
	req, _ := evidence.Parse(`search "x" in missing`)
	if _, _, err := tr.search(false, 0, 0).Run(context.Background(), req); err == nil || !strings.Contains(err.Error(), "neither a file nor a directory") {
		t.Errorf("a scope with nothing in it: %v", err)
	}
}

func TestTreeSearchShowsAtMostTwentyLinesAFile(t *testing.T) {
	tr := &tree{files: map[string]string{"a.txt": strings.Repeat("hit\n", 30), "b.txt": "hit\n"}}
	out := run(t, tr.search(false, 0, 0), `search "hit"`)
	if n := strings.Count(out, "a.txt:"); n != evidence.MaxMatchesPerFile {
		t.Errorf("%d lines of a.txt, want %d:\n%s", n, evidence.MaxMatchesPerFile, out)
	}
	if !strings.Contains(out, "a.txt:20:hit\nb.txt:1:hit\n") {
		t.Errorf("%q", out)
	}
}

// Over the budget, the search reads the first files in path order and says how many it did
// not; "no match" is never said of files it did not read.
func TestTreeSearchSaysWhatTheBudgetLeftUnread(t *testing.T) {
	tr := &tree{files: map[string]string{}}
	for i := range 12 {
		tr.files[fmt.Sprintf("docs/%02d.md", i)] = "text\n"
	}
	tr.files["docs/11.md"] = "the needle\n"
	out := run(t, tr.search(false, 10, 0), `search "needle" in docs`)
	if len(tr.reads) != 10 || tr.reads[9] != "docs/09.md" {
		t.Errorf("read %v, want the first 10 in path order", tr.reads)
	}
	for _, want := range []string{"no match in the files read", "searched 10 of 12 file(s) under docs", "2 not read", "at most 10 files", "narrow the path"} {
		if !strings.Contains(out, want) {
			t.Errorf("the answer lacks %q: %q", want, out)
		}
	}
	if strings.HasPrefix(out, "no match\n") || out == "no match" {
		t.Errorf("an incomplete search said no match: %q", out)
	}
}

func TestTreeSearchSkipsFilesOverTheSizeCapAndSaysSo(t *testing.T) {
	tr := &tree{files: map[string]string{"big.txt": strings.Repeat("needle\n", 300), "small.txt": "needle\n"}}
	out := run(t, tr.search(false, 0, 1024), `search "needle"`)
	for _, want := range []string{"small.txt:1:needle\n", "searched 1 of 2 file(s) in the repository", "1 skipped for being over 1 KiB"} {
		if !strings.Contains(out, want) {
			t.Errorf("the answer lacks %q: %q", want, out)
		}
	}
	if strings.Contains(out, "big.txt") || len(tr.reads) != 1 {
		t.Errorf("the big file was read: %v %q", tr.reads, out)
	}
}

func TestTreeSearchOnACutListingSaysSo(t *testing.T) {
	tr := &tree{files: map[string]string{"a.txt": "plain\n"}}
	out := run(t, tr.search(true, 0, 0), `search "needle"`)
	if !strings.Contains(out, "no match in the files read") || !strings.Contains(out, "GitHub listed only part of the tree") {
		t.Errorf("%q", out)
	}
	// Even a scope the cut listing does not show is searched, not refused: it may be in the part left out.
	out = run(t, tr.search(true, 0, 0), `search "needle" in elsewhere`)
	if !strings.Contains(out, "searched 0 of 0 file(s) under elsewhere") {
		t.Errorf("%q", out)
	}
}

// The note survives the output's byte cap: the matches are cut, not the note.
func TestTreeSearchKeepsItsNoteUnderTheByteCap(t *testing.T) {
	tr := &tree{files: map[string]string{"big.txt": strings.Repeat("needle\n", 300), "a.txt": strings.Repeat("needle needle\n", 20)}}
	s := tr.search(false, 0, 1024)
	s.MaxBytes = 300
	req, _ := evidence.Parse(`search "needle"`)
	out, cut, err := s.Run(context.Background(), req)
	if err != nil || !cut || len(out) > 300 || !strings.HasSuffix(out, "narrow the path to search the rest]\n") {
		t.Errorf("cut %v, err %v, %d bytes: %q", cut, err, len(out), out)
	}
}

func TestTreeSearchStopsWhenTheTimeRunsOut(t *testing.T) {
	tr := &tree{files: map[string]string{"a.txt": "needle\n", "b.txt": "needle\n", "c.txt": "needle\n"}}
	ctx, cancel := context.WithCancel(context.Background())
	s := tr.search(false, 0, 0)
	read := s.Read
	s.Read = func(ctx context.Context, f evidence.TreeFile) (string, error) {
		if f.Path == "b.txt" {
			cancel()
			return "", ctx.Err()
		}
		return read(ctx, f)
	}
	req, _ := evidence.Parse(`search "needle"`)
	out, _, err := s.Run(ctx, req)
	if err != nil || !strings.Contains(out, "a.txt:1:needle") || !strings.Contains(out, "searched 1 of 3 file(s)") ||
		!strings.Contains(out, "2 not read before the probe's time ran out") {
		t.Errorf("%v %q", err, out)
	}
}
