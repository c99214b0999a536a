package githubfake

import (
	"maps"
	"net/http"
	"net/http/httptest"
)

// beforeCall is a test's action to take when a call first arrives (or, after, once it is
// answered but before the answer is sent).
type beforeCall struct {
	match string
	fn    func()
	done  bool
	after bool
}

// BeforeCall runs fn once, when the first call that match names (as a Fault's Match) arrives,
// before that call is answered and outside the fake's lock, so fn may change the fake (push a
// commit) at a point the client under test cannot race: everything that client asked before
// was answered from the state before fn, the call itself and all after from the state after.
// A BeforeCall never triggered by the end of the test fails it.
func (f *Fake) BeforeCall(match string, fn func()) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.before = append(f.before, &beforeCall{match: match, fn: fn})
}

// AfterCall runs fn once, when the first call that match names has been handled but before
// its answer is sent: the client reads that answer only once fn is done, so what it asks next
// sees the state fn left.
func (f *Fake) AfterCall(match string, fn func()) {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.before = append(f.before, &beforeCall{match: match, fn: fn, after: true})
}

// hooks takes the hooks c triggers, before or after it is handled.
func (f *Fake) hooks(c Call, after bool) []func() {
	f.mu.Lock()
	defer f.mu.Unlock()
	var run []func()
	for _, b := range f.before {
		if !b.done && b.after == after && matches(b.match, c) {
			b.done = true
			run = append(run, b.fn)
		}
	}
	return run
}

func (f *Fake) runBefore(c Call) {
	for _, fn := range f.hooks(c, false) {
		fn()
	}
}

// dispatchThen handles c into a buffer, runs the after-hooks it triggers, and only then sends
// the buffered answer.
func (f *Fake) dispatchThen(w http.ResponseWriter, r *http.Request, body []byte, c *Call, actor *user) {
	after := f.hooks(*c, true)
	if len(after) == 0 {
		f.dispatch(w, r, body, c, actor)
		return
	}
	rec := httptest.NewRecorder()
	f.dispatch(rec, r, body, c, actor)
	for _, fn := range after {
		fn()
	}
	maps.Copy(w.Header(), rec.Header())
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}
