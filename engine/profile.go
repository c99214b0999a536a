package engine

import (
	"fmt"
	"sort"

	"github.com/war-room/war-room/engine/provider"
)

// Profile is a resolved provider profile: a configured model on a configured endpoint, with
// the family independence is judged by.
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
	Provider        provider.Provider
}

// Cost prices usage; ok is false when the profile is unpriced.
func (p *Profile) Cost(u provider.Usage) (usd float64, ok bool) {
	if p.PriceInPerMTok == 0 && p.PriceOutPerMTok == 0 {
		return 0, false
	}
	in := float64(u.InputTokens + u.CacheReadTokens + u.CacheWriteTokens)
	return (in*p.PriceInPerMTok + float64(u.OutputTokens)*p.PriceOutPerMTok) / 1e6, true
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
		if ps[n].Type != "script" {
			real = append(real, n)
		}
	}
	if len(real) == 0 {
		return ps.Names()
	}
	return real
}
