package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// What varies from run to run in what the bot writes: the state marker, the commented-on
// comment's id, session ids, seeds, timings and run numbers.
var threadNoise = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`<!-- war-room:state v1 [A-Za-z0-9_-]+ -->`), "<!-- war-room:state v1 … -->"},
	{regexp.MustCompile(`<!-- war-room:reply comment=[0-9]+ -->`), "<!-- war-room:reply comment=ID -->"},
	{regexp.MustCompile(`wr-[0-9a-f]{16}`), "wr-SESSION"},
	{regexp.MustCompile(`seed -?[0-9]+`), "seed SEED"},
	{regexp.MustCompile(`done in [0-9.]+(ms|s|µs)`), "done in T"},
	{regexp.MustCompile(`/actions/runs/[0-9]+`), "/actions/runs/RUN"},
	// The reasoning chain deals its roles to the pool's profiles by the session's seed.
	{regexp.MustCompile(`\| (alpha|beta) \|`), "| PROFILE |"},
}

// wantThreadGolden compares what a person reads with testdata/action/golden/<name>, noise
// masked; UPDATE_GOLDEN=1 rewrites the file.
func wantThreadGolden(t *testing.T, name, got string) {
	t.Helper()
	for _, n := range threadNoise {
		got = n.re.ReplaceAllString(got, n.with)
	}
	path := filepath.Join("testdata", "action", "golden", name)
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with UPDATE_GOLDEN=1 to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (UPDATE_GOLDEN=1 to accept):\n--- want\n%s\n--- got\n%s", name, want, got)
	}
}

// threadText is every comment on issue n after its first (the command), as the page shows them.
func threadText(w *actionWorld, n int) string {
	var b strings.Builder
	for _, c := range w.f.IssueComments(aRepo, n) {
		b.WriteString("----- " + c.Author + "\n" + c.Body + "\n")
	}
	return b.String()
}

// TestActionThreadGolden: what the person on the issue reads, one golden file per way a
// command ends — refused, malformed, waiting at a gate, answered and published, failed — and
// the job summaries of the last two.
func TestActionThreadGolden(t *testing.T) {
	srv, _ := countingProvider(t)
	w := newActionWorld(t, countedConfig(t, srv.URL))
	w.user("rita", "read")
	w.user("wanda", "write")
	keys := map[string]string{"WR_COUNTED_KEY": testOpenAIKey}
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "wanda")
	for _, c := range []struct{ who, body string }{{"rita", "/war-room Should we?"}, {"wanda", "/war-room reason --bogus Should we?"}} {
		id := w.comment(c.who, n, c.body)
		wantNoError(t, w.run("issue_comment", w.commentEvent("created", n, id, c.who, c.body), nil, keys))
	}
	wantThreadGolden(t, "refused-and-usage.md", threadText(w, n))

	// A war-room panel deals its seats in a fixed order, so the failing call is always the same.
	broken := councilWith(t, "  - role: chief-strategist\n    match: 'Phase 0\\.'\n    text: |\n      REVERSAL_COST: lots\n")
	f := newActionWorld(t, strings.ReplaceAll(warRoomConfig(t), testdataPath(t, "../warroom/council.yaml"), broken))
	f.user("alice", "write")
	fn := f.f.AddIssue(aRepo, 0, "Billing queue", "Billing needs a queue.", "alice")
	r, _ := f.say("alice", fn, "/war-room "+warRoomQuestion)
	wantThreadGolden(t, "failed.md", threadText(f, fn)+"===== job summary\n"+r.summary)

	g, gn, _ := gateWorld(t)
	wantNoError(t, first(g.say("alice", gn, "/war-room "+gateQuestion)))
	wantThreadGolden(t, "waiting.md", threadText(g, gn))
	r, _ = g.say("alice", gn, "/war-room proceed")
	wantNoError(t, r)
	wantThreadGolden(t, "published.md", threadText(g, gn)+"===== job summary\n"+r.summary)
}
