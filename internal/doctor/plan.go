package doctor

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Plan says, for --dry-run, what Run would call on each profile, without calling anything.
func Plan(ps engine.Profiles) string {
	var b strings.Builder
	for _, name := range ps.Names() {
		p := ps[name]
		req := firstRequest(p)
		fmt.Fprintf(&b, "%s (%s, model %s, family %s):\n", p.Name, p.Type, orDash(p.Model), orDash(p.Family))
		var sends []string
		if req.Effort != "" {
			sends = append(sends, "effort "+string(req.Effort))
		}
		if req.Thinking == provider.ThinkingAdaptive {
			sends = append(sends, "adaptive thinking")
		}
		if len(req.CacheBreaks) > 0 {
			sends = append(sends, fmt.Sprintf("a %d KB cacheable prefix", len(cachePrefix)/1024))
		}
		with := ""
		if len(sends) > 0 {
			with = " with " + strings.Join(sends, ", ")
		}
		fmt.Fprintf(&b, "  1. a one-word answer%s (max_tokens %d); if the vendor rejects the effort or the thinking, once more without it\n", with, req.MaxTokens)
		if cached(p) {
			b.WriteString("  2. the same request again, to see the prefix read from the cache\n")
		}
		if _, ok := p.Provider.(contextSizer); ok {
			b.WriteString("  then ask the server for the model's context size\n")
		}
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}
