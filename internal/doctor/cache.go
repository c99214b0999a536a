package doctor

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// cachePrefix is a prefix long enough to be cached on every Claude model (the largest minimum
// is 4096 tokens): about 24 KB of a fixed text, the same bytes on every run.
var cachePrefix = strings.Repeat("This text is the same on every call so that the prompt cache can keep it. ", 320) + "\n\n"

// cached reports whether the profile is probed for prompt caching: where caching is asked for
// explicitly (Anthropic's cache_control breakpoints), whether it works is worth two calls.
func cached(p *engine.Profile) bool {
	v, _ := provider.Lookup(p.Type)
	return v.ExplicitCache
}

// cache settles Anthropic's prompt cache: the first call carried a marked prefix; a second,
// identical call must read it back. A first call that already read it (a recent probe wrote
// it) settles it alone.
func (pr *prober) cache(ctx context.Context) Check {
	if !cached(pr.p) {
		return Check{Name: checkCache, Status: na}
	}
	if n := pr.first.Usage.CacheReadTokens; n > 0 {
		return Check{Name: checkCache, Status: OK, Detail: fmt.Sprintf("read %d tokens", n)}
	}
	resp, err := pr.call(ctx, pr.req)
	if err != nil {
		return Check{Name: checkCache, Status: unknown, Detail: "second call failed: " + short(err)}
	}
	if resp.Usage.CacheReadTokens > 0 {
		return Check{Name: checkCache, Status: OK, Detail: fmt.Sprintf("read %d tokens", resp.Usage.CacheReadTokens)}
	}
	return Check{Name: checkCache, Status: failed,
		Detail: fmt.Sprintf("nothing read back (wrote %d tokens)", resp.Usage.CacheWriteTokens),
		Fix:    "providers." + pr.p.Name + ".cache_warmup: false (no call waits for a cache that never hits)"}
}

// local reports whether the profile's adapter runs on this machine (a script or an agent CLI),
// where war-room checks no context size.
func local(p *engine.Profile) bool {
	v, _ := provider.Lookup(p.Type)
	return v.Local
}

// context reports the context size war-room checks prompts against: asked of a local server
// now that the answer has loaded its model, else the configured or documented one.
func (pr *prober) context(ctx context.Context) Check {
	fix := "set providers." + pr.p.Name + ".context_tokens to the model's context size"
	if s, ok := pr.p.Provider.(contextSizer); ok {
		if n, src := s.ContextSize(ctx); n > 0 {
			c := Check{Name: checkContext, Status: OK, Detail: fmt.Sprintf("%d tokens (%s)", n, src)}
			if pr.p.ContextTokens > n {
				c.Status, c.Fix = failed, fmt.Sprintf("set providers.%s.context_tokens to %d: the server gives %d, not %d", pr.p.Name, n, n, pr.p.ContextTokens)
			}
			return c
		}
		if pr.p.ContextTokens == 0 {
			return Check{Name: checkContext, Status: unknown, Detail: "the server does not say", Fix: fix}
		}
	}
	switch {
	case pr.p.ContextTokens > 0:
		return Check{Name: checkContext, Status: OK, Detail: fmt.Sprintf("%d tokens", pr.p.ContextTokens)}
	case local(pr.p):
		return Check{Name: checkContext, Status: na}
	}
	return Check{Name: checkContext, Status: unknown, Detail: "not known", Fix: fix}
}
