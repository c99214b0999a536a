package discussions_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/demo"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
)

// run is one protocol run from scripted answers: testdata/protocols/<script> (the demo's
// panel for the three protocols it shows, so the demo is what these goldens keep).
type run struct {
	name, protocol, script, question string
	flags                            map[string]string
}

var runs = []run{
	{"war-room-express", "war-room", "war-room-express.yaml",
		"Should we turn on weekly version-update pull requests for our Go modules?", nil},
	{"war-room-full", "war-room", "../../../internal/demo/panel/war-room.yaml", demoQuestion("war-room"),
		map[string]string{"baseline": "3"}}, // the card's baseline line, where a reader sees it
	{"reason", "reason", "../../../internal/demo/panel/reason.yaml", demoQuestion("reason"), nil},
	{"council", protocols.Council, "../../../internal/demo/panel/council.yaml", demoQuestion("council"),
		map[string]string{"go": "true"}}, // the card is for a person; this run has none
}

// TestPublishedProtocolRunsGolden publishes the decision each protocol reaches from scripted
// answers, through the same configuration, wiring and protocol registry as the CLI, and keeps
// what GitHub then holds as golden files: what a reader sees is what the protocols produce,
// not what a hand-written decision says they produce.
func TestPublishedProtocolRunsGolden(t *testing.T) {
	for _, rc := range runs {
		t.Run(rc.name, func(t *testing.T) {
			d := deliberate(t, rc)
			rec := discussions.PublishToFake(t, d, repoLabels...)
			discussions.Golden(t, rc.name+"/title.txt", rec.Title+"\n")
			discussions.Golden(t, rc.name+"/body.md", rec.Body)
			// The card is what a reader sees first: it fits in 700 characters, cost included.
			start := strings.Index(rec.Body, "\n\n") + 2
			card := rec.Body[start : start+strings.Index(rec.Body[start:], "\n\n")]
			if n := utf8.RuneCountInString(card); n > 700 || !strings.Contains(card, "**Time and cost:**") {
				t.Errorf("the card is %d characters (at most 700, cost included):\n%s", n, card)
			}
			discussions.Golden(t, rc.name+"/labels.txt", strings.Join(rec.Labels, "\n")+"\n")
			if len(rec.Comments) != len(d.Phases) {
				t.Fatalf("%d comments for %d phases", len(rec.Comments), len(d.Phases))
			}
			for i, c := range rec.Comments {
				discussions.Golden(t, fmt.Sprintf("%s/comment-%d-%s.md", rc.name, i+1, strings.TrimPrefix(c.Name, "phase:")), c.Body)
			}
			if rec.Answer == "" {
				t.Error("no comment was marked as the answer")
			}
			if len(rec.Warnings) != 0 {
				t.Errorf("warnings: %v", rec.Warnings)
			}
		})
	}
}

// demoQuestion is the question the demo's script for protocol answers.
func demoQuestion(protocol string) string {
	q, ok := demo.Question(protocol)
	if !ok {
		panic("no demo of " + protocol)
	}
	return q
}

// repoLabels are the labels the fake repository has.
var repoLabels = []string{"war-room", "type-2", "type-1b", "type-1a", "type-1a-plus"}

// deliberate runs rc to its decision with a fixed session id, seed and clock, so the record
// (and its Merkle root) is the same on every run.
func deliberate(t *testing.T, rc run) *decision.Decision {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	responses, err := filepath.Abs(filepath.Join("testdata", "protocols", rc.script))
	if err != nil {
		t.Fatal(err)
	}
	panel, err := os.ReadFile(filepath.Join("testdata", "protocols", "panel.yml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "war-room.yml")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(string(panel), "RESPONSES", responses)), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path, protocols.Sections()...)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := wiring.Profiles(ctx, cfg, func(string) string { return "" }, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := protocols.NewSession(cfg, protocols.Request{Protocol: rc.protocol, Question: rc.question,
		Flags: rc.flags, Seed: 7, SeedSource: "--seed"})
	if err != nil {
		t.Fatal(err)
	}
	s.ID = "wr-golden-" + rc.name
	st, err := sqlite.Open(ctx, filepath.Join(dir, "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	at := time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC)
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Now: func() time.Time { return at }}, s)
	if err != nil {
		t.Fatal(err)
	}
	d, err := protocols.Execute(ctx, r)
	if err := r.Finish(ctx, err); err != nil {
		t.Fatal(err)
	}
	return d
}

// A four-seat council whose ballot ends 2-1-1, published: the card says "plurality 2 of 4",
// not a convergence, and every member's blind position, cross-examination and closing ballot
// is on the discussion in full, each in its own collapsed <details>.
func TestFourSeatPluralityIsPublishedWhole(t *testing.T) {
	d := deliberate(t, run{"council-plurality", protocols.Council, "council-plurality.yaml",
		"Should the billing service move from cron jobs to a message queue?", map[string]string{"go": "true"}})
	rec := discussions.PublishToFake(t, d, repoLabels...)
	if !strings.Contains(rec.Body, "- **Panel:** plurality 2 of 4 (2-1-1)\n") {
		t.Errorf("the card does not say plurality 2 of 4:\n%s", rec.Body[:min(len(rec.Body), 900)])
	}
	comments := map[string]string{}
	for _, c := range rec.Comments {
		comments[strings.TrimPrefix(c.Name, "phase:")] = c.Body
	}
	for phase, texts := range map[string][]string{
		"blind":   {"Move the billing jobs onto a managed queue, in a way that can be undone.", "Retries pile up at night when a cron run overlaps the next one."},
		"cross-1": {"the retry figure covers one month only."},
		"closing": {"One nightly window ends the overlap without a new service to run.", "Harden cron first; the queue's running cost was never measured.",
			"The queue answers the question as it was asked, if it can be rolled back.", "The queue removes the overlapping runs that cause the retries."},
	} {
		body := comments[phase]
		if n := strings.Count(body, "<details><summary><b>Member "); n != 4 {
			t.Errorf("%s: %d members' answers in <details>, want 4:\n%s", phase, n, body)
		}
		for _, text := range texts {
			if !strings.Contains(body, text) {
				t.Errorf("%s lacks %q", phase, text)
			}
		}
	}
}
