package config

import (
	"reflect"

	"github.com/war-room/war-room/engine/provider"
)

// ProviderType is the adapter a profile uses: one of the vendor registry's types.
type ProviderType string

// cliCommand is the agent CLI a cli profile runs.
type cliCommand string

// Agent CLIs.
const (
	commandClaude cliCommand = "claude"
	CommandCodex  cliCommand = "codex"
	commandGemini cliCommand = "gemini"
)

// Permission is a repository permission level, lowest first.
type Permission string

// Permission levels.
const (
	PermissionRead     Permission = "read"
	PermissionTriage   Permission = "triage"
	PermissionWrite    Permission = "write"
	PermissionMaintain Permission = "maintain"
	PermissionAdmin    Permission = "admin"
)

// priorCheck is what to do when earlier decisions on the same topic exist.
type priorCheck string

// Prior-decision check modes.
const (
	priorCheckAsk    priorCheck = "ask"
	PriorCheckInform priorCheck = "inform"
	priorCheckOff    priorCheck = "off"
)

// diversity is how a review lane is kept independent of the change's author.
type diversity string

// Diversity modes.
const (
	diversityCrossFamily  diversity = "cross-family"
	DiversityFreshContext diversity = "fresh-context"
)

// conclusion is a check-run conclusion.
type conclusion string

// Conclusions a refuted review may report.
const (
	conclusionFailure conclusion = "failure"
	ConclusionNeutral conclusion = "neutral"
)

// partialConclusion is the check-run conclusion of a lane that judged only part of the diff.
type partialConclusion string

// The conclusions a partial review may report.
const (
	PartialNeutral partialConclusion = "neutral"
	PartialSuccess partialConclusion = "success"
	PartialFailure partialConclusion = "failure"
)

// effortDowngrade is what a lane does when its model cannot take the effort it asks.
type effortDowngrade string

// The answers to a lane effort its model cannot take.
const (
	EffortRefuse effortDowngrade = "refuse"
	EffortState  effortDowngrade = "state"
)

// LaneFocus is what a review lane looks at first; reviewlane words each one.
type LaneFocus string

// severity is how much a review finding matters, most first.
type severity string

// Severities, as a reviewer's FINDING lines give them.
const (
	severityBlocker severity = "blocker"
	SeverityMajor   severity = "major"
	severityMinor   severity = "minor"
	severityNit     severity = "nit"
)

// enumValues lists the allowed values of every enumerated type the decoder meets, in the
// order error messages show them.
var enumValues = map[reflect.Type][]string{
	reflect.TypeFor[cliCommand]():        {"claude", "codex", "gemini"},
	reflect.TypeFor[Permission]():        {"read", "triage", "write", "maintain", "admin"},
	reflect.TypeFor[priorCheck]():        {"ask", "inform", "off"},
	reflect.TypeFor[diversity]():         {"cross-family", "fresh-context"},
	reflect.TypeFor[conclusion]():        {"failure", "neutral"},
	reflect.TypeFor[partialConclusion](): {"neutral", "success", "failure"},
	reflect.TypeFor[effortDowngrade]():   {"refuse", "state"},
	reflect.TypeFor[severity]():          {"blocker", "major", "minor", "nit"},
	reflect.TypeFor[LaneFocus]():         {"correctness", "docs", "performance", "security", "tests"},
	reflect.TypeFor[provider.Effort]():   {"low", "medium", "high", "xhigh", "max"},
	reflect.TypeFor[provider.Thinking](): {"adaptive", "off"},
}

// allowedValues lists the values an enumerated type takes, or nil when t is not one. Provider
// types are the vendor registry's, read at each call so that a registered vendor is known.
func allowedValues(t reflect.Type) []string {
	if t == reflect.TypeFor[ProviderType]() {
		return provider.Types()
	}
	return enumValues[t]
}

// Rank orders permission levels; an unknown level ranks below read.
func (p Permission) Rank() int {
	for i, v := range enumValues[reflect.TypeFor[Permission]()] {
		if string(p) == v {
			return i + 1
		}
	}
	return 0
}

// AtLeast reports whether p grants at least min; an unknown level on either side is false,
// so that a permission string from GitHub this code does not know never grants access.
func (p Permission) AtLeast(min Permission) bool {
	return p.Rank() > 0 && min.Rank() > 0 && p.Rank() >= min.Rank()
}

// LaneFocuses are the values review.lanes[].focus takes.
func LaneFocuses() []string { return enumValues[reflect.TypeFor[LaneFocus]()] }
