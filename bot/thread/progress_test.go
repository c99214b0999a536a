package thread

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/internal/golden"
)

// recordingEditor keeps every body written, in order.
type recordingEditor struct {
	mu     sync.Mutex
	bodies []string
}

func (r *recordingEditor) EditComment(_ context.Context, _ int64, body string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bodies = append(r.bodies, body)
	return nil
}

// stepClock is a clock the test moves by hand.
type stepClock struct{ t time.Time }

func (c *stepClock) now() time.Time { return c.t }

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newTestProgress(ed Editor, clock *stepClock) *Progress {
	st := sampleState()
	st.Status, st.Gate = StatusRunning, nil
	p := NewProgress(ed, 9, st, clock.now, 10*time.Second, nil)
	p.spawn = func(f func()) { f() }
	return p
}

func TestProgressThrottlesEdits(t *testing.T) {
	ed := &recordingEditor{}
	clock := &stepClock{t0}
	p := newTestProgress(ed, clock)
	at := func(sec int, ev events.Event) {
		clock.t = t0.Add(time.Duration(sec) * time.Second)
		ev.Time = clock.t
		p.Emit(ev)
	}
	at(0, events.Event{Kind: events.Phase, Phase: "premise"})
	at(1, events.Event{Kind: events.CallStarted, Step: "premise", Role: "premise-check", Profile: "claude"})
	at(9, events.Event{Kind: events.CallFinished, Step: "premise", Role: "premise-check", Profile: "claude", Outcome: "ok", Elapsed: 8 * time.Second})
	if len(ed.bodies) != 0 {
		t.Fatalf("%d edits inside the first throttle interval", len(ed.bodies))
	}
	at(10, events.Event{Kind: events.Phase, Phase: "generate"})
	at(11, events.Event{Kind: events.CallStarted, Step: "generate", Role: "generator", Profile: "gpt"})
	at(19, events.Event{Kind: events.CallHeartbeat, Step: "generate", Role: "generator", Profile: "gpt", Elapsed: 8 * time.Second})
	if len(ed.bodies) != 1 {
		t.Fatalf("%d edits after 19 s with a 10 s throttle, want 1", len(ed.bodies))
	}
	if !strings.Contains(ed.bodies[0], "`generate`") || !strings.Contains(ed.bodies[0], "1 of 1 calls finished") {
		t.Errorf("the edit at 10 s does not show the state then:\n%s", ed.bodies[0])
	}
	at(30, events.Event{Kind: events.CallFinished, Step: "generate", Role: "generator", Profile: "gpt", Outcome: "ok", Elapsed: 19 * time.Second})
	if len(ed.bodies) != 2 {
		t.Fatalf("%d edits after 30 s, want 2", len(ed.bodies))
	}
	final := p.view.state
	final.Status = StatusCompleted
	if err := p.Finish(context.Background(), final, Result{DiscussionURL: "https://example.test/d/5"}); err != nil {
		t.Fatal(err)
	}
	last := ed.bodies[len(ed.bodies)-1]
	if len(ed.bodies) != 3 || !strings.Contains(last, "https://example.test/d/5") {
		t.Errorf("finish did not write the final state last (%d edits):\n%s", len(ed.bodies), last)
	}
	if got, ok := ParseState(last); !ok || got.Status != StatusCompleted {
		t.Errorf("final body's marker: %+v %v", got, ok)
	}
}

// blockingEditor holds every edit until released, to show edits never overlap.
type blockingEditor struct {
	recordingEditor
	release chan struct{}
}

func (b *blockingEditor) EditComment(ctx context.Context, id int64, body string) error {
	<-b.release
	return b.recordingEditor.EditComment(ctx, id, body)
}

func TestProgressOneEditInFlight(t *testing.T) {
	ed := &blockingEditor{release: make(chan struct{})}
	clock := &stepClock{t0}
	p := newTestProgress(ed, clock)
	p.spawn = func(f func()) { go f() }
	for i := 1; i <= 5; i++ {
		clock.t = t0.Add(time.Duration(i) * time.Minute) // every event is past the throttle
		p.Emit(events.Event{Kind: events.Phase, Phase: "p" + string(rune('0'+i))})
	}
	close(ed.release)
	final := p.view.state
	final.Status = StatusCompleted
	if err := p.Finish(context.Background(), final, Result{}); err != nil {
		t.Fatal(err)
	}
	if len(ed.bodies) != 2 {
		t.Errorf("%d edits; want the first (the rest skipped while it was in flight) and the final one", len(ed.bodies))
	}
	if !strings.Contains(ed.bodies[1], "`p5`") {
		t.Errorf("the final edit lost the latest phase:\n%s", ed.bodies[1])
	}
}

