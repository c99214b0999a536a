package thread

import (
	"context"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
)

// Editor replaces the body of a comment of the thread's repository.
type Editor interface {
	// EditComment replaces comment id's body; an error is logged, never fatal: the session
	// goes on and the next edit carries the latest state.
	EditComment(ctx context.Context, id int64, body string) error
}

// Progress is the engine sink behind one progress comment. It folds events into a view
// (phase, one row per call) and edits the comment in place at most once per throttle
// interval of the injected clock, so a panel of parallel calls costs a few edits, not one
// per event. Events carry no model text, and neither does the comment.
type Progress struct {
	editor   Editor
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

var _ events.Sink = (*Progress)(nil)

// NewProgress follows comment id, starting from state; warn is told of an edit that failed
// (nil: nobody).
func NewProgress(editor Editor, id int64, state State, now func() time.Time, throttle time.Duration, warn func(error)) *Progress {
	if warn == nil {
		warn = func(error) {}
	}
	p := &Progress{editor: editor, id: id, now: now, throttle: throttle,
		spawn: func(f func()) { go f() }, warn: warn}
	p.view.state = state
	p.lastFlush = now() // the comment was just written with this state
	return p
}

// Emit folds one event into the view and edits the comment if the last edit is old enough
// and none is in flight.
func (p *Progress) Emit(ev events.Event) {
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
func (p *Progress) Disclose(ctx context.Context, d engine.Disclosure) error {
	p.pending.Wait()
	p.mu.Lock()
	p.view.disclosure = &d
	body := p.view.render()
	p.lastFlush = p.now()
	p.mu.Unlock()
	return p.editor.EditComment(context.WithoutCancel(ctx), p.id, body)
}

var _ engine.Discloser = (*Progress)(nil)

// Finish records the session's final state and writes it, after any edit in flight, so the
// last write always wins.
func (p *Progress) Finish(ctx context.Context, state State, result Result) error {
	p.pending.Wait()
	p.mu.Lock()
	p.view.state, p.view.result = state, result
	body := p.view.render()
	p.mu.Unlock()
	return p.editor.EditComment(context.WithoutCancel(ctx), p.id, body)
}

func (p *Progress) edit(body string) {
	if err := p.editor.EditComment(context.Background(), p.id, body); err != nil {
		p.warn(err)
	}
}

// Body renders the comment as it stands, for the first write.
func (p *Progress) Body() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.view.render()
}
