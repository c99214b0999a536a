package engine

import (
	"context"
	"slices"
	"sync"
)

// cacheMinBytes is the shortest prefix worth marking or warming: vendors cache nothing under
// about a thousand tokens (Anthropic's smallest minimum, more on some models; OpenAI's
// automatic caching starts there too), so a shorter prefix is never marked (assemble) and
// never waited for.
const cacheMinBytes = 4 << 10

// warmGate holds back calls whose cacheable prefix is being written by another call of the
// session. A prompt cache entry becomes readable only once the answer of the request that
// writes it has begun, so parallel calls that share a prefix would each pay to write it;
// instead the first goes alone and the others follow it and read. A streaming adapter says
// when the first answer began (provider.Request.Began), and the others go at that moment, so
// warming a stage costs one first token; an adapter that does not stream holds them until it
// has answered. The zero value is ready to use.
type warmGate struct {
	mu      sync.Mutex
	written map[string]bool
	pending map[string]chan struct{}
}

// enter lets a call with prefix key through once no other call is writing that prefix. The
// returned func reports the call's outcome: true when its request reached the model (so the
// prefix is written), false to let the next caller write it. An empty key passes at once.
func (g *warmGate) enter(ctx context.Context, key string) (done func(written bool), err error) {
	noop := func(bool) {}
	if key == "" {
		return noop, nil
	}
	for {
		g.mu.Lock()
		if g.written[key] {
			g.mu.Unlock()
			return noop, nil
		}
		ch, busy := g.pending[key]
		if !busy {
			if g.pending == nil {
				g.pending, g.written = map[string]chan struct{}{}, map[string]bool{}
			}
			ch = make(chan struct{})
			g.pending[key] = ch
			g.mu.Unlock()
			return g.leave(key, ch), nil
		}
		g.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return noop, ctx.Err()
		}
	}
}

func (g *warmGate) leave(key string, ch chan struct{}) func(bool) {
	return func(written bool) {
		g.mu.Lock()
		defer g.mu.Unlock()
		delete(g.pending, key)
		if written {
			g.written[key] = true
		}
		close(ch)
	}
}

// warmKey is the call's gate key: its profile and its longest shared prefix, or "" when the
// profile does not warm or the prefix is too short to be cached.
func (c *call) warmKey() string {
	if !c.p.CacheWarmup || len(c.pr.breaks) == 0 {
		return ""
	}
	end := c.pr.breaks[len(c.pr.breaks)-1]
	if end < cacheMinBytes {
		return ""
	}
	return c.p.Name + "\x00" + c.pr.digest(end)
}

// cacheMarks are the prefixes the run's calls have marked for caching, by profile. A vendor
// reads a cached prefix only where the request marks the same place (a block boundary), so a
// call whose prompt begins with a prefix an earlier call on its profile marked marks it too:
// that reads the entry rather than writing one, whatever the call's own CacheUpTo asked.
// The zero value is ready to use.
type cacheMarks struct {
	mu      sync.Mutex
	written map[string][]mark
}

// mark is one marked prefix: its length in user-text bytes and its digest (system text
// included, as prompt.digest gives it).
type mark struct {
	at     int
	digest string
}

// settle adds to pr's breaks the prefixes earlier calls on profile marked that pr begins
// with, and notes pr's breaks as marked.
func (m *cacheMarks) settle(profile string, pr *prompt) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.written == nil {
		m.written = map[string][]mark{}
	}
	had := m.written[profile]
	keep := slices.Clone(pr.breaks)
	for _, w := range had {
		if w.at <= len(pr.user) && !slices.Contains(keep, w.at) && pr.digest(w.at) == w.digest {
			keep = append(keep, w.at)
		}
	}
	slices.Sort(keep)
	for _, b := range pr.breaks {
		d := pr.digest(b)
		if !slices.ContainsFunc(had, func(w mark) bool { return w.at == b && w.digest == d }) {
			m.written[profile] = append(m.written[profile], mark{at: b, digest: d})
		}
	}
	pr.breaks = keep
}
