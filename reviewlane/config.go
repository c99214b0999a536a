package reviewlane

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

// OptionsFromConfig turns the review section of the configuration into BuildOptions for
// evidenceDir. profileNames, when given (the CLI's --lane flags), replaces review.lanes with
// one lane per profile, named after it.
func OptionsFromConfig(cfg *config.Config, profiles engine.Profiles, evidenceDir string, profileNames []string) (BuildOptions, error) {
	r := cfg.Review
	o := BuildOptions{EvidenceDir: evidenceDir, Diversity: string(r.Diversity), MaxDiffBytes: r.MaxDiffBytes,
		Paths: pathFilter{Include: r.Paths.Include, Exclude: r.Paths.Exclude}, ContractPath: r.ContractPath,
		AuthorFamilies: r.AuthorFamilies, CoauthorFamilies: r.CoauthorFamilies}
	lanes := r.Lanes
	if len(profileNames) > 0 {
		lanes = nil
		for _, p := range profileNames {
			lanes = append(lanes, config.Lane{Name: laneName(p), Profile: p})
		}
	}
	if len(lanes) == 0 {
		return o, fmt.Errorf("no review lanes: configure review.lanes in %s or pass --lane PROFILE", cfg.Source)
	}
	for _, l := range lanes {
		p, err := profiles.Get(l.Profile)
		if err != nil {
			return o, fmt.Errorf("review lane %s: %w", l.Name, err)
		}
		o.Lanes = append(o.Lanes, laneSpec{Name: l.Name, Profile: l.Profile, Family: p.Family, Model: p.Model, Effort: l.Effort,
			Focus: string(l.Focus), FocusFile: l.FocusFile, EffortDowngrade: string(r.EffortDowngrade)})
	}
	return o, nil
}

var notSlug = regexp.MustCompile(`[^a-z0-9_-]+`)

// laneName makes a lane name (a lowercase slug) from a profile name.
func laneName(profile string) string {
	s := strings.Trim(notSlug.ReplaceAllString(strings.ToLower(profile), "-"), "-_")
	if s == "" {
		return "lane"
	}
	return s
}

// LimitsFromConfig returns each provider profile's timeout and max_tokens, for Dispatcher.
func LimitsFromConfig(cfg *config.Config) map[string]Limits {
	out := map[string]Limits{}
	for name, p := range cfg.Providers {
		out[name] = Limits{Timeout: p.Timeout, MaxTokens: p.MaxTokens}
	}
	return out
}

// Limits bound one profile's reviewer call.
type Limits struct {
	// Timeout bounds the whole call, all its attempts included (0: only the profile's timeout).
	Timeout   time.Duration
	MaxTokens int
}
