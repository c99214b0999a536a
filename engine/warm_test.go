package engine_test

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// gated holds the first request until released and counts how many arrive meanwhile.
type gated struct {
	first    chan struct{}
	release  chan struct{}
	mu       sync.Mutex
	arrivals int
	during   int // requests that arrived while the first was held
	holding  bool
}

func (g *gated) Complete(ctx context.Context, _ provider.Request) (provider.Response, error) {
	g.mu.Lock()
	g.arrivals++
	n := g.arrivals
	if g.holding {
		g.during++
	}
	if n == 1 {
		g.holding = true
	}
	g.mu.Unlock()
	if n == 1 {
		close(g.first)
		<-g.release
		g.mu.Lock()
		g.holding = false
		g.mu.Unlock()
	}
	return provider.Response{Text: "ok"}, nil
}

// TestParallelCallsWaitForTheFirstToWriteTheSharedPrefix: with cache warm-up on, calls that
// share a large uncached prefix do not reach the vendor until the first one has answered, so
// they can read what it wrote; once it is written, later calls go straight through.
func TestParallelCallsWaitForTheFirstToWriteTheSharedPrefix(t *testing.T) {
	g := &gated{first: make(chan struct{}), release: make(chan struct{})}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: g, CacheWarmup: true}, nil)
	context100k := engine.NamedText{Name: "CONTEXT", Text: strings.Repeat("context ", 2000), Shared: true}
	spec := func(role string) engine.CallSpec {
		return engine.CallSpec{Role: role, Profile: "p", System: "body of " + role,
			Inputs: []engine.NamedText{context100k}, Task: "t"}
	}
	var wg sync.WaitGroup
	call := func(role string, started chan<- struct{}) {
		defer wg.Done()
		if started != nil {
			started <- struct{}{}
		}
		_, err := r.Call(context.Background(), spec(role))
		assert.NoError(t, err)
	}
	wg.Add(1)
	go call("a", nil)
	<-g.first
	started := make(chan struct{}, 2)
	wg.Add(2)
	go call("b", started)
	go call("c", started)
	<-started
	<-started
	// Give the two calls every chance to reach the vendor if nothing held them back.
	for range 1000 {
		runtime.Gosched()
	}
	close(g.release)
	wg.Wait()
	assert.Equal(t, 3, g.arrivals)
	assert.Zero(t, g.during, "no call reached the vendor while the first was writing the prefix")
}

func TestShortPrefixesAreNotHeldBack(t *testing.T) {
	g := &gated{first: make(chan struct{}), release: make(chan struct{})}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: g, CacheWarmup: true}, nil)
	done := make(chan struct{})
	go func() {
		_, err := r.Call(context.Background(), engine.CallSpec{Role: "a", Profile: "p", Task: "t"})
		assert.NoError(t, err)
		close(done)
	}()
	<-g.first
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "b", Profile: "p", Task: "t"})
	require.NoError(t, err, "the second call went through while the first was held")
	close(g.release)
	<-done
	assert.Equal(t, 1, g.during)
}

// streaming answers the first request by saying its answer began and then holding it until
// every other request has arrived: a warm-up that waited for the whole first answer would
// never let them arrive.
type streaming struct {
	began   chan struct{}
	others  chan string
	waitFor int
}

func (s *streaming) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	if req.Role != "a" {
		s.others <- req.Role
		return provider.Response{Text: "ok"}, nil
	}
	req.Began()
	req.Began() // a second report changes nothing
	close(s.began)
	for range s.waitFor {
		select {
		case <-s.others:
		case <-ctx.Done():
			return provider.Response{}, ctx.Err()
		}
	}
	return provider.Response{Text: "ok"}, nil
}

// TestTheWarmUpReleasesTheOthersWhenTheFirstAnswerBegins: with a streaming adapter the
// calls that share the prefix go once the first one's answer has begun, while it is still
// being written, so warming a stage costs a first token rather than a whole answer.
func TestTheWarmUpReleasesTheOthersWhenTheFirstAnswerBegins(t *testing.T) {
	s := &streaming{began: make(chan struct{}), others: make(chan string), waitFor: 2}
	r := profileRun(t, &engine.Profile{Name: "p", Family: "f", Provider: s, CacheWarmup: true}, nil)
	shared := engine.NamedText{Name: "CONTEXT", Text: strings.Repeat("context ", 2000), Shared: true}
	spec := func(role string) engine.CallSpec {
		return engine.CallSpec{Role: role, Profile: "p", System: "body of " + role,
			Inputs: []engine.NamedText{shared}, Task: "t"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a hang fails, not a slow machine
	defer cancel()
	var wg sync.WaitGroup
	for _, role := range []string{"b", "c"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-s.began
			_, err := r.Call(ctx, spec(role))
			assert.NoError(t, err)
		}()
	}
	_, err := r.Call(ctx, spec("a"))
	require.NoError(t, err, "the first answer finished only because the others reached the vendor while it streamed")
	wg.Wait()
}
