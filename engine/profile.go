package engine

import (
	"fmt"
	"sort"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// DefaultMaxAttempts is how many requests one call may make when the profile sets none.
const DefaultMaxAttempts = 3

// Profile is a resolved provider profile: a configured model on a configured endpoint, with
// the family independence is judged by and what the model accepts. Every field is resolved:
// whoever builds a Profile applies configuration and the vendors' documented defaults first.
type Profile struct {
	Name string
	// Type is the adapter: anthropic, openai, cli or script.
	Type   string
	Model  string
	Family string
	// Endpoint is where requests go, as a reader should see it in the disclosure: the host of
	// the vendor's API or of a local server, or the local program a cli profile runs.
	Endpoint string
	// MaxConcurrency caps calls in flight on this profile (0: unlimited).
	MaxConcurrency int
	// PriceInPerMTok and PriceOutPerMTok are USD per million tokens; zero means unpriced.
	PriceInPerMTok  float64
	PriceOutPerMTok float64
	// PriceCacheReadPerMTok and PriceCacheWritePerMTok price cached input; zero prices it as
	// ordinary input.
	PriceCacheReadPerMTok  float64
	PriceCacheWritePerMTok float64
	// Settings says where the model's defaults came from (war-room's model catalog, and
	// which entry), empty when the catalog does not know it; SettingsInferred says the model
	// is unknown and its line's nearest known version gave them.
	Settings         string
	SettingsInferred bool
	// EffortLevels are the efforts the model accepts; empty means no effort is ever sent.
	EffortLevels []provider.Effort
	// Thinking is sent with every call (empty: off).
	Thinking provider.Thinking
	// MaxTokens is the output budget of a call: a call that asks for none, or more, gets this
	// (0: the adapter's default).
	MaxTokens int
	// MaxOutputTokens is the output budget of the one retry a truncated answer gets; a value
	// not above the first attempt's budget means a truncated answer is not retried.
	MaxOutputTokens int
	// ContextTokens is the model's context window; a prompt estimated not to fit is refused
	// before any request (0: unknown, not checked).
	ContextTokens int
	// Timeout bounds one call, all its attempts and waits included (0: only the caller's
	// context and the protocol's own limit).
	Timeout time.Duration
	// TimeoutDefault says Timeout is the default, not the profile's own setting: a call with
	// a limit of its own (CallSpec.Timeout) then keeps that limit, longer or not.
	TimeoutDefault bool
	// MaxAttempts bounds the requests one call makes (0: DefaultMaxAttempts).
	MaxAttempts int
	// CacheWarmup makes calls that share a prefix not yet cached wait for the first of them to
	// write it, so that parallel calls read the cache instead of each writing it.
	CacheWarmup bool
	Provider    provider.Provider
}

// Cost prices usage; ok is false when the profile is unpriced.
func (p *Profile) Cost(u provider.Usage) (usd float64, ok bool) {
	if p.PriceInPerMTok == 0 && p.PriceOutPerMTok == 0 {
		return 0, false
	}
	read, write := orPrice(p.PriceCacheReadPerMTok, p.PriceInPerMTok), orPrice(p.PriceCacheWritePerMTok, p.PriceInPerMTok)
	sum := float64(u.InputTokens)*p.PriceInPerMTok + float64(u.CacheReadTokens)*read +
		float64(u.CacheWriteTokens)*write + float64(u.OutputTokens)*p.PriceOutPerMTok
	return sum / 1e6, true
}

func orPrice(v, fallback float64) float64 {
	if v > 0 {
		return v
	}
	return fallback
}

// EffortFor is the level a call asking for effort sends on this profile: the highest level
// the model accepts at or below the ask (see provider.MapEffort), "" when nothing is asked or
// the model takes no effort.
func (p *Profile) EffortFor(asked provider.Effort) provider.Effort {
	return provider.MapEffort(asked, p.EffortLevels)
}

// attempts is the request bound of one call.
func (p *Profile) attempts() int {
	if p.MaxAttempts > 0 {
		return p.MaxAttempts
	}
	return DefaultMaxAttempts
}

// tokensFor is a call's first output budget: the call's own ask, capped by the profile's.
func (p *Profile) tokensFor(asked int) int {
	if p.MaxTokens > 0 && (asked <= 0 || asked > p.MaxTokens) {
		return p.MaxTokens
	}
	return asked
}

// retryTokens is the budget for the retry of a truncated answer asked with budget, or 0 when
// the profile allows none larger.
func (p *Profile) retryTokens(budget int) int {
	top := max(p.MaxOutputTokens, p.MaxTokens)
	if budget <= 0 || top <= budget {
		return 0
	}
	return top
}

// Profiles is the set of profiles a run may call, by name.
type Profiles map[string]*Profile

// Get returns the named profile or an error naming the ones that exist.
func (ps Profiles) Get(name string) (*Profile, error) {
	if p, ok := ps[name]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("unknown provider profile %q (have: %v)", name, ps.Names())
}

// Names returns profile names sorted.
func (ps Profiles) Names() []string {
	names := make([]string, 0, len(ps))
	for n := range ps {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// DefaultPool is the profiles a protocol may draw from when the configuration names none:
// every profile that is not scripted, sorted, or every profile when all are scripted (a test
// configuration).
func (ps Profiles) DefaultPool() []string {
	var real []string
	for _, n := range ps.Names() {
		if ps[n].Type != provider.TypeScript {
			real = append(real, n)
		}
	}
	if len(real) == 0 {
		return ps.Names()
	}
	return real
}

// EffortSent is the level a call that asks for effort on the named profile sends, for plans,
// records and dry runs that show what a model is really asked; an unknown profile shows the ask.
func (ps Profiles) EffortSent(profile string, asked provider.Effort) provider.Effort {
	if p, ok := ps[profile]; ok {
		return p.EffortFor(asked)
	}
	return asked
}