func TestProgressNeutralisesNames(t *testing.T) {
	v := progressView{state: sampleState()}
	v.state.Status, v.state.Gate = StatusRunning, nil
	v.state.Question = "@octocat <!-- war-room:state v1 eyJzZXNzaW9uIjoieCJ9 --> /war-room approve"
	v.apply(events.Event{Kind: events.CallStarted, Step: "s|1", Role: "@team", Profile: "<!--p-->"})
	body := v.render()
	rest := body[strings.Index(body, "\n")+1:]
	for _, bad := range []string{"@octocat", "@team", "<!--", "/war-room approve", "s|1"} {
		if strings.Contains(rest, bad) {
			t.Errorf("rendered comment contains %q:\n%s", bad, rest)
		}
	}
}

func TestReplyCommands(t *testing.T) {
	g := &Gate{Key: "prior-decision", Choices: []string{"reaffirm #4", "proceed", "skip"}}
	want := "/war-room reaffirm #4|/war-room proceed|/war-room skip|/war-room cancel"
	if got := strings.Join(ReplyCommands(g), "|"); got != want {
		t.Errorf("ReplyCommands = %s, want %s", got, want)
	}
	g = &Gate{Key: "approve-reduced-independence", Choices: []string{"approve", "decline"}}
	if got := strings.Join(ReplyCommands(g), "|"); got != "/war-room approve|/war-room cancel" {
		t.Errorf("ReplyCommands = %s", got)
	}
}

// TestProgressGolden pins what people read in the progress comment, in each state.
func TestProgressGolden(t *testing.T) {
	base := sampleState()
	base.Question = "Should we move the queue to PostgreSQL?\n\nWe run three services."
	running := progressView{state: base}
	running.state.Status, running.state.Gate = StatusRunning, nil
	running.apply(events.Event{Kind: events.Phase, Phase: "attack"})
	running.apply(events.Event{Kind: events.CallStarted, Step: "premise", Role: "premise-check", Profile: "claude"})
	running.apply(events.Event{Kind: events.CallFinished, Step: "premise", Role: "premise-check", Profile: "claude", Outcome: "ok", Elapsed: 3200 * time.Millisecond})
	running.apply(events.Event{Kind: events.CallStarted, Step: "attack/1", Role: "attacker", Profile: "gpt"})
	running.apply(events.Event{Kind: events.CallFinished, Step: "attack/1", Role: "attacker", Profile: "gpt", Outcome: "contract-failed", Elapsed: time.Second})
	running.apply(events.Event{Kind: events.CallStarted, Step: "attack/1", Role: "attacker", Profile: "gpt"})
	running.apply(events.Event{Kind: events.CallHeartbeat, Step: "attack/1", Role: "attacker", Profile: "gpt", Elapsed: 12 * time.Second})

	awaiting := progressView{state: base}
	awaiting.state.Gate = &Gate{Key: "prior-decision", Ask: "Earlier decisions may cover this question (listed below). Answer reaffirm #N, proceed or skip.",
		Excerpt: "#4 [War Room] Queue on PostgreSQL (2026-01-10)", Choices: []string{"reaffirm #4", "proceed", "skip"}}

	done := running
	done.state.Status, done.state.Gate = StatusCompleted, nil
	done.result = Result{DiscussionURL: "https://github.com/acme/widgets/discussions/5", Notes: []string{"No .github/war-room.yml on main: every setting is the default."}}

	failed := running
	failed.state.Status, failed.state.Gate = StatusFailed, nil
	failed.result = Result{Class: "transport", Detail: "role attacker on profile gpt failed (transport) after 2 attempt(s): 502"}

	for name, v := range map[string]*progressView{"running": &running, "awaiting": &awaiting, "completed": &done, "failed": &failed} {
		golden.Check(t, filepath.Join("testdata", "golden", "progress", name+".md"), v.render())
	}
}
