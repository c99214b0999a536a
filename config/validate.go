package config

import (
	"regexp"
	"strings"

	"github.com/war-room/war-room/engine"
)

// validator checks what the decoder cannot: required keys, ranges, keys that do not apply to
// a profile's type, files that must exist, and references between sections.
type validator struct {
	cfg *Config
	c   *collector
}

func (cfg *Config) validate(c *collector) {
	v := &validator{cfg: cfg, c: c}
	v.version()
	v.providers()
	v.github()
	v.review()
	if _, err := engine.ParseBaseline(cfg.Baseline.Calls); err != nil {
		v.errf("baseline.calls", "%v", err)
	}
	v.checkSections(false)
	if len(cfg.Providers) > 0 { // with none, DetectProviders checks references later
		v.refs()
	}
}

// has reports whether the file set path.
func (v *validator) has(path string) bool { return v.cfg.Set(path) }

// Set reports whether the file set the key at path (such as "providers.claude.max_tokens"),
// for builders whose default depends on other settings. A detected configuration sets none.
func (cfg *Config) Set(path string) bool {
	_, ok := cfg.pos[path]
	return ok
}

// at is where path's value sat, or its nearest enclosing key that the file set.
func (v *validator) at(path string) position {
	for {
		if p, ok := v.cfg.pos[path]; ok {
			return p
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			return v.cfg.pos[""]
		}
		path = path[:i]
	}
}

func (v *validator) errf(path, format string, args ...any) {
	v.c.add(v.at(path), path, format, args...)
}

// missing reports a required key absent from the mapping at path.
func (v *validator) missing(path, key string) {
	if v.cfg.failed[path] || v.cfg.failed[join(path, key)] {
		return
	}
	v.c.add(v.at(path), path, "missing required key %q", key)
}

func (v *validator) version() {
	switch {
	case !v.has("version"):
		v.missing("", "version")
		v.c.errs[len(v.c.errs)-1].Msg += " (this format is version 1)"
	case v.cfg.Version != CurrentVersion:
		v.errf("version", "unsupported version %d (this war-room reads version %d)", v.cfg.Version, CurrentVersion)
	}
}

var (
	namePattern   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	familyPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_.-]*$`)
	envPattern    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	slugPattern   = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)
)

// family checks a model family name: lowercase, so that equal families compare equal and
// "Anthropic" can never pass for a second, independent vendor.
func (v *validator) family(path, f string) {
	if !familyPattern.MatchString(f) {
		v.errf(path, "%q is not a family name: use lowercase letters, digits, '-', '_' or '.' (e.g. anthropic, openai, google)", f)
	}
}

// positive reports a zero where zero makes no sense.
func (v *validator) positive(path string, isZero bool) {
	if isZero {
		v.errf(path, "must be greater than zero")
	}
}
