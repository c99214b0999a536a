package bot

import (
	"context"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
)

// commentEditor replaces the body of the progress comment. *GitHub implements it.
type commentEditor interface {
	// EditComment replaces comment id's body in repo; an error is logged, never fatal: the
	// session goes on and the next edit carries the latest state.
	EditComment(ctx context.Context, repo Repo, id int64, body string) error
}

var _ commentEditor = (*gitHub)(nil)

// progress is the engine sink behind one progress comment. It folds events into a view
// (phase, one row per call) and edits the comment in place at most once per throttle
// interval of the injected clock, so a panel of parallel calls costs a few edits, not one
// per event. Events carry no model text, and neither does the comment.
type progress struct {
	editor   commentEditor
	repo     Repo
	id       int64
	now      func() time.Time
	throttle time.Duration
	// spawn runs a flush off the run's goroutine (default: a new goroutine); tests run it
	// inline.
	spawn func(func())
	warn  func(error)

	mu        sync.Mutex
	view      progressView
	lastFlush time.Time
	flushing  bool
	pending   sync.WaitGroup
}

var _ events.Sink = (*progress)(nil)

// newProgress follows comment id in repo, starting from state.
func newProgress(editor commentEditor, repo Repo, id int64, state State, now func() time.Time, throttle time.Duration) *progress {
	p := &progress{editor: editor, repo: repo, id: id, now: now, throttle: throttle,
		spawn: func(f func()) { go f() }, warn: func(error) {}}
	p.view.state = state
	p.lastFlush = now() // the comment was just written with this state
	return p
}

// Emit folds one event into the view and edits the comment if the last edit is old enough
// and none is in flight.
func (p *progress) Emit(ev events.Event) {
	p.mu.Lock()
	p.view.apply(ev)
	due := !p.flushing && p.now().Sub(p.lastFlush) >= p.throttle
	var body string
	if due {
		p.flushing, p.lastFlush, body = true, p.now(), p.view.render()
		p.pending.Add(1)
	}
	p.mu.Unlock()
	if due {
		p.spawn(func() {
			defer p.pending.Done()
			p.edit(body)
			p.mu.Lock()
			p.flushing = false
			p.mu.Unlock()
		})
	}
}

// Disclose writes who will receive the session's material into the comment, and waits for
// the edit: the engine calls no model before it returns, and a comment that cannot carry the
// disclosure stops the session with nothing spent.
func (p *progress) Disclose(ctx context.Context, d engine.Disclosure) error {
	p.pending.Wait()
	p.mu.Lock()
	p.view.disclosure = &d
	body := p.view.render()
	p.lastFlush = p.now()
	p.mu.Unlock()
	return p.editor.EditComment(context.WithoutCancel(ctx), p.repo, p.id, body)
}

var _ engine.Discloser = (*progress)(nil)

// finish records the session's final state and writes it, after any edit in flight, so the
// last write always wins.
func (p *progress) finish(ctx context.Context, state State, result resultView) error {
	p.pending.Wait()
	p.mu.Lock()
	p.view.state, p.view.result = state, result
	body := p.view.render()
	p.mu.Unlock()
	return p.editor.EditComment(context.WithoutCancel(ctx), p.repo, p.id, body)
}

func (p *progress) edit(body string) {
	if err := p.editor.EditComment(context.Background(), p.repo, p.id, body); err != nil {
		p.warn(err)
	}
}

// Body renders the comment as it stands, for the first write.
func (p *progress) Body() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view.render()
}
