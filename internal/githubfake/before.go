package githubfake

// beforeCall is a test's action to take when a call first arrives.
type beforeCall struct {
	match string
	fn    func()
	done  bool
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

func (f *Fake) runBefore(c Call) {
	f.mu.Lock()
	var run []func()
	for _, b := range f.before {
		if !b.done && matches(b.match, c) {
			b.done = true
			run = append(run, b.fn)
		}
	}
	f.mu.Unlock()
	for _, fn := range run {
		fn()
	}
}
